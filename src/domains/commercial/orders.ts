/** Commercial order (quotation) use cases: read through the API, written by import; a won deal sends them to production. */
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { MONEY_SCALE, QTY_SCALE, toScaled } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CommercialActor } from './actor.ts';
import { commercialOrders } from './queries.ts';
import type { CommercialOrderListInput, CommercialOrderOut, CommercialStatus } from './schemas.ts';


export function listCommercialOrders(db: Db, actor: CommercialActor, query: CommercialOrderListInput): Promise<Page<CommercialOrderOut>> {
  return commercialOrders.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    where: { deal_id: query.deal_id, client_id: query.client_id, status: query.status },
  });
}

/** One order, archived ones too. */
export async function getCommercialOrder(db: Db, actor: CommercialActor, id: string): Promise<CommercialOrderOut & { version: number }> {
  return commercialOrders.get(db, actor.orgId, id);
}

export interface CommercialOrderInput {
  id?: string | undefined;
  /** The caller has checked deal, client and production order belong to the organization. */
  deal_id?: string | null | undefined;
  client_id?: string | null | undefined;
  title: string;
  status?: CommercialStatus | undefined;
  currency?: string | undefined;
  items: ReadonlyArray<{ name: string; qty: number; price: number }>;
  production_order_id?: string | null | undefined;
  approved_at?: string | null | undefined;
  created_at?: string | undefined;
  is_archived?: boolean | undefined;
}

function exact(field: string, value: number, scale: number, positive: boolean): void {
  const scaled = toScaled(value, scale);
  if (!scaled.ok) throw invalidField(field, scaled.problem === 'too_many_fraction_digits' ? `must have at most ${scale} fraction digits` : 'must be a number');
  if (scaled.value < 0 || (positive && scaled.value === 0)) throw invalidField(field, positive ? 'must be more than 0' : 'must be 0 or more');
}

export async function createCommercialOrder(tx: Tx, actor: CommercialActor, input: CommercialOrderInput): Promise<CommercialOrderOut> {
  const title = requiredText('title', input.title);
  const status = input.status ?? 'draft';
  const productionOrderId = input.production_order_id ?? null;
  if (status === 'transferred' && productionOrderId === null) throw invalidField('production_order_id', 'is required for a transferred order');
  const items = input.items.map((item, i) => {
    const name = requiredText(`items.${i}.name`, item.name);
    exact(`items.${i}.qty`, item.qty, QTY_SCALE, true);
    exact(`items.${i}.price`, item.price, MONEY_SCALE, false);
    return { name, qty: item.qty, price: item.price };
  });
  const now = nowIso();
  return commercialOrders.insert(tx.db, {
    org_id: actor.orgId,
    id: input.id ?? newId(),
    version: 1,
    deal_id: input.deal_id ?? null,
    client_id: input.client_id ?? null,
    title,
    status,
    currency: input.currency ?? actor.orgCurrency,
    items: toJson(items),
    production_order_id: productionOrderId,
    approved_at: input.approved_at ? new Date(input.approved_at).toISOString() : null,
    is_archived: input.is_archived ?? false,
    created_at: input.created_at ? new Date(input.created_at).toISOString() : now,
    updated_at: now,
  });
}

/** Records that the order went to production: it now carries the production order and is transferred. */
export async function markTransferred(tx: Tx, orgId: string, id: string, productionOrderId: string): Promise<void> {
  await commercialOrders.update(tx.db, orgId, id, undefined, async () => ({ production_order_id: productionOrderId, status: 'transferred', updated_at: nowIso() }));
}
