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

function movementsWhere(db: Db, orgId: string, filter: MovementFilter) {
  let query = db.selectFrom('stock_movements as m').where('m.org_id', '=', orgId);
  const { warehouseId, itemId, kind } = filter;
  if (warehouseId !== undefined) query = query.where((eb) => eb.or([eb('m.from_warehouse_id', '=', warehouseId), eb('m.to_warehouse_id', '=', warehouseId)]));
  if (kind !== undefined) query = query.where('m.kind', '=', kind);
  if (itemId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock_movement_lines as l')
          .select('l.id')
          .whereRef('l.org_id', '=', 'm.org_id')
          .whereRef('l.movement_id', '=', 'm.id')
          .where('l.item_id', '=', itemId),
      ),
    );
  }
  return query;
}

/** Newest first, keyset on seq: the page after `beforeSeq` costs what the first page costs. */
export function pageOfMovements(db: Db, orgId: string, filter: MovementFilter, beforeSeq: number | undefined, take: number): Promise<MovementRow[]> {
  let query = movementsWhere(db, orgId, filter);
  if (beforeSeq !== undefined) query = query.where('m.seq', '<', beforeSeq);
  return query.selectAll('m').orderBy('m.seq', 'desc').limit(take).execute();
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
  const row = await movementsWhere(db, orgId, filter)
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
