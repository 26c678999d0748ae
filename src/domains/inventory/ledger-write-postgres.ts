/**
 * Movements on PostgreSQL: one statement posts one or several movements. Each movement is
 * gated on its own catalog check (an unknown, archived or service item writes nothing of it),
 * and the balance table's check aborts the statement as a whole.
 *
 * Movements posted at the same moment outside a transaction share one statement when their stock
 * checks stay exact (see sharingGroups): one round trip and one commit instead of one each, which
 * is most of a movement's cost. If the shared statement fails, each movement is posted on its own
 * and gets its own answer.
 */
import { CompiledQuery, sql } from 'kysely';
import { preparedOnPostgres } from '../../storage/postgres.ts';
import { byBalanceKey } from './ledger-write.ts';
import type { CatalogFound, Db, MovementWrite } from './ledger-write.ts';

/** Movements sharing one statement at most. */
const MAX_SHARED = 64;

/**
 * Shared statements under way at once. Statements of one moment mostly touch the same hot
 * balances and would wait on each other's row locks anyway; movements arriving meanwhile wait
 * in the queue instead and go out together in the next statement, one commit for all of them.
 * Two keep one statement executing while the next is on its way.
 */
const STATEMENTS_UNDER_WAY = 2;

/**
 * Arrays keep the text the same for any number of movements and lines, and lookups are lateral
 * key probes, so the plan cached per connection never scans an organization's rows however the
 * statistics looked when it was made. Changes to one balance are summed and checked as a sum
 * (see sharingGroups), and balances are upserted in (warehouse, item) order, so concurrent
 * statements lock them alike.
 */
const POST_MOVEMENTS = preparedOnPostgres(`
with mv as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[])
    with ordinality as mv(org_id, id, kind, date, from_wh, to_wh, reason, ref_type, ref_id, user_id, currency, slot, n)
), wanted_wh as (
  select * from unnest($13::int[], $14::text[]) as g(m, id)
), wanted_pr as (
  select * from unnest($15::int[], $16::text[]) as g(m, id)
), wh as (
  select g.m, w.id, w.is_archived from wanted_wh g join mv on mv.n = g.m
  join lateral (select id, is_archived from warehouses where org_id = mv.org_id and id = g.id limit 1) w on true
), pr as (
  select g.m, p.id, p.name, p.item_type, p.cost_per_unit from wanted_pr g join mv on mv.n = g.m
  join lateral (select id, name, item_type, cost_per_unit from products where org_id = mv.org_id and id = g.id limit 1) p on true
), unfit as (
  select g.m from wanted_wh g left join wh on wh.m = g.m and wh.id = g.id where wh.id is null or wh.is_archived
  union all
  select g.m from wanted_pr g left join pr on pr.m = g.m and pr.id = g.id where pr.id is null or pr.item_type = 'service'
), fit as (
  select mv.n from mv where mv.n not in (select m from unfit)
), m as (
  insert into stock_movements (org_id, id, kind, date, from_warehouse_id, to_warehouse_id, reason, reference_type, reference_id, created_by_user_id)
  select mv.org_id, mv.id, mv.kind, mv.date, mv.from_wh, mv.to_wh, mv.reason, mv.ref_type, mv.ref_id, mv.user_id
  from mv join fit on fit.n = mv.n order by mv.n
  returning id
), l as (
  insert into stock_movement_lines (org_id, id, movement_id, line_no, item_id, qty, cost_per_unit, cost_currency, batch_id, serial_numbers, notes)
  select mv.org_id, x.id, mv.id, x.line_no, x.item_id, x.qty, coalesce(x.cost, pr.cost_per_unit), mv.currency, x.batch_id, x.serial_numbers::jsonb, x.notes
  from unnest($17::int[], $18::text[], $19::int[], $20::text[], $21::bigint[], $22::bigint[], $23::text[], $24::text[], $25::text[])
    as x(m, id, line_no, item_id, qty, cost, batch_id, serial_numbers, notes)
  join fit on fit.n = x.m join mv on mv.n = x.m join pr on pr.m = x.m and pr.id = x.item_id
), changes as (
  select mv.org_id, c.warehouse_id, c.item_id, min(c.id) as id, sum(c.delta)::bigint as delta, max(mv.date) as date, bool_and(c.negative_ok) as negative_ok, min(c.k) as k
  from unnest($26::int[], $27::text[], $28::text[], $29::text[], $30::bigint[], $31::boolean[]) with ordinality as c(m, id, warehouse_id, item_id, delta, negative_ok, k)
  join fit on fit.n = c.m join mv on mv.n = c.m
  group by mv.org_id, c.warehouse_id, c.item_id
), b as (
  insert into stock_balances (org_id, id, warehouse_id, item_id, on_hand, reserved, last_movement_at, version, negative_ok)
  select c.org_id, c.id, c.warehouse_id, c.item_id, c.delta, 0, c.date, 1,
    c.negative_ok or coalesce((select true from stock_balances s where s.org_id = c.org_id and s.warehouse_id = c.warehouse_id and s.item_id = c.item_id limit 1), false)
  from changes c
  order by c.k
  on conflict (org_id, warehouse_id, item_id) do update set
    on_hand = stock_balances.on_hand + excluded.on_hand,
    last_movement_at = excluded.last_movement_at,
    version = stock_balances.version + 1,
    -- Checked when any movement decreases it, whatever the sum: a balance already below zero
    -- must not let a shipment through because a receipt came with it.
    negative_ok = (select c.negative_ok from changes c where c.org_id = excluded.org_id and c.warehouse_id = excluded.warehouse_id and c.item_id = excluded.item_id)
), c as (
  insert into stock_movement_counts (org_id, slot, n)
  select mv.org_id, min(mv.slot), count(*) from mv join fit on fit.n = mv.n group by mv.org_id order by mv.org_id
  on conflict (org_id, slot) do update set n = stock_movement_counts.n + excluded.n
)
select wh.m, 'w' as kind, wh.id, wh.is_archived, null as name, null as item_type, null::bigint as cost_per_unit, wh.m in (select n from fit) as written from wh
union all
select pr.m, 'p', pr.id, null, pr.name, pr.item_type, pr.cost_per_unit, pr.m in (select n from fit) from pr
union all
select count(*), 'count', null, null, null, null, null, null from m`);

