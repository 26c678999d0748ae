/**
 * SQL that posts one movement: the movement, its lines, the balance changes and the movement
 * counter. On PostgreSQL it is one statement (validation reads and every write in one snapshot:
 * atomic on its own, one round trip); on SQLite, where a statement costs microseconds and
 * writers are serialized, a few statements compiled once each.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';
import { preparedOnPostgres } from '../../storage/postgres.ts';
import { reusableStatement } from '../../storage/reusable.ts';
import type { Database } from '../../storage/schema.ts';
import type { Dialect } from '../../storage/storage.ts';

type Db = Kysely<Database>;

export interface CatalogFound {
  warehouses: Array<{ id: string; is_archived: boolean }>;
  products: Array<{ id: string; name: string; item_type: string; cost_per_unit: number }>;
}

export interface MovementWrite {
  orgId: string;
  movement: {
    id: string;
    kind: string;
    date: string;
    from_warehouse_id: string | null;
    to_warehouse_id: string | null;
    reason: string | null;
    reference_type: string | null;
    reference_id: string | null;
    created_by_user_id: string;
  };
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

const lineValues = (w: MovementWrite, cost: Map<string, number>) =>
  w.lines.map((l) => ({ org_id: w.orgId, id: l.id, movement_id: w.movement.id, line_no: l.line_no, item_id: l.item_id, qty: l.qty, cost_per_unit: l.cost_per_unit ?? cost.get(l.item_id) ?? 0, cost_currency: l.cost_currency, batch_id: l.batch_id, serial_numbers: l.serial_numbers, notes: l.notes }));

const insertLines = reusableStatement(
  'insertLines',
  (db, w: MovementWrite, cost: Map<string, number>) => db.insertInto('stock_movement_lines').values(lineValues(w, cost)),
  (w, cost) => lineValues(w, cost).flatMap((l) => Object.values(l)),
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

/**
 * The whole movement as one PostgreSQL statement. Every write is gated on the catalog check,
 * so an unknown, archived or service item writes nothing; a balance the table's check refuses
 * aborts the statement as a whole. Arrays keep the text the same for any number of lines, and
 * lookups are lateral so that the plan, cached per connection, probes keys and never scans an
 * organization's rows however the table statistics looked when it was made.
 */
const POSTGRES_MOVEMENT = preparedOnPostgres(`
with wh as (
  select w.id, w.is_archived from unnest($2::text[]) as given(id)
  join lateral (select id, is_archived from warehouses where org_id = $1 and id = given.id limit 1) w on true
), pr as (
  select p.id, p.name, p.item_type, p.cost_per_unit from unnest($3::text[]) as given(id)
  join lateral (select id, name, item_type, cost_per_unit from products where org_id = $1 and id = given.id limit 1) p on true
), fit as (
  select (select count(*) from wh where not is_archived) = cardinality($2::text[])
     and (select count(*) from pr where item_type <> 'service') = cardinality($3::text[]) as ok
), m as (
  insert into stock_movements (org_id, id, kind, date, from_warehouse_id, to_warehouse_id, reason, reference_type, reference_id, created_by_user_id)
  select $1, $4, $5, $6, $7, $8, $9, $10, $11, $12 from fit where fit.ok
  returning id
), l as (
  insert into stock_movement_lines (org_id, id, movement_id, line_no, item_id, qty, cost_per_unit, cost_currency, batch_id, serial_numbers, notes)
  select $1, x.id, m.id, x.line_no, x.item_id, x.qty, coalesce(x.cost, pr.cost_per_unit), $13, x.batch_id, x.serial_numbers::jsonb, x.notes
  from m, unnest($14::text[], $15::int[], $16::text[], $17::bigint[], $18::bigint[], $19::text[], $20::text[], $21::text[])
    as x(id, line_no, item_id, qty, cost, batch_id, serial_numbers, notes)
  join pr on pr.id = x.item_id
), b as (
  insert into stock_balances (org_id, id, warehouse_id, item_id, on_hand, reserved, last_movement_at, version, negative_ok)
  select $1, c.id, c.warehouse_id, c.item_id, c.delta, 0, $6, 1,
    c.negative_ok or coalesce((select true from stock_balances s where s.org_id = $1 and s.warehouse_id = c.warehouse_id and s.item_id = c.item_id limit 1), false)
  from m, unnest($22::text[], $23::text[], $24::text[], $25::bigint[], $26::boolean[]) with ordinality as c(id, warehouse_id, item_id, delta, negative_ok, n)
  order by c.n
  on conflict (org_id, warehouse_id, item_id) do update set
    on_hand = stock_balances.on_hand + excluded.on_hand,
    last_movement_at = excluded.last_movement_at,
    version = stock_balances.version + 1,
    negative_ok = $28 or excluded.on_hand >= 0
), c as (
  insert into stock_movement_counts (org_id, slot, n) select $1, $27, 1 from m
  on conflict (org_id, slot) do update set n = stock_movement_counts.n + 1
)
select 'w' as kind, id, is_archived, null as name, null as item_type, null::bigint as cost_per_unit, (select count(*) from m) as written from wh
union all
select 'p', id, null, name, item_type, cost_per_unit, (select count(*) from m) from pr`);

