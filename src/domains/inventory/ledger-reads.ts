/** Reading the ledger: balances, one movement, and the newest-first movement feed. */
import type { Kysely } from 'kysely';
import { invalidField, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { isoWithoutOffset } from '../../storage/codecs.ts';
import { scaledToNumber } from '../../storage/decimal.ts';
import type { Database } from '../../storage/schema.ts';
import { countMovements, findMovement, linesOf, listBalances, pageOfMovements } from './ledger-queries.ts';
import type { BalanceRow, LineRow } from './ledger-queries.ts';
import { movementView } from './ledger-service.ts';
import { QTY_SCALE } from './products.ts';
import type { Movement, MovementListQuery, MovementPage, StockBalance, StockQuery } from './schemas.ts';

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

export async function stockPage(db: Kysely<Database>, orgId: string, query: StockQuery): Promise<Page<StockBalance>> {
  const { rows, total } = await listBalances(db, orgId, { warehouseId: query.warehouse_id, itemId: query.item_id }, query.limit, query.offset);
  return { items: rows.map(balanceView), total, limit: query.limit, offset: query.offset };
}

export async function getMovement(db: Kysely<Database>, orgId: string, id: string): Promise<Movement> {
  const row = await findMovement(db, orgId, id);
  if (!row) throw notFound('movement');
  return movementView(row, await linesOf(db, orgId, [row.id]));
}

const CURSOR_PREFIX = 'm1:';

/** The cursor is opaque to clients: the position (seq) of the last movement of the page. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^m1:(\d{1,15})$/.exec(text);
  if (!match || encodeCursor(Number(match[1])) !== cursor) throw invalidField('cursor', 'is not a next_cursor this API returned');
  return Number(match[1]);
}

export async function movementPage(db: Kysely<Database>, orgId: string, query: MovementListQuery): Promise<MovementPage> {
  const before = query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(query.cursor);
  const filter = { warehouseId: query.warehouse_id, itemId: query.item_id, kind: query.kind };
  const [rows, total] = await Promise.all([pageOfMovements(db, orgId, filter, before, query.limit + 1), countMovements(db, orgId, filter)]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const lines = await linesOf(db, orgId, page.map((m) => m.id));
  const byMovement = new Map<string, LineRow[]>();
  for (const line of lines) {
    const list = byMovement.get(line.movement_id) ?? [];
    list.push(line);
    byMovement.set(line.movement_id, list);
  }
  return {
    items: page.map((m) => movementView(m, byMovement.get(m.id) ?? [])),
    total,
    limit: query.limit,
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
  };
}
