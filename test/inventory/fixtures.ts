import type { LightMyRequestResponse } from 'fastify';
import { importData } from '../../src/import.ts';
import { newId } from '../../src/storage/ids.ts';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export interface ErrorBody {
  error: string;
  message: string;
  details: { error: string; fields?: Array<{ field: string; message: string }>; [key: string]: unknown };
}

export interface MovementBody {
  id: string;
  kind: string;
  date: string;
  from_warehouse_id: string | null;
  to_warehouse_id: string | null;
  reason: string | null;
  reference_type: string | null;
  reference_id: string | null;
  created_by_user_id: string;
  lines: Array<{ id: string; item_id: string; qty: string; cost_per_unit: string; cost_currency: string; batch_id: string | null; serial_numbers: string[] | null; notes: string | null }>;
}

/** A page of GET /movements. */
export interface MovementPageBody {
  items: MovementBody[];
  total: number;
  next_cursor: string | null;
}

export interface BalanceBody {
  id: string;
  warehouseId: string;
  itemId: string;
  onHand: number;
  reserved: number;
  available: number;
  lastMovementAt: string | null;
  version: number;
}

export interface Stocked extends Principal {
  main: string;
  second: string;
  items: string[];
  service: string;
}

/** An organization with its default warehouse, a second one, `count` stocked items and one service item. */
export async function stockedOrg(ctx: TestContext, count = 3, options: { currency?: string } = {}): Promise<Stocked> {
  const p = await createPrincipal(ctx, { currency: options.currency });
  const main = (await ctx.storage.db.selectFrom('warehouses').select('id').where('org_id', '=', p.orgId).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
  const second = newId();
  const items = Array.from({ length: count }, () => newId());
  const service = newId();
  await importData(ctx.storage, p.slug, {
    warehouses: [{ id: second, name: 'Second', code: 'W2' }],
    products: [
      ...items.map((id, i) => ({ id, name: `Item ${i}`, sku: `SKU-${i}`, cost_per_unit: 2.5 })),
      { id: service, name: 'Installation', item_type: 'service' },
    ],
  });
  return { ...p, main, second, items, service };
}

export function post(ctx: TestContext, token: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return api(ctx, token, 'POST', '/movements', { body, headers });
}

export async function balances(ctx: TestContext, token: string, query: Record<string, string> = {}): Promise<BalanceBody[]> {
  return json<{ items: BalanceBody[] }>(await api(ctx, token, 'GET', '/stock', { query: { limit: '200', ...query } })).items;
}

export async function onHand(ctx: TestContext, token: string, warehouseId: string, itemId: string): Promise<number | undefined> {
  return (await balances(ctx, token, { warehouse_id: warehouseId, item_id: itemId }))[0]?.onHand;
}
