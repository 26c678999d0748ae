/**
 * The movement rule: what a POST /movements body means before anything is written. It checks
 * the input (422 on bad lines, kinds or warehouses), works out which balances change and by how
 * much (one signed change per warehouse and item), and what the catalog must confirm (no
 * service items, no unknown or archived warehouses). movements.ts writes what this prepares.
 */
import { invalidField, invalidFields } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { MONEY_SCALE, QTY_SCALE } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { LedgerActor } from './actor.ts';
import { COUNT_SLOTS } from './movements.queries.ts';
import type { NewLineRow, NewMovementRow } from './movements.queries.ts';
import { decimalField } from '../../http/decimal-field.ts';
import type { MovementCreateBody } from './schemas.ts';

/** POST /movements' body, plus what only the import may set (a kept id, date and author). */
export interface NewMovement extends MovementCreateBody {
  id?: string | undefined;
  date?: string | undefined;
  /** The lines' ids, by position, kept by an import (new ids otherwise). */
  lineIds?: ReadonlyArray<string | undefined> | undefined;
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
    const qty = decimalField(`lines.${index}.qty`, line.qty, QTY_SCALE);
    if (input.kind === 'adjustment' ? qty === 0 : qty <= 0) {
      throw invalidField(`lines.${index}.qty`, input.kind === 'adjustment' ? 'must not be zero' : 'must be greater than zero');
    }
    const cost = line.cost_per_unit === undefined ? undefined : decimalField(`lines.${index}.cost_per_unit`, line.cost_per_unit, MONEY_SCALE, { min: 0 });
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
export interface CatalogFound {
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
    if (problems.length > 0) throw invalidFields(problems);
  };
}

/** One signed change of a movement to one balance. */
export interface MovementChange {
  warehouseId: string;
  itemId: string;
  delta: number;
  /** The first line that contributes, named in a shortage error. */
  firstLine: number;
  /** The id of the balance row, should this change create it. */
  newRowId: string;
}

/** The order balances are locked in by every writer: by warehouse, then item. */
export function byBalanceKey(a: { warehouseId: string; itemId: string }, b: { warehouseId: string; itemId: string }): number {
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
        id: input.lineIds?.[line.index] ?? newId(),
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