interface Row {
  m: number;
  kind: 'w' | 'p' | 'count';
  id: string;
  is_archived: boolean | null;
  name: string | null;
  item_type: string | null;
  cost_per_unit: number | null;
  written: boolean | null;
}

/** What the statement said of one movement. */
interface Outcome {
  found: CatalogFound;
  written: boolean;
}

/** The statement's parameters for `writes`: one array per column, in $n order. */
function parameters(writes: MovementWrite[]): unknown[] {
  const columns = (n: number) => Array.from({ length: n }, (): unknown[] => []);
  const [movements, warehouses, products, lines] = [columns(12), columns(2), columns(2), columns(9)];
  writes.forEach((w, i) => {
    const m = w.movement;
    const n = i + 1;
    add(movements, w.orgId, m.id, m.kind, m.date, m.from_warehouse_id, m.to_warehouse_id, m.reason, m.reference_type, m.reference_id, m.created_by_user_id, w.lines[0]?.cost_currency ?? null, w.slot);
    for (const id of w.warehouseIds) add(warehouses, n, id);
    for (const id of w.itemIds) add(products, n, id);
    for (const l of w.lines) add(lines, n, l.id, l.line_no, l.item_id, l.qty, l.cost_per_unit, l.batch_id, l.serial_numbers, l.notes);
  });
  return [...movements, ...warehouses, ...products, ...lines, ...changeParameters(writes)];
}

function add(columns: unknown[][], ...values: unknown[]): void {
  values.forEach((value, i) => columns[i]!.push(value));
}

/** Every balance change of the statement, sorted by (warehouse, item) across all its movements. */
function changeParameters(writes: MovementWrite[]): unknown[][] {
  const changes = writes.flatMap((w, i) => w.changes.map((change) => ({ change, m: i + 1 }))).sort((a, b) => byBalanceKey(a.change, b.change));
  const columns: unknown[][] = [[], [], [], [], [], []];
  for (const { change: c, m } of changes) add(columns, m, c.newRowId, c.warehouseId, c.itemId, c.delta, c.negativeOk);
  return columns;
}

async function postMovements(db: Db, writes: MovementWrite[]): Promise<Outcome[]> {
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(POST_MOVEMENTS, parameters(writes)));
  const outcomes: Outcome[] = writes.map(() => ({ found: { warehouses: [], products: [] }, written: false }));
  let inserted = 0;
  for (const row of rows) {
    if (row.kind === 'count') {
      inserted = Number(row.m);
      continue;
    }
    const outcome = outcomes[row.m - 1];
    if (!outcome) continue;
    outcome.written = row.written === true;
    if (row.kind === 'w') outcome.found.warehouses.push({ id: row.id, is_archived: row.is_archived === true });
    else outcome.found.products.push({ id: row.id, name: row.name ?? '', item_type: row.item_type ?? '', cost_per_unit: row.cost_per_unit ?? 0 });
  }
  if (inserted !== outcomes.filter((o) => o.written).length) throw new Error('the movements written differ from the movements that passed their checks');
  return outcomes;
}

/**
 * Posts one movement; throws the database's check violation when a balance would go below zero
 * unless allowed (nothing is then written).
 */
