/**
 * Posting stock movements. A movement and the balance changes it causes are written in one
 * transaction; balances are only ever changed by atomic increments, never read-modify-write,
 * and the balance table refuses negative stock itself. The same statements post one movement
 * or several at once (POST /movements shares them between requests arriving together, through
 * Storage.shared); a movement refused by a balance is posted again with its balances locked.
 * What a movement changes is worked out by movement-rule.ts. Also reading movements: one
 * movement, and the newest-first feed.
 */
import type { Kysely } from 'kysely';
import { emitMany } from '../../events/emit-many.ts';
import { conflict, invalidField, validationError } from '../../http/errors.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { isoWithoutOffset, readBool, readJson } from '../../storage/codecs.ts';
import { formatScaled, MONEY_SCALE, QTY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { isCheckViolation, isUniqueViolation } from '../../storage/errors.ts';
import { requireFound } from '../../storage/resource.ts';
import { inSavepoint } from '../../storage/savepoint.ts';
import type { Database } from '../../storage/schema.ts';
import type { SharedWrite, SharingGroup } from '../../storage/shared-writes.ts';
import type { Tx } from '../../storage/storage.ts';
import type { InventoryActor, LedgerActor } from './actor.ts';
import { byBalanceKey, prepareMovement } from './movement-rule.ts';
import type { CatalogFound, MovementChange, NewMovement, PreparedMovement } from './movement-rule.ts';
import { bumpCounts, insertLines, insertMovements, selectCatalog, upsertBalances } from './movements.queries.ts';
import type { BalanceChange, NewLineRow } from './movements.queries.ts';
import type { Movement, MovementLine, MovementListQuery, MovementPage } from './schemas.ts';
import { countMovements, findMovement, linesOf, lockBalance, pageOfMovements, stockLedger } from './stock.queries.ts';
import type { LineRow, MovementRow } from './stock.queries.ts';


function lineView(row: LineRow | NewLineRow): MovementLine {
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

function movementView(row: Omit<MovementRow, 'seq' | 'org_id'>, lines: Array<LineRow | NewLineRow>): Movement {
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
  const { rows } = await tx.run(
    selectCatalog,
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
  await tx.run(insertMovements, movements.map((m) => m.movement));
  await tx.run(insertLines, lines.flat());
  await tx.run(upsertBalances, summedChanges(movements));
  await tx.run(bumpCounts, movementCounts(movements));
  for (const orgId of new Set(movements.map((m) => m.orgId))) await stockLedger.bump(tx.db, orgId);
  const views = movements.map((m, i) => movementView(m.movement, lines[i]!));
  await emitMany(
    tx,
    movements.map((m, i) => {
      const stockChanges = m.changes.map((c) => ({ warehouseId: c.warehouseId, itemId: c.itemId, change: scaledToNumber(c.delta, QTY_SCALE) }));
      return { orgId: m.orgId, name: 'movement.created', entityType: 'movement', entityId: m.movement.id, context: { kind: m.movement.kind, stockChanges }, record: views[i] } as const;
    }),
  );
  return views;
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
 * Every balance of the movement is read in lock order, and locked till the transaction ends.
 */
async function findShortage(tx: Tx, movement: PreparedMovement) {
  for (const change of movement.changes) {
    const row = await lockBalance(tx, movement.orgId, change.warehouseId, change.itemId);
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
  const refused = await findShortage(tx, movement);
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

/**
 * Posts several movements in `tx` with shared statements, in groups as POST /movements forms
 * them (an import); throws on any refusal, the caller then rolls back and posts them one by one.
 */
export async function postMovementsTogether(tx: Tx, movements: PreparedMovement[]): Promise<void> {
  let group = new BalanceOrder();
  let members: PreparedMovement[] = [];
  for (const movement of movements) {
    if (!group.add(movement)) {
      await writeMovements(tx, members);
      group = new BalanceOrder();
      group.add(movement);
      members = [];
    }
    members.push(movement);
  }
  if (members.length > 0) await writeMovements(tx, members);
}

/** POST /movements: movements arriving together share a transaction and its statements. */
export const movementPosting: SharedWrite<PreparedMovement, Movement> = {
  one: postPrepared,
  many: writeMovements,
  group: () => new BalanceOrder(),
};

/** One movement, or a 404. */
export async function getMovement(db: Kysely<Database>, actor: InventoryActor, id: string): Promise<Movement> {
  const row = await requireFound(await findMovement(db, actor.orgId, id), 'movement');
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
export async function listMovements(db: Kysely<Database>, actor: InventoryActor, query: MovementListQuery, sealer: Sealer): Promise<MovementPage> {
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
