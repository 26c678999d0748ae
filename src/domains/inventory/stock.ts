/** Reading stock balances. */
import type { Kysely } from 'kysely';
import type { Page } from '../../http/pagination.ts';
import { isoWithoutOffset } from '../../storage/codecs.ts';
import { QTY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { listFingerprint, pageAndCursor, startOf } from '../../storage/keyset.ts';
import type { Database } from '../../storage/schema.ts';
import type { InventoryActor } from './actor.ts';
import type { StockBalance, StockQuery } from './schemas.ts';
import { listBalances } from './stock.queries.ts';
import type { BalanceRow } from './stock.queries.ts';

export function balanceView(row: BalanceRow): StockBalance {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    itemId: row.item_id,
    onHand: scaledToNumber(row.on_hand, QTY_SCALE),
    reserved: scaledToNumber(row.reserved, QTY_SCALE),
    available: scaledToNumber(row.on_hand - row.reserved, QTY_SCALE),
    lastMovementAt: isoWithoutOffset(row.last_movement_at),
    version: row.version,
  };
}

export async function listStock(db: Kysely<Database>, actor: InventoryActor, query: StockQuery): Promise<Page<StockBalance>> {
  const fingerprint = listFingerprint(['stock_balances', actor.orgId, query.warehouse_id ?? null, query.item_id ?? null]);
  const start = startOf(query, fingerprint, 2);
  const after = start === undefined ? undefined : ([String(start[0]), String(start[1])] as const);
  const { rows, total } = await listBalances(db, actor.orgId, { warehouseId: query.warehouse_id, itemId: query.item_id }, query.limit + 1, after === undefined ? query.offset : 0, after);
  const { page, next } = pageAndCursor(rows, query.limit, fingerprint, (row) => [row.warehouse_id, row.item_id]);
  return { items: page.map(balanceView), total, limit: query.limit, offset: query.offset, next_cursor: next };
}