export async function writeMovementPostgres(db: Db, write: MovementWrite, refuse: (found: CatalogFound) => void): Promise<CatalogFound> {
  // Inside a transaction (an import, a keyed request) a failed statement would abort the whole
  // transaction; the savepoint keeps it usable for reading why the movement was refused.
  const [outcome] = db.isTransaction ? await inSavepoint(db, () => postMovements(db, [write])) : [await sharedStatements(db).post(write)];
  if (!outcome?.written) {
    refuse(outcome?.found ?? { warehouses: [], products: [] });
    throw new Error('the movement was not written although its warehouses and items passed the checks');
  }
  return outcome.found;
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

interface BalanceChange {
  key: string;
  decrease: boolean;
}

interface Pending {
  write: MovementWrite;
  /** The write's balance changes, keyed across organizations. */
  changes: BalanceChange[];
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

const sharers = new WeakMap<Db, ReturnType<typeof statementSharer>>();

function sharedStatements(db: Db) {
  let sharer = sharers.get(db);
  if (!sharer) {
    sharer = statementSharer(db);
    sharers.set(db, sharer);
  }
  return sharer;
}

/**
 * Collects the movements of one turn of the event loop, or of the time the statements under way
 * take, and posts them in as few statements as their balances allow.
 */
function statementSharer(db: Db) {
  let queue: Pending[] = [];
  let scheduled = false;
  let underWay = 0;

  const flush = () => {
    scheduled = false;
    if (underWay >= STATEMENTS_UNDER_WAY || queue.length === 0) return;
    const groups = sharingGroups(queue);
    const sent = groups.slice(0, STATEMENTS_UNDER_WAY - underWay);
    // Those left over go first next time, grouped again together with the next arrivals.
    queue = groups.slice(sent.length).flat();
    for (const group of sent) {
      underWay += 1;
      void post(group).finally(() => {
        underWay -= 1;
        flush();
      });
    }
  };

  const post = async (group: Pending[]) => {
    if (group.length > 1) {
      try {
        const outcomes = await postMovements(db, group.map((p) => p.write));
        group.forEach((p, i) => p.resolve(outcomes[i]!));
        return;
      } catch {
        // Someone's balance refused, or the shared statement lost a race: each on its own.
      }
    }
    await Promise.all(group.map((p) => postAlone(p)));
  };

  // A transient conflict is tried again by the caller (Storage.oneStatement).
  const postAlone = (p: Pending) => postMovements(db, [p.write]).then(([outcome]) => p.resolve(outcome!), p.reject);

  return {
    post(write: MovementWrite): Promise<Outcome> {
      return new Promise((resolve, reject) => {
        const changes = write.changes.map((c) => ({ key: `${write.orgId}\u0000${c.warehouseId}\u0000${c.itemId}`, decrease: c.delta < 0 }));
        queue.push({ write, changes, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

interface Group {
  members: Pending[];
  /** Per balance key: the members (by index) that increase it, and those that decrease it. */
  increasers: Map<string, number[]>;
  decreasers: Map<string, number[]>;
  /** Member i must come before each member of after[i]: it increases a balance they decrease. */
  after: number[][];
}

/**
 * Groups in arrival order. The statement sums each balance's changes, and the balance table
 * checks the end result when any member decreases it (and may not go below zero). That is
 * exact when the members can be put in an order where every increase of a balance comes before
 * every decrease of it: falling from its highest point, a balance whose end is not negative was
 * never negative on the way.
 * So a member joins a group only if that order still exists (the "increases before decreases"
 * relation stays free of cycles, as two opposite transfers of one item would make it). Every
 * member's stock check then means what it would mean posted alone; a refused sum sends each
 * member back to be posted alone.
 */
function sharingGroups(pending: Pending[]): Pending[][] {
  const groups: Group[] = [];
  for (const p of pending) {
    const { changes } = p;
    let joined = false;
    for (const g of groups) {
      if (g.members.length >= MAX_SHARED) continue;
      const before = changes.flatMap((c) => (c.decrease ? (g.increasers.get(c.key) ?? []) : []));
      const later = changes.flatMap((c) => (c.decrease ? [] : (g.decreasers.get(c.key) ?? [])));
      if (reachesAny(g.after, later, new Set(before))) continue;
      join(g, p, changes, before, later);
      joined = true;
      break;
    }
    if (!joined) {
      const g: Group = { members: [], increasers: new Map(), decreasers: new Map(), after: [] };
      join(g, p, changes, [], []);
      groups.push(g);
    }
  }
  return groups.map((g) => g.members);
}

function join(g: Group, p: Pending, changes: BalanceChange[], before: number[], later: number[]): void {
  const index = g.members.length;
  g.members.push(p);
  g.after.push([...new Set(later)]);
  for (const b of new Set(before)) g.after[b]!.push(index);
  for (const c of changes) {
    const side = c.decrease ? g.decreasers : g.increasers;
    const members = side.get(c.key);
    if (members) members.push(index);
    else side.set(c.key, [index]);
  }
}

/** Whether a walk along `after` from any of `starts` meets a member of `targets`. */
function reachesAny(after: number[][], starts: number[], targets: Set<number>): boolean {
  if (targets.size === 0) return false;
  const seen = new Set<number>();
  const stack = [...starts];
  while (stack.length > 0) {
    const m = stack.pop()!;
    if (targets.has(m)) return true;
    if (seen.has(m)) continue;
    seen.add(m);
    stack.push(...after[m]!);
  }
  return false;
}
