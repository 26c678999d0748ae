/**
 * SQL that posts one movement: the movement, its lines, the balance changes and the movement
 * counter. On PostgreSQL it is one statement, shared by the movements posted at the same moment
 * (see ledger-write-postgres.ts); on SQLite, where a statement costs microseconds and writers
 * are serialized, a few statements compiled once each.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { reusableStatement } from '../../storage/reusable.ts';
import type { Database } from '../../storage/schema.ts';
import type { Dialect } from '../../storage/storage.ts';
import type { LineRow, MovementRow } from './ledger-queries.ts';
import { writeMovementPostgres } from './ledger-write-postgres.ts';

export type Db = Kysely<Database>;

export interface CatalogFound {
  warehouses: Array<{ id: string; is_archived: boolean }>;
  products: Array<{ id: string; name: string; item_type: string; cost_per_unit: number }>;
}

export interface MovementWrite {
  orgId: string;
  movement: Omit<MovementRow, 'seq' | 'org_id'>;
  lines: Array<{
    id: string;
    line_no: number;
    item_id: string;
    qty: number;
    /** null: the product's own cost. */
    cost_per_unit: number | null;
    cost_currency: string;
    batch_id: string | null;
    serial_numbers: string | null;
    notes: string | null;
  }>;
  /** Whether the organization lets stock go below zero. */
  allowNegative: boolean;
  /** Sorted by (warehouse, item), so concurrent writers lock balance rows in the same order. */
  changes: Array<{ warehouseId: string; itemId: string; delta: number; newRowId: string; negativeOk: boolean }>;
  /** Which of the organization's counter slots this movement adds to. */
  slot: number;
  warehouseIds: string[];
  itemIds: string[];
}

/** The order balances are locked in by every writer: by warehouse, then item. */
export function byBalanceKey(a: { warehouseId: string; itemId: string }, b: { warehouseId: string; itemId: string }): number {
  return a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0;
}

/**
 * Writes the movement when every warehouse and item is fit for it; `refuse` is given what was
 * found and must throw when something is not. Throws the database's check violation when a
 * balance would go below zero unless allowed: on PostgreSQL nothing is then written (and the
 * balances may have changed since, so trying again may succeed); on SQLite the caller's
 * transaction must roll back.
 */
export async function writeMovement(db: Db, dialect: Dialect, write: MovementWrite, refuse: (found: CatalogFound) => void): Promise<CatalogFound> {
  if (dialect === 'postgres') return writeMovementPostgres(db, write, refuse);
  const found: CatalogFound = {
    warehouses: (await selectWarehouses(db, dialect, write.orgId, write.warehouseIds)).rows.map((w) => ({ id: w.id, is_archived: w.is_archived === true || w.is_archived === 1 })),
    products: (await selectProducts(db, dialect, write.orgId, write.itemIds)).rows,
  };
  refuse(found);
  const cost = new Map(found.products.map((p) => [p.id, p.cost_per_unit]));
  // No savepoint: SQLite holds the write lock, so a refused balance stays refused, and the
  // caller's transaction rolls back what was written before it.
  await insertMovementRow(db, dialect, write);
  await insertLines(db, dialect, write, cost);
  await upsertBalances(db, dialect, write);
  await bumpCount(db, dialect, write.orgId, write.slot);
  return found;
}

const selectWarehouses = reusableStatement(
  'selectWarehouses',
  (db, orgId: string, ids: string[]) => db.selectFrom('warehouses').select(['id', 'is_archived']).where('org_id', '=', orgId).where('id', 'in', ids),
  (orgId, ids) => [orgId, ...ids],
  (_orgId, ids) => String(ids.length),
);

const selectProducts = reusableStatement(
  'selectProducts',
  (db, orgId: string, ids: string[]) => db.selectFrom('products').select(['id', 'name', 'item_type', 'cost_per_unit']).where('org_id', '=', orgId).where('id', 'in', ids),
  (orgId, ids) => [orgId, ...ids],
  (_orgId, ids) => String(ids.length),
);

