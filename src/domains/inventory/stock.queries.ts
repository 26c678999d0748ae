/** SQL of the stock ledger: movements, their lines and the balances they maintain. */
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { defineCollection } from '../../storage/change-counters.ts';
import { preparedRead } from '../../storage/prepared-read.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { StockBalancesTable, StockMovementLinesTable, StockMovementsTable } from './tables.ts';

/** The change counter of the ledger: movements and the balances they and reservations change (GET /stock and /movements). */
export const stockLedger = defineCollection('stock_ledger');
export type BalanceRow = Selectable<StockBalancesTable>;
export type MovementRow = Selectable<StockMovementsTable>;
export type LineRow = Selectable<StockMovementLinesTable>;

/** Reserves `qty` only while that leaves available (on hand − reserved) at zero or above; undefined otherwise. */
export function reserveOnBalance(db: Db, orgId: string, warehouseId: string, itemId: string, qty: number): Promise<BalanceRow | undefined> {
  return db
    .updateTable('stock_balances')
    .set({ reserved: sql<number>`reserved + ${qty}`, version: sql<number>`version + 1` })
    .where('org_id', '=', orgId)
    .where('warehouse_id', '=', warehouseId)
    .where('item_id', '=', itemId)
    .where(sql<boolean>`on_hand - reserved >= ${qty}`)
    .returningAll()
    .executeTakeFirst();
}

/** Releases `qty` of a reservation only while at least that much is reserved; undefined otherwise. */
export function releaseOnBalance(db: Db, orgId: string, warehouseId: string, itemId: string, qty: number): Promise<BalanceRow | undefined> {
  return db
    .updateTable('stock_balances')
    .set({ reserved: sql<number>`reserved - ${qty}`, version: sql<number>`version + 1` })
    .where('org_id', '=', orgId)
    .where('warehouse_id', '=', warehouseId)
    .where('item_id', '=', itemId)
    .where('reserved', '>=', qty)
    .returningAll()
    .executeTakeFirst();
}

/** With `lock` (PostgreSQL, in a transaction) the row stays locked until the transaction ends. */
function balanceQuery(db: Db, orgId: string, warehouseId: string, itemId: string) {
  return db.selectFrom('stock_balances').selectAll().where('org_id', '=', orgId).where('warehouse_id', '=', warehouseId).where('item_id', '=', itemId);
}

export function findBalance(db: Db, orgId: string, warehouseId: string, itemId: string): Promise<BalanceRow | undefined> {
  return balanceQuery(db, orgId, warehouseId, itemId).executeTakeFirst();
}

/** The balance, its row locked until `tx` ends. */
export function lockBalance(tx: Tx, orgId: string, warehouseId: string, itemId: string): Promise<BalanceRow | undefined> {
  return tx.lockForUpdate(balanceQuery(tx.db, orgId, warehouseId, itemId)).executeTakeFirst();
}

export interface BalanceFilter {
  warehouseId?: string | undefined;
  itemId?: string | undefined;
}

/**
 * A page of balances by (warehouse_id, item_id) and how many match: `limit` rows from `offset`,
 * or after the balance of `after` (its warehouse and item ids).
 */
export async function listBalances(db: Db, orgId: string, filter: BalanceFilter, limit: number, offset: number, after?: readonly [string, string]): Promise<{ rows: BalanceRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('stock_balances').where('org_id', '=', orgId);
    if (filter.warehouseId !== undefined) query = query.where('warehouse_id', '=', filter.warehouseId);
    if (filter.itemId !== undefined) query = query.where('item_id', '=', filter.itemId);
    return query;
  };
  const [rows, count] = await Promise.all([
    (after === undefined ? base() : base().where((eb) => eb(eb.refTuple('warehouse_id', 'item_id'), '>', eb.tuple(after[0], after[1]))))
      .selectAll()
      .orderBy('warehouse_id')
      .orderBy('item_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findMovement: (db: Db, orgId: string, id: string) => Promise<MovementRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  db.selectFrom('stock_movements').selectAll().where('org_id', '=', orgId).where('id', '=', id),
);

export async function linesOf(db: Db, orgId: string, movementIds: string[]): Promise<LineRow[]> {
  if (movementIds.length === 0) return [];
  return db
    .selectFrom('stock_movement_lines')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('movement_id', 'in', movementIds)
    .orderBy('movement_id')
    .orderBy('line_no')
    .execute();
}

export interface MovementFilter {
  warehouseId?: string | undefined;
  itemId?: string | undefined;
  kind?: string | undefined;
}

/**
 * The movements matching the filter on one side of warehouse_id: the source when `side` is
 * from, the destination when it is to (each an index range on (org_id, side, seq)). The item is
 * matched through the lines' (org_id, item_id, movement_id) index: the movements of the item's
 * lines, however many others the organization has.
 */
function movementsWhere(db: Db, orgId: string, filter: MovementFilter, side?: 'm.from_warehouse_id' | 'm.to_warehouse_id') {
  let query = db.selectFrom('stock_movements as m').where('m.org_id', '=', orgId);
  const { warehouseId, itemId, kind } = filter;
  if (side !== undefined && warehouseId !== undefined) query = query.where(side, '=', warehouseId);
  if (kind !== undefined) query = query.where('m.kind', '=', kind);
  if (itemId !== undefined) {
    query = query.where('m.id', 'in', (eb) => eb.selectFrom('stock_movement_lines as l').select('l.movement_id').where('l.org_id', '=', orgId).where('l.item_id', '=', itemId));
  }
  return query;
}

/** The filter's movements as one query per index range: two for warehouse_id (source or destination), one otherwise. */
function ranges(db: Db, orgId: string, filter: MovementFilter) {
  if (filter.warehouseId === undefined) return [movementsWhere(db, orgId, filter)] as const;
  return [movementsWhere(db, orgId, filter, 'm.from_warehouse_id'), movementsWhere(db, orgId, filter, 'm.to_warehouse_id')] as const;
}

/**
 * Newest first, keyset on seq: the page after `beforeSeq` costs what the first page costs. For
 * warehouse_id each side gives its newest `take` from its own index range and the union keeps the
 * newest `take` of both (a transfer within one warehouse is in both, once): 2 × take rows read,
 * however many movements the warehouse has.
 */
export function pageOfMovements(db: Db, orgId: string, filter: MovementFilter, beforeSeq: number | undefined, take: number): Promise<MovementRow[]> {
  const [first, second] = ranges(db, orgId, filter).map((query) =>
    (beforeSeq === undefined ? query : query.where('m.seq', '<', beforeSeq)).selectAll('m').orderBy('m.seq', 'desc').limit(take),
  );
  if (first === undefined) return Promise.resolve([]);
  if (second === undefined) return first.execute();
  const merged = db.selectFrom(first.as('a')).selectAll().union(db.selectFrom(second.as('b')).selectAll());
  return db.selectFrom(merged.as('u')).selectAll().orderBy('u.seq', 'desc').limit(take).execute();
}

export async function countMovements(db: Db, orgId: string, filter: MovementFilter): Promise<number> {
  if (filter.warehouseId === undefined && filter.itemId === undefined && filter.kind === undefined) {
    const row = await db
      .selectFrom('stock_movement_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const [first, second] = ranges(db, orgId, filter).map((query) => query.select('m.seq'));
  if (first === undefined) return 0;
  const matching = second === undefined ? first : first.union(second);
  const row = await db
    .selectFrom(matching.as('u'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these ids already name a movement line of the organization. */
export async function takenLineIds(db: Db, orgId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('stock_movement_lines').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
