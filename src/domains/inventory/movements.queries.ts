/**
 * SQL that posts movements: the same statements on both databases, for one movement or for
 * several sharing them (see movements.ts). Each is compiled once per shape (reusableStatement).
 */
import { sql } from 'kysely';
import { reusableStatement } from '../../storage/reusable.ts';
import type { LineRow, MovementRow } from './stock.queries.ts';

/** A movement row as written. */
export type NewMovementRow = Omit<MovementRow, 'seq'>;

/** A line row as written: serial numbers as their JSON text. */
export type NewLineRow = Omit<LineRow, 'serial_numbers'> & { serial_numbers: string | null };

/** The warehouses and products of these organizations with these ids, in one statement. */
export const selectCatalog = reusableStatement(
  'selectCatalog',
  (db, orgIds: string[], warehouseIds: string[], itemIds: string[]) =>
    db
      .selectFrom('warehouses')
      .select([
        sql<'w' | 'p'>`'w'`.as('kind'),
        'org_id',
        'id',
        sql<boolean | number>`is_archived`.as('is_archived'),
        sql<string | null>`cast(null as text)`.as('name'),
        sql<string | null>`cast(null as text)`.as('item_type'),
        sql<number | null>`cast(null as bigint)`.as('cost_per_unit'),
      ])
      .where('org_id', 'in', orgIds)
      .where('id', 'in', warehouseIds)
      .unionAll(
        db
          .selectFrom('products')
          .select([
            sql<'w' | 'p'>`'p'`.as('kind'),
            'org_id',
            'id',
            sql<boolean | number>`false`.as('is_archived'),
            sql<string | null>`name`.as('name'),
            sql<string | null>`item_type`.as('item_type'),
            sql<number | null>`cost_per_unit`.as('cost_per_unit'),
          ])
          .where('org_id', 'in', orgIds)
          .where('id', 'in', itemIds),
      ),
  (orgIds, warehouseIds, itemIds) => [...orgIds, ...warehouseIds, ...orgIds, ...itemIds],
  (orgIds, warehouseIds, itemIds) => `${orgIds.length}:${warehouseIds.length}:${itemIds.length}`,
);

export const insertMovements = reusableStatement(
  'insertMovements',
  (db, rows: NewMovementRow[]) => db.insertInto('stock_movements').values(rows),
  (rows) =>
    rows.flatMap((m) => [m.org_id, m.id, m.kind, m.date, m.from_warehouse_id, m.to_warehouse_id, m.reason, m.reference_type, m.reference_id, m.created_by_user_id]),
  (rows) => String(rows.length),
);

export const insertLines = reusableStatement(
  'insertLines',
  (db, rows: NewLineRow[]) => db.insertInto('stock_movement_lines').values(rows),
  (rows) =>
    rows.flatMap((l) => [l.org_id, l.id, l.movement_id, l.line_no, l.item_id, l.qty, l.cost_per_unit, l.cost_currency, l.batch_id, l.serial_numbers, l.notes]),
  (rows) => String(rows.length),
);

/** One balance's change in a statement: the sum of its movements' changes. */
export interface BalanceChange {
  orgId: string;
  warehouseId: string;
  itemId: string;
  delta: number;
  /** The id the balance row gets if this change creates it. */
  newRowId: string;
  /** False when the changed balance must not end below zero (the table's check then applies). */
  negativeOk: boolean;
  date: string;
}

/**
 * Adds each change to its balance, creating rows on first use, in the order given (the order
 * rows are locked in). The table checks `negative_ok OR on_hand - reserved >= 0` on the row to
 * insert as well as on the updated one, and the row to insert only counts when the balance
 * does not exist yet: so when it does, that row reserves its own decrease (and passes), and the
 * updated row takes the change's allowance and on-hand sum (its reservation is left as it was).
 */
export const upsertBalances = reusableStatement(
  'upsertBalances',
  (db, changes: BalanceChange[]) =>
    db
      .insertInto('stock_balances')
      .values(
        changes.map((c) => ({
          org_id: c.orgId,
          id: c.newRowId,
          warehouse_id: c.warehouseId,
          item_id: c.itemId,
          on_hand: c.delta,
          reserved: sql<number>`case when exists (select 1 from stock_balances where org_id = ${c.orgId} and warehouse_id = ${c.warehouseId} and item_id = ${c.itemId}) then ${Math.min(c.delta, 0)} else 0 end`,
          last_movement_at: c.date,
          version: 1,
          negative_ok: c.negativeOk,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['org_id', 'warehouse_id', 'item_id']).doUpdateSet({
          on_hand: sql<number>`stock_balances.on_hand + excluded.on_hand`,
          last_movement_at: sql<string>`excluded.last_movement_at`,
          version: sql<number>`stock_balances.version + 1`,
          negative_ok: sql<boolean>`excluded.negative_ok`,
        }),
      ),
  (changes) => changes.flatMap((c) => [c.orgId, c.newRowId, c.warehouseId, c.itemId, c.delta, c.orgId, c.warehouseId, c.itemId, Math.min(c.delta, 0), c.date, 1, c.negativeOk]),
  (changes) => String(changes.length),
);

/** Adds `n` movements to one of each organization's counter slots. */
/** The movement count of an organization is spread over this many rows, so concurrent postings rarely bump the same one. */
export const COUNT_SLOTS = 16;

export const bumpCounts = reusableStatement(
  'bumpCounts',
  (db, counts: Array<{ orgId: string; slot: number; n: number }>) =>
    db
      .insertInto('stock_movement_counts')
      .values(counts.map((c) => ({ org_id: c.orgId, slot: c.slot, n: c.n })))
      .onConflict((oc) => oc.columns(['org_id', 'slot']).doUpdateSet({ n: sql<number>`stock_movement_counts.n + excluded.n` })),
  (counts) => counts.flatMap((c) => [c.orgId, c.slot, c.n]),
  (counts) => String(counts.length),
);
