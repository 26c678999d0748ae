/** Answers and queries of the commercial order endpoints; field names exactly as the spec writes them (snake_case). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery } from '../../http/pagination.ts';
import { DateTime, EnumText, Nullable, RefId, StringEnum } from '../../http/schemas.ts';

export const COMMERCIAL_STATUSES = ['draft', 'sent', 'confirmed', 'approved', 'transferred', 'fulfilled'] as const;
export type CommercialStatus = (typeof COMMERCIAL_STATUSES)[number];
/** The statuses in which a won deal's quotation goes to production. */
export const READY_FOR_PRODUCTION: readonly CommercialStatus[] = ['confirmed', 'approved'];

const CommercialOrderItem = Type.Object({ name: Type.String(), qty: Type.Number(), price: Type.Number() });

export const CommercialOrder = named('CommercialOrder', Type.Object({
  id: Type.String(),
  deal_id: Nullable(Type.String({ description: 'null for a standalone order made without a deal' })),
  client_id: Nullable(Type.String()),
  title: Type.String(),
  status: EnumText(COMMERCIAL_STATUSES),
  currency: Type.String(),
  items: Type.Array(CommercialOrderItem),
  production_order_id: Nullable(Type.String({ description: 'the production order made from it when its deal was won' })),
  approved_at: Nullable(DateTime()),
  created_at: DateTime(),
}, {
  description: 'A commercial order (quotation).',
  examples: [{
    id: '0193b1e0-5555-7a10-8f3e-5b2a9c1d4e6f', deal_id: '0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f', client_id: '0193b1e0-6666-7a10-8f3e-5b2a9c1d4e6f',
    title: 'Kitchen set', status: 'confirmed', currency: 'UZS', items: [{ name: 'Cabinet', qty: 4, price: 1250000.5 }], production_order_id: null,
    approved_at: null, created_at: '2025-03-01T09:30:00.000+00:00',
  }],
}));
export type CommercialOrderOut = Static<typeof CommercialOrder>;

export const CommercialOrderListQuery = Type.Object({
  ...PageQuery,
  deal_id: Type.Optional(RefId({ description: 'only this deal\'s orders' })),
  client_id: Type.Optional(RefId({ description: 'only this client\'s orders (standalone ones included)' })),
  status: Type.Optional(StringEnum(COMMERCIAL_STATUSES, { description: 'only orders in this status' })),
}, { additionalProperties: false });
export type CommercialOrderListInput = Static<typeof CommercialOrderListQuery>;

export const CommercialOrderList = ListOf(CommercialOrder, 'CommercialOrderList');
