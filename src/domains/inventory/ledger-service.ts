/**
 * The stock ledger: a movement and the balance changes it causes are written atomically (one
 * transaction, or on PostgreSQL one statement); balances are only ever changed by atomic
 * increments, never read-modify-write, and the balance table refuses negative stock itself.
 */
import type { Kysely } from 'kysely';
import { conflict, invalidField, validationError } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { isoWithoutOffset, nowIso, readJson, toJson } from '../../storage/codecs.ts';
import { formatScaled, scaledToNumber } from '../../storage/decimal.ts';
import { isCheckViolation, isUniqueViolation } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import type { Database } from '../../storage/schema.ts';
import type { StatementScope } from '../../storage/storage.ts';
import { COUNT_SLOTS, findBalance } from './ledger-queries.ts';
import type { LineRow, MovementRow } from './ledger-queries.ts';
import { byBalanceKey, storedLines, writeMovement } from './ledger-write.ts';
import type { CatalogFound, MovementWrite } from './ledger-write.ts';
import { MONEY_SCALE, QTY_SCALE, scaledField } from './products.ts';
import type { Movement, MovementCreateBody, MovementLine } from './schemas.ts';

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

/** Throws the 422 naming every unknown or archived warehouse and unknown or service item. */
function refuseUnfit(input: NewMovement, lines: ParsedLine[]): (found: CatalogFound) => void {
  return (found) => {
    const problems: FieldProblem[] = [];
    const warehouses = new Map(found.warehouses.map((w) => [w.id, w]));
    for (const [field, id] of [['warehouse_id', input.warehouse_id], ['to_warehouse_id', input.to_warehouse_id]] as const) {
      if (id === undefined || id === null) continue;
      const w = warehouses.get(id);
      if (!w) problems.push({ field, message: `no warehouse "${id}" in this organization` });
      else if (w.is_archived) problems.push({ field, message: `warehouse "${id}" is archived` });
    }
    const products = new Map(found.products.map((p) => [p.id, p]));
    for (const line of lines) {
      const p = products.get(line.itemId);
      if (!p) problems.push({ field: `lines.${line.index}.item_id`, message: `no product "${line.itemId}" in this organization` });
      else if (p.item_type === 'service') problems.push({ field: `lines.${line.index}.item_id`, message: `"${p.name}" is a service item: services are not stocked` });
    }
    if (problems.length > 0) throw validationError(problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
  };
}

function movementDate(given: string | undefined): string {
  if (given === undefined) return nowIso();
  // A timestamp without an offset is UTC, as the API writes it.
  const text = /(?:Z|[+-]\d{2}:?\d{2})$/.test(given) ? given : `${given}Z`;
  const when = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(given) || Number.isNaN(when.getTime())) throw invalidField('date', 'must be an ISO 8601 timestamp');
  return when.toISOString();
}

interface BalanceDelta {
  warehouseId: string;
  itemId: string;
  delta: number;
  /** The first line that contributes, named in a shortage error. */
  firstLine: number;
}

