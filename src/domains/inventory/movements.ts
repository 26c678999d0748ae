/**
 * Posting stock movements. A movement and the balance changes it causes are written in one
 * transaction; balances are only ever changed by atomic increments, never read-modify-write,
 * and the balance table refuses negative stock itself. The same statements post one movement
 * or several at once (POST /movements shares them between requests arriving together, through
 * Storage.shared); a movement refused by a balance is posted again with its balances locked.
 * Also reading them: one movement, and the newest-first feed.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../http/access.ts';
import { conflict, invalidField, notFound, validationError } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { isoWithoutOffset, nowIso, readBool, readJson, toJson } from '../../storage/codecs.ts';
import { formatScaled, scaledToNumber } from '../../storage/decimal.ts';
import { isCheckViolation, isUniqueViolation } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import { bumpCollection } from '../../storage/change-counters.ts';
import { inSavepoint } from '../../storage/savepoint.ts';
import type { Database } from '../../storage/schema.ts';
import type { SharedWrite, SharingGroup } from '../../storage/shared-writes.ts';
import type { Dialect, Tx } from '../../storage/storage.ts';
import { bumpCounts, insertLines, insertMovements, selectCatalog, upsertBalances } from './movements.queries.ts';
import type { BalanceChange, NewLineRow, NewMovementRow } from './movements.queries.ts';
import { MONEY_SCALE, QTY_SCALE, scaledField } from './products.ts';
import type { Movement, MovementCreateBody, MovementLine, MovementListQuery, MovementPage } from './schemas.ts';
import { COUNT_SLOTS, countMovements, findBalance, findMovement, linesOf, pageOfMovements, stockLedger } from './stock.queries.ts';
import type { LineRow, MovementRow } from './stock.queries.ts';

/** Who posts a movement and under which organization rules. */
export interface LedgerActor {
  orgId: string;
  currency: string;
  userId: string;
  allowNegativeStock: boolean;
}

/** POST /movements' body, plus what only the import may set (a kept id, date and author). */
export interface NewMovement extends MovementCreateBody {
  id?: string | undefined;
  date?: string | undefined;
}

export function allowsNegativeStock(settings: Readonly<Record<string, unknown>>): boolean {
  return settings.allowNegativeStock === true;
}

interface ParsedLine {
  index: number;
  itemId: string;
  qty: number;
  cost: number | undefined;
}

function parseLines(input: NewMovement): ParsedLine[] {
  return input.lines.map((line, index) => {
    const qty = scaledField(`lines.${index}.qty`, line.qty, QTY_SCALE);
    if (input.kind === 'adjustment' ? qty === 0 : qty <= 0) {
      throw invalidField(`lines.${index}.qty`, input.kind === 'adjustment' ? 'must not be zero' : 'must be greater than zero');
    }
    const cost = line.cost_per_unit === undefined ? undefined : scaledField(`lines.${index}.cost_per_unit`, line.cost_per_unit, MONEY_SCALE, { min: 0 });
    return { index, itemId: line.item_id, qty, cost };
  });
}

/** Where the stock leaves and where it arrives: an adjustment's signed quantity lands on its warehouse. */
function endpoints(input: NewMovement): { from: string | null; to: string | null } {
  const other = input.to_warehouse_id ?? undefined;
  if (input.kind === 'transfer') {
    if (other === undefined || other === '') throw invalidField('to_warehouse_id', 'is required for a transfer');
    if (other === input.warehouse_id) throw invalidField('to_warehouse_id', 'must differ from warehouse_id');
    return { from: input.warehouse_id, to: other };
  }
  if (other !== undefined) throw invalidField('to_warehouse_id', 'is accepted only for a transfer');
  return input.kind === 'out' ? { from: input.warehouse_id, to: null } : { from: null, to: input.warehouse_id };
}

function movementDate(given: string | undefined): string {
  if (given === undefined) return nowIso();
  // A timestamp without an offset is UTC, as the API writes it.
  const text = /(?:Z|[+-]\d{2}:?\d{2})$/.test(given) ? given : `${given}Z`;
  const when = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(given) || Number.isNaN(when.getTime())) throw invalidField('date', 'must be an ISO 8601 timestamp');
  return when.toISOString();
}