const movementValues = (w: MovementWrite) => {
  const m = w.movement;
  return [w.orgId, m.id, m.kind, m.date, m.from_warehouse_id, m.to_warehouse_id, m.reason, m.reference_type, m.reference_id, m.created_by_user_id] as const;
};

const insertMovementRow = reusableStatement(
  'insertMovement',
  (db, w: MovementWrite) => db.insertInto('stock_movements').values({ org_id: w.orgId, ...w.movement }),
  (w) => movementValues(w),
);

/** A line row as written: serial numbers as their JSON text. */
type StoredLine = Omit<LineRow, 'serial_numbers'> & { serial_numbers: string | null };

/**
 * The movement's lines as stored: a line without its own cost takes its product's (`cost`, by
 * item id). Spelled out rather than spread: this runs for every line of every movement posted.
 */
export function storedLines(w: MovementWrite, cost: ReadonlyMap<string, number>): StoredLine[] {
  return w.lines.map((l) => ({
    org_id: w.orgId,
    id: l.id,
    movement_id: w.movement.id,
    line_no: l.line_no,
    item_id: l.item_id,
    qty: l.qty,
    cost_per_unit: l.cost_per_unit ?? cost.get(l.item_id) ?? 0,
    cost_currency: l.cost_currency,
    batch_id: l.batch_id,
    serial_numbers: l.serial_numbers,
    notes: l.notes,
  }));
}

const insertLines = reusableStatement(
  'insertLines',
  (db, w: MovementWrite, cost: ReadonlyMap<string, number>) => db.insertInto('stock_movement_lines').values(storedLines(w, cost)),
  (w, cost) => storedLines(w, cost).flatMap((l) => Object.values(l)),
  (w, _cost) => String(w.lines.length),
);

/**
 * The balance table checks `negative_ok OR on_hand - reserved >= 0`, on the row to insert as
 * well as on the updated one. So the row to insert allows a negative quantity when the balance
 * exists already (then only the updated row, with the change's own allowance, is what counts),
 * and a new balance may start negative only if the change allows it.
 */
const existingBalance = (w: MovementWrite, c: MovementWrite['changes'][number]) =>
  sql<boolean>`${c.negativeOk} or exists (select 1 from stock_balances where org_id = ${w.orgId} and warehouse_id = ${c.warehouseId} and item_id = ${c.itemId})`;

const balanceValues = (w: MovementWrite) =>
  w.changes.map((c) => ({ org_id: w.orgId, id: c.newRowId, warehouse_id: c.warehouseId, item_id: c.itemId, on_hand: c.delta, reserved: 0, last_movement_at: w.movement.date, version: 1 }));

/** Adds each change to its balance in one atomic statement, creating rows on first use. */
const upsertBalances = reusableStatement(
  'upsertBalances',
  (db, w: MovementWrite) =>
    db
      .insertInto('stock_balances')
      .values(balanceValues(w).map((row, i) => ({ ...row, negative_ok: existingBalance(w, w.changes[i]!) })))
      .onConflict((oc) =>
        oc.columns(['org_id', 'warehouse_id', 'item_id']).doUpdateSet({
          on_hand: sql<number>`stock_balances.on_hand + excluded.on_hand`,
          last_movement_at: sql<string>`excluded.last_movement_at`,
          version: sql<number>`stock_balances.version + 1`,
          negative_ok: sql<boolean>`${w.allowNegative} or excluded.on_hand >= 0`,
        }),
      ),
  (w) => [...balanceValues(w).flatMap((b, i) => [...Object.values(b), w.changes[i]!.negativeOk, w.orgId, b.warehouse_id, b.item_id]), w.allowNegative],
  (w) => String(w.changes.length),
);

const bumpCount = reusableStatement(
  'bumpCount',
  (db, orgId: string, slot: number) =>
    db
      .insertInto('stock_movement_counts')
      .values({ org_id: orgId, slot, n: 1 })
      .onConflict((oc) => oc.columns(['org_id', 'slot']).doUpdateSet({ n: sql<number>`stock_movement_counts.n + excluded.n` })),
  (orgId, slot) => [orgId, slot, 1],
);
