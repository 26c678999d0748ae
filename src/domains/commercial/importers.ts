/**
 * Import collection commercialOrders (after deals, clients and productionOrders). Records carry
 * the API's output field names; deal, client and production order must be the organization's,
 * and a problem names `commercialOrders[<i>].<field>` and rejects the whole file.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { invalidField } from '../../http/errors.ts';
import { DateTime, Name, Nullable, NullableText, RefId, StringEnum } from '../../http/schemas.ts';
import type { Tx } from '../../storage/storage.ts';
import { getClient } from '../crm/clients.ts';
import { getDeal } from '../crm/deals.ts';
import { productionOrderExists } from '../production/orders.ts';
import { recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createCommercialOrder } from './orders.ts';
import { COMMERCIAL_STATUSES } from './schemas.ts';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);

const OrderRecord = Type.Object({
  id: Opt(RefId()),
  deal_id: Opt(NullableText({ maxLength: 200, description: 'a deal id; null or "" for a standalone order' })),
  client_id: Opt(Nullable(RefId())),
  title: Name(500),
  status: Opt(StringEnum(COMMERCIAL_STATUSES)),
  currency: Opt(Type.String({ pattern: '^[A-Z]{3}$' })),
  items: Type.Array(Type.Object({ name: Name(500), qty: Type.Number({ exclusiveMinimum: 0 }), price: Type.Number({ minimum: 0 }) }, { additionalProperties: false }), { maxItems: 1000 }),
  production_order_id: Opt(Nullable(RefId())),
  approved_at: Opt(Nullable(DateTime())),
  created_at: Opt(DateTime()),
  is_archived: Opt(Type.Boolean()),
}, { additionalProperties: false });
type OrderRecord = Static<typeof OrderRecord>;

/** The deal and client are the organization's and agree; a deal's order without client_id takes the deal's client. */
async function checkedLinks(tx: Tx, ctx: ImportContext, r: OrderRecord): Promise<OrderRecord> {
  const actor = { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
  let clientId = r.client_id || null;
  if (clientId !== null && !(await getClient(tx.db, actor, clientId).catch(() => undefined))) throw invalidField('client_id', 'is not a client of this organization');
  const dealId = r.deal_id || null;
  if (dealId !== null) {
    const deal = await getDeal(tx.db, actor, dealId).catch(() => undefined);
    if (!deal) throw invalidField('deal_id', 'is not a deal of this organization');
    if (clientId !== null && deal.client_id !== null && deal.client_id !== clientId) throw invalidField('deal_id', 'is a deal of another client than client_id');
    clientId ??= deal.client_id;
  }
  const productionOrderId = r.production_order_id || null;
  if (productionOrderId !== null && !(await productionOrderExists(tx.db, ctx.org.id, productionOrderId))) {
    throw invalidField('production_order_id', 'is not a production order of this organization');
  }
  return { ...r, deal_id: dealId, client_id: clientId, production_order_id: productionOrderId };
}

export const commercialImporters: Importer[] = [
  recordImporter('commercialOrders', OrderRecord, async (tx, ctx, record) => {
    await createCommercialOrder(tx, { orgId: ctx.org.id, orgCurrency: ctx.org.currency }, await checkedLinks(tx, ctx, record));
  }),
];