/** What a movement's warehouses and items turned out to be in its organization. */
interface CatalogFound {
  warehouses: Map<string, { archived: boolean }>;
  products: Map<string, { name: string; itemType: string; cost: number }>;
}

/** Throws the 422 naming every unknown or archived warehouse and unknown or service item. */
function refuseUnfit(input: NewMovement, lines: ParsedLine[]): (found: CatalogFound) => void {
  return (found) => {
    const problems: FieldProblem[] = [];
    for (const [field, id] of [['warehouse_id', input.warehouse_id], ['to_warehouse_id', input.to_warehouse_id]] as const) {
      if (id === undefined || id === null) continue;
      const w = found.warehouses.get(id);
      if (!w) problems.push({ field, message: `no warehouse "${id}" in this organization` });
      else if (w.archived) problems.push({ field, message: `warehouse "${id}" is archived` });
    }
    for (const line of lines) {
      const p = found.products.get(line.itemId);
      if (!p) problems.push({ field: `lines.${line.index}.item_id`, message: `no product "${line.itemId}" in this organization` });
      else if (p.itemType === 'service') problems.push({ field: `lines.${line.index}.item_id`, message: `"${p.name}" is a service item: services are not stocked` });
    }
    if (problems.length > 0) throw validationError(problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
  };
}

/** One signed change of a movement to one balance. */
interface MovementChange {
  warehouseId: string;
  itemId: string;
  delta: number;
  /** The first line that contributes, named in a shortage error. */
  firstLine: number;
  /** The id of the balance row, should this change create it. */
  newRowId: string;
}

/** The order balances are locked in by every writer: by warehouse, then item. */
function byBalanceKey(a: { warehouseId: string; itemId: string }, b: { warehouseId: string; itemId: string }): number {
  return a.warehouseId < b.warehouseId ? -1 : a.warehouseId > b.warehouseId ? 1 : a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0;
}

/** One signed change per (warehouse, item): the stock leaves `from` and arrives at `to`. */
function balanceChanges(lines: ParsedLine[], from: string | null, to: string | null): MovementChange[] {
  const changes = new Map<string, MovementChange>();
  const add = (warehouseId: string, line: ParsedLine, delta: number) => {
    const key = `${warehouseId}\u0000${line.itemId}`;
    const entry = changes.get(key);
    if (entry) entry.delta += delta;
    else changes.set(key, { warehouseId, itemId: line.itemId, delta, firstLine: line.index, newRowId: newId() });
  };
  for (const line of lines) {
    if (from !== null) add(from, line, -line.qty);
    if (to !== null) add(to, line, line.qty);
  }
  return [...changes.values()].sort(byBalanceKey);
}

/** A movement checked and ready to write, ids included (a retried write keeps them). */
export interface PreparedMovement {
  orgId: string;
  movement: NewMovementRow;
  /** Lines as written, less the product's cost where the line gives none (null). */
  lines: Array<Omit<NewLineRow, 'cost_per_unit'> & { cost_per_unit: number | null }>;
  /** Whether the organization lets stock go below zero. */
  allowNegative: boolean;
  changes: MovementChange[];
  /** Which of the organization's counter slots this movement adds to. */
  slot: number;
  warehouseIds: string[];
  itemIds: string[];
  refuseUnfit: (found: CatalogFound) => void;
}

/** Validates a movement (422 on bad input) and works out everything it writes. */
export function prepareMovement(actor: LedgerActor, input: NewMovement): PreparedMovement {
  const { from, to } = endpoints(input);
  const lines = parseLines(input);
  const movement: NewMovementRow = {
    org_id: actor.orgId,
    id: input.id ?? newId(),
    kind: input.kind,
    date: movementDate(input.date),
    from_warehouse_id: from,
    to_warehouse_id: to,
    reason: input.notes ?? null,
    reference_type: input.reference_type ?? null,
    reference_id: input.reference_id ?? null,
    created_by_user_id: actor.userId,
  };
  return {
    orgId: actor.orgId,
    movement,
    lines: lines.map((line) => {
      const given = input.lines[line.index];
      return {
        org_id: actor.orgId,
        id: newId(),
        movement_id: movement.id,
        line_no: line.index,
        item_id: line.itemId,
        qty: line.qty,
        cost_per_unit: line.cost ?? null,
        cost_currency: actor.currency,
        batch_id: given?.batch_id ?? null,
        serial_numbers: given?.serial_numbers ? toJson(given.serial_numbers) : null,
        notes: given?.notes ?? null,
      };
    }),
    allowNegative: actor.allowNegativeStock,
    changes: balanceChanges(lines, from, to),
    slot: Math.floor(Math.random() * COUNT_SLOTS),
    warehouseIds: [from, to].filter((w): w is string => w !== null),
    itemIds: [...new Set(lines.map((l) => l.itemId))],
    refuseUnfit: refuseUnfit(input, lines),
  };
}

export function lineView(row: LineRow | NewLineRow): MovementLine {
  return {
    id: row.id,
    item_id: row.item_id,
    qty: formatScaled(row.qty, QTY_SCALE),
    cost_per_unit: formatScaled(row.cost_per_unit, MONEY_SCALE),
    cost_currency: row.cost_currency,
    batch_id: row.batch_id,
    serial_numbers: row.serial_numbers === null ? null : readJson<string[]>(row.serial_numbers),
    notes: row.notes,
  };
}

export function movementView(row: Omit<MovementRow, 'seq' | 'org_id'>, lines: Array<LineRow | NewLineRow>): Movement {
  return {
    id: row.id,
    kind: row.kind,
    date: isoWithoutOffset(row.date),
    from_warehouse_id: row.from_warehouse_id,
    to_warehouse_id: row.to_warehouse_id,
    reason: row.reason,
    reference_type: row.reference_type,
    reference_id: row.reference_id,
    created_by_user_id: row.created_by_user_id,
    lines: lines.map(lineView),
  };
}

/** The catalog each movement names, read for all of them in one statement. */
async function findCatalogs(tx: Tx, movements: PreparedMovement[]): Promise<CatalogFound[]> {
  const unique = (ids: string[]) => [...new Set(ids)];
  const { rows } = await selectCatalog(
    tx.db,
    tx.dialect,
    unique(movements.map((m) => m.orgId)),
    unique(movements.flatMap((m) => m.warehouseIds)),
    unique(movements.flatMap((m) => m.itemIds)),
  );
  const byOrg = new Map<string, CatalogFound>();
  for (const row of rows) {
    let found = byOrg.get(row.org_id);
    if (!found) byOrg.set(row.org_id, (found = { warehouses: new Map(), products: new Map() }));
    if (row.kind === 'w') found.warehouses.set(row.id, { archived: readBool(row.is_archived) });
    else found.products.set(row.id, { name: row.name ?? '', itemType: row.item_type ?? '', cost: row.cost_per_unit ?? 0 });
  }
  const none: CatalogFound = { warehouses: new Map(), products: new Map() };
  return movements.map((m) => byOrg.get(m.orgId) ?? none);
}

/**
 * The balance changes of several movements as one statement makes them: one per balance, their
 * sum, in lock order. A balance is checked (may not end below zero) when any movement
 * decreases it and its organization does not allow negative stock, whatever the sum: a
 * balance already below zero must not let a shipment through because a receipt came with it.
 */
function summedChanges(movements: PreparedMovement[]): BalanceChange[] {
  const sums = new Map<string, BalanceChange>();
  for (const m of movements) {
    for (const c of m.changes) {
      const key = `${m.orgId}\u0000${c.warehouseId}\u0000${c.itemId}`;
      const negativeOk = m.allowNegative || c.delta >= 0;
      const sum = sums.get(key);
      if (!sum) {
        sums.set(key, { orgId: m.orgId, warehouseId: c.warehouseId, itemId: c.itemId, delta: c.delta, newRowId: c.newRowId, negativeOk, date: m.movement.date });
        continue;
      }
      sum.delta += c.delta;
      sum.negativeOk &&= negativeOk;
      if (m.movement.date > sum.date) sum.date = m.movement.date;
    }
  }
  return [...sums.values()].sort((a, b) => (a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : byBalanceKey(a, b)));
}

function movementCounts(movements: PreparedMovement[]): Array<{ orgId: string; slot: number; n: number }> {
  const counts = new Map<string, { orgId: string; slot: number; n: number }>();
  for (const m of movements) {
    const count = counts.get(m.orgId);
    if (count) count.n += 1;
    else counts.set(m.orgId, { orgId: m.orgId, slot: m.slot, n: 1 });
  }
  return [...counts.values()].sort((a, b) => (a.orgId < b.orgId ? -1 : a.orgId > b.orgId ? 1 : 0));
}

/**
 * Writes movements, one or several, with the same few statements: refuses (422) a movement whose
 * warehouses or items are unfit before writing anything, and throws the balance table's check
 * violation when a balance would go below zero unless allowed (the caller rolls back).
 */
async function writeMovements(tx: Tx, movements: PreparedMovement[]): Promise<Movement[]> {
  const catalogs = await findCatalogs(tx, movements);
  movements.forEach((m, i) => m.refuseUnfit(catalogs[i]!));
  const lines = movements.map((m, i) => {
    const products = catalogs[i]!.products;
    return m.lines.map((l): NewLineRow => ({ ...l, cost_per_unit: l.cost_per_unit ?? products.get(l.item_id)?.cost ?? 0 }));
  });
  await insertMovements(tx.db, tx.dialect, movements.map((m) => m.movement));
  await insertLines(tx.db, tx.dialect, lines.flat());
  await upsertBalances(tx.db, tx.dialect, summedChanges(movements));
  await bumpCounts(tx.db, tx.dialect, movementCounts(movements));
  for (const orgId of new Set(movements.map((m) => m.orgId))) await bumpCollection(tx.db, orgId, stockLedger.table);
  return movements.map((m, i) => movementView(m.movement, lines[i]!));
}

function shortage(change: MovementChange, available: number) {
  const field = `lines.${change.firstLine}.qty`;
  const message = `not enough stock of item "${change.itemId}" in warehouse "${change.warehouseId}": available ${formatScaled(available, QTY_SCALE)}, requested ${formatScaled(-change.delta, QTY_SCALE)}`;
  return validationError(message, [{ field, message }], {
    item_id: change.itemId,
    warehouse_id: change.warehouseId,
    available: scaledToNumber(available, QTY_SCALE),
    requested: scaledToNumber(-change.delta, QTY_SCALE),
  });
}

/**
 * The first decrease the balances as they stand cannot cover, with the available quantity.
 * Every balance of the movement is read in lock order, and on PostgreSQL locked till the
 * transaction ends (on SQLite the writer holds the database's write lock already).
 */
async function findShortage(db: Kysely<Database>, dialect: Dialect, movement: PreparedMovement) {
  for (const change of movement.changes) {
    const row = await findBalance(db, movement.orgId, change.warehouseId, change.itemId, dialect === 'postgres');
    if (change.delta >= 0 || movement.allowNegative) continue;
    const available = row ? row.on_hand - row.reserved : 0;
    if (available + change.delta < 0) return shortage(change, available);
  }
  return undefined;
}

/**
 * Posts one prepared movement in `tx`. If a balance refuses it, the attempt is rolled back and
 * the balances are locked and read: the 422 then names the item, warehouse and available
 * quantity exactly, and if others changed the stock meanwhile so that it now suffices, the
 * movement is written under those locks.
 */
async function postPrepared(tx: Tx, movement: PreparedMovement): Promise<Movement> {
  try {
    return await inSavepoint(tx, async (nested) => (await writeMovements(nested, [movement]))[0]!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_exists', `a movement with id "${movement.movement.id}" already exists`);
    if (!isCheckViolation(error)) throw error;
  }
  const refused = await findShortage(tx.db, tx.dialect, movement);
  if (refused) throw refused;
  return (await writeMovements(tx, [movement]))[0]!;
}

/** Posts one movement in the caller's transaction (a keyed request, an import). */
export function postMovement(tx: Tx, actor: LedgerActor, input: NewMovement): Promise<Movement> {
  return postPrepared(tx, prepareMovement(actor, input));
}

/** Movements sharing statements carry at most this many lines (one movement may carry more). */
const MAX_SHARED_LINES = 1000;

/**
 * Which movements may share statements. The statement sums each balance's changes, and the
 * balance table checks the end result when any member decreases it. That is exact when the
 * members can be put in an order where every increase of a balance comes before every decrease
 * of it: falling from its highest point, a balance whose end is not negative was never
 * negative on the way. So a movement joins only if that order still exists (the "increases
 * before decreases" relation stays free of cycles, as two opposite transfers of one item would
 * make it). Every member's stock check then means what it would mean posted alone; a refused
 * sum sends each member back to be posted alone.
 */
class BalanceOrder implements SharingGroup<PreparedMovement> {
  private readonly increasers = new Map<string, number[]>();
  private readonly decreasers = new Map<string, number[]>();
  /** Member i must come before each member of after[i]: it increases a balance they decrease. */
  private readonly after: number[][] = [];
  private lines = 0;

  add(movement: PreparedMovement): boolean {
    if (this.after.length > 0 && this.lines + movement.lines.length > MAX_SHARED_LINES) return false;
    const changes = movement.changes.map((c) => ({ key: `${movement.orgId}\u0000${c.warehouseId}\u0000${c.itemId}`, decrease: c.delta < 0 }));
    const before = changes.flatMap((c) => (c.decrease ? (this.increasers.get(c.key) ?? []) : []));
    const later = changes.flatMap((c) => (c.decrease ? [] : (this.decreasers.get(c.key) ?? [])));
    if (this.reachesAny(later, new Set(before))) return false;
    const index = this.after.length;
    this.after.push([...new Set(later)]);
    for (const b of new Set(before)) this.after[b]!.push(index);
    for (const c of changes) {
      const side = c.decrease ? this.decreasers : this.increasers;
      const members = side.get(c.key);
      if (members) members.push(index);
      else side.set(c.key, [index]);
    }
    this.lines += movement.lines.length;
    return true;
  }

  /** Whether a walk along `after` from any of `starts` meets a member of `targets`. */
  private reachesAny(starts: number[], targets: Set<number>): boolean {
    if (targets.size === 0) return false;
    const seen = new Set<number>();
    const stack = [...starts];
    while (stack.length > 0) {
      const m = stack.pop()!;
      if (targets.has(m)) return true;
      if (seen.has(m)) continue;
      seen.add(m);
      stack.push(...this.after[m]!);
    }
    return false;
  }
}

/** POST /movements: movements arriving together share a transaction and its statements. */
export const movementPosting: SharedWrite<PreparedMovement, Movement> = {
  one: postPrepared,
  many: writeMovements,
  group: () => new BalanceOrder(),
};

/** One movement, or a 404. */
export async function getMovement(db: Kysely<Database>, actor: Pick<Actor, 'orgId'>, id: string): Promise<Movement> {
  const row = await findMovement(db, actor.orgId, id);
  if (!row) throw notFound('movement');
  return movementView(row, await linesOf(db, actor.orgId, [row.id]));
}

const CURSOR_PURPOSE = 'movement-cursor';

/**
 * The cursor is the position (seq) of the last movement of the page, sealed with the server key
 * and bound to the organization: it tells nothing (the sequence is shared by every
 * organization) and only opens for the organization it was given to.
 */
export function encodeCursor(sealer: Sealer, orgId: string, seq: number): string {
  return sealer.seal(CURSOR_PURPOSE, orgId, `m1:${seq}`);
}

export function decodeCursor(sealer: Sealer, orgId: string, cursor: string): number {
  const match = /^m1:(\d{1,15})$/.exec(sealer.open(CURSOR_PURPOSE, orgId, cursor) ?? '');
  if (!match) throw invalidField('cursor', 'is not a next_cursor this API returned');
  return Number(match[1]);
}

/** The newest-first movement feed, one keyset page at a time. */
export async function listMovements(db: Kysely<Database>, actor: Pick<Actor, 'orgId'>, query: MovementListQuery, sealer: Sealer): Promise<MovementPage> {
  const { orgId } = actor;
  const before = query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(sealer, orgId, query.cursor);
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
    next_cursor: rows.length > query.limit && last ? encodeCursor(sealer, orgId, last.seq) : null,
  };
}
