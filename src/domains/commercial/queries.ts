/** The commercial domain's only SQL. Every function takes orgId: a query never reaches another tenant's rows. */
import { isoWithOffset, readJson } from '../../storage/codecs.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import { READY_FOR_PRODUCTION } from './schemas.ts';


const order = fieldsOf<'commercial_orders'>();

/** Commercial orders; the version is kept for the record's ETag and the won chain's update, never shown. */
export const commercialOrders = defineResource({
  table: 'commercial_orders',
  counted: { filters: ['status'] },
  noun: 'commercial order',
  fields: {
    id: 'id',
    version: 'version',
    deal_id: 'deal_id',
    client_id: 'client_id',
    title: 'title',
    status: 'status',
    currency: 'currency',
    items: order.via('items', (value) => readJson<Array<{ name: string; qty: number; price: number }>>(value)),
    production_order_id: 'production_order_id',
    approved_at: order.via('approved_at', (value) => isoWithOffset(value)),
    created_at: order.via('created_at', (value) => isoWithOffset(value)),
  },
  filters: { deal_id: 'deal_id', client_id: 'client_id', status: 'status' },
  archivedColumn: 'is_archived',
});

/** A deal's non-archived orders in confirmed or approved without a production order, oldest first. */
export function ordersAwaitingProduction(db: Db, orgId: string, dealId: string): Promise<Array<{ id: string; title: string; client_id: string | null; items: unknown }>> {
  return db
    .selectFrom('commercial_orders')
    .select(['id', 'title', 'client_id', 'items'])
    .where('org_id', '=', orgId)
    .where('deal_id', '=', dealId)
    .where('status', 'in', [...READY_FOR_PRODUCTION])
    .where('production_order_id', 'is', null)
    .where('is_archived', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