/** One signed change per (warehouse, item), in a fixed order so concurrent writers lock rows alike. */
function balanceDeltas(lines: ParsedLine[], from: string | null, to: string | null): BalanceDelta[] {
  const deltas = new Map<string, BalanceDelta>();
  const add = (warehouseId: string, line: ParsedLine, delta: number) => {
    const key = `${warehouseId}\u0000${line.itemId}`;
    const entry = deltas.get(key) ?? { warehouseId, itemId: line.itemId, delta: 0, firstLine: line.index };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  for (const line of lines) {
    if (from !== null) add(from, line, -line.qty);
    if (to !== null) add(to, line, line.qty);
  }
  return [...deltas.values()].sort(byBalanceKey);
}

export function lineView(row: LineRow): MovementLine {
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

export function movementView(row: Omit<MovementRow, 'seq' | 'org_id'>, lines: LineRow[]): Movement {
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

function shortage(change: BalanceDelta, available: number) {
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
 * The first decrease that the balances as they stand now cannot cover, with the available
 * quantity. With `lock`, every balance of the movement is locked, in the order the write takes them.
 */
async function findShortage(db: Kysely<Database>, orgId: string, changes: BalanceDelta[], lock = false) {
  for (const change of changes) {
    if (change.delta >= 0 && !lock) continue;
    const row = await findBalance(db, orgId, change.warehouseId, change.itemId, lock);
    if (change.delta >= 0) continue;
    const available = row ? row.on_hand - row.reserved : 0;
    if (available + change.delta < 0) return shortage(change, available);
  }
  return undefined;
}

/**
 * The movement in a transaction (its own, or the caller's) that first locks every balance it
 * changes, in order, and reads them: a shortage is then exact, and the write cannot be refused
 * by the table's check.
 */
function writeLocked(tx: StatementScope, orgId: string, changes: BalanceDelta[], write: MovementWrite, refuse: (found: CatalogFound) => void): Promise<CatalogFound> {
  const run = async (db: Kysely<Database>) => {
    const refused = await findShortage(db, orgId, changes, true);
    if (refused) throw refused;
    return writeMovement(db, tx.dialect, write, refuse);
  };
  return tx.db.isTransaction ? run(tx.db) : tx.db.transaction().execute(run);
}

/**
 * Posts one movement: validates it, then records it with its lines and applies its balance
 * changes atomically. A decrease that would leave available stock below zero is refused by the
 * balance table's own check (unless the organization allows negative stock), so two racing
 * shipments can never both pass; the 422 then names the item, warehouse and available quantity.
 */
export async function postMovement(tx: StatementScope, actor: LedgerActor, input: NewMovement): Promise<Movement> {
  const { from, to } = endpoints(input);
  const lines = parseLines(input);
  const date = movementDate(input.date);
  const movement: Omit<MovementRow, 'seq' | 'org_id'> = {
    id: input.id ?? newId(),
    kind: input.kind,
    date,
    from_warehouse_id: from,
    to_warehouse_id: to,
    reason: input.notes ?? null,
    reference_type: input.reference_type ?? null,
    reference_id: input.reference_id ?? null,
    created_by_user_id: actor.userId,
  };
  const lineRows: MovementWrite['lines'] = lines.map((line) => {
    const given = input.lines[line.index];
    return {
      id: newId(),
      line_no: line.index,
      item_id: line.itemId,
      qty: line.qty,
      cost_per_unit: line.cost ?? null,
      cost_currency: actor.currency,
      batch_id: given?.batch_id ?? null,
      serial_numbers: given?.serial_numbers ? toJson(given.serial_numbers) : null,
      notes: given?.notes ?? null,
    };
  });
  const changes = balanceDeltas(lines, from, to);
  const write: MovementWrite = {
    orgId: actor.orgId,
    movement,
    lines: lineRows,
    allowNegative: actor.allowNegativeStock,
    changes: changes.map((c) => ({ warehouseId: c.warehouseId, itemId: c.itemId, delta: c.delta, newRowId: newId(), negativeOk: actor.allowNegativeStock || c.delta >= 0 })),
    slot: Math.floor(Math.random() * COUNT_SLOTS),
    warehouseIds: [from, to].filter((w): w is string => w !== null),
    itemIds: [...new Set(lines.map((l) => l.itemId))],
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const found = attempt === 1 ? await writeMovement(tx.db, tx.dialect, write, refuseUnfit(input, lines)) : await writeLocked(tx, actor.orgId, changes, write, refuseUnfit(input, lines));
      const cost = new Map(found.products.map((p) => [p.id, p.cost_per_unit]));
      return movementView(movement, storedLines(write, cost));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('already_exists', `a movement with id "${movement.id}" already exists`);
      if (!isCheckViolation(error)) throw error;
      // On PostgreSQL the refused statement wrote nothing (it ran alone or in a savepoint), and
      // other writers may change the stock before a read: post again with the balances locked,
      // which refuses exactly. On SQLite this writer holds the lock: the read is exact.
      if (tx.dialect === 'postgres' && attempt === 1) continue;
      throw (await findShortage(tx.db, actor.orgId, changes)) ?? error;
    }
  }
}