interface PostgresMovementRow {
  kind: 'w' | 'p';
  id: string;
  is_archived: boolean | null;
  name: string | null;
  item_type: string | null;
  cost_per_unit: number | null;
  written: number;
}

async function writeMovementPostgres(db: Db, write: MovementWrite, refuse: (found: CatalogFound) => void): Promise<CatalogFound> {
  const m = write.movement;
  const lines = write.lines;
  const changes = write.changes;
  const parameters = [
    write.orgId,
    write.warehouseIds,
    write.itemIds,
    m.id,
    m.kind,
    m.date,
    m.from_warehouse_id,
    m.to_warehouse_id,
    m.reason,
    m.reference_type,
    m.reference_id,
    m.created_by_user_id,
    lines[0]?.cost_currency ?? null,
    lines.map((l) => l.id),
    lines.map((l) => l.line_no),
    lines.map((l) => l.item_id),
    lines.map((l) => l.qty),
    lines.map((l) => l.cost_per_unit),
    lines.map((l) => l.batch_id),
    lines.map((l) => l.serial_numbers),
    lines.map((l) => l.notes),
    changes.map((c) => c.newRowId),
    changes.map((c) => c.warehouseId),
    changes.map((c) => c.itemId),
    changes.map((c) => c.delta),
    changes.map((c) => c.negativeOk),
    write.slot,
    write.allowNegative,
  ];
  const run = () => db.executeQuery<PostgresMovementRow>(CompiledQuery.raw(POSTGRES_MOVEMENT, parameters));
  // Inside a transaction (an import, a keyed request) a failed statement would abort the whole
  // transaction; the savepoint keeps it usable for reading why the movement was refused.
  // Outside one the statement is atomic by itself.
  const { rows } = db.isTransaction ? await inSavepoint(db, run) : await run();
  const found: CatalogFound = { warehouses: [], products: [] };
  for (const row of rows) {
    if (row.kind === 'w') found.warehouses.push({ id: row.id, is_archived: row.is_archived === true });
    else found.products.push({ id: row.id, name: row.name ?? '', item_type: row.item_type ?? '', cost_per_unit: row.cost_per_unit ?? 0 });
  }
  const written = rows.length > 0 && Number(rows[0]?.written) > 0;
  if (!written) {
    refuse(found);
    throw new Error('the movement was not written although its warehouses and items passed the checks');
  }
  return found;
}

async function inSavepoint<T>(db: Db, run: () => Promise<T>): Promise<T> {
  await sql`savepoint ledger_write`.execute(db);
  try {
    const result = await run();
    await sql`release savepoint ledger_write`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ledger_write`.execute(db);
    throw error;
  }
}
