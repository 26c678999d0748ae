/**
 * Keyset pages: a list's next page starts after the last record of the previous one, found by
 * comparing the list's order columns with that record's values, so every page is one index
 * range however deep it lies. The cursor carries those values and a fingerprint of the list it
 * came from (table, organization, filters); it is checked, never trusted: a cursor of another
 * list or other filters, or one that is not a cursor at all, is refused (InvalidCursorError).
 * The values are the caller's own record's, so the cursor hides nothing it could learn; a forged
 * one is at worst a position in the caller's own list.
 */
import { createHash } from 'node:crypto';
import { codeOf, InvalidCursorError } from './errors.ts';
import { ident } from './statements.ts';

export type Direction = 'asc' | 'desc';
export type OrderColumns = ReadonlyArray<readonly [string, Direction]>;
/** The order columns' values of one record, in order. */
export type Position = ReadonlyArray<string | number | boolean>;

const VERSION = 'k1';
/** Longest value kept in a cursor: order columns are names, times and ids. */
const MAX_VALUE_LENGTH = 1000;

/**
 * The condition "after `position` in `order`" on the table aliased `t`, with one `?` per
 * parameter of keysetParams(). One direction throughout is a row-value comparison (an index
 * range on both engines); mixed directions spell the comparison out column by column.
 */
export function keysetCondition(order: OrderColumns): string {
  const columns = order.map(([c]) => `t.${ident(c)}`);
  const direction = order[0]?.[1];
  if (order.every(([, d]) => d === direction)) {
    const op = direction === 'desc' ? '<' : '>';
    return `(${columns.join(', ')}) ${op} (${columns.map(() => '?').join(', ')})`;
  }
  const after = (i: number): string => {
    const [, d] = order[i] as readonly [string, Direction];
    const beyond = `${columns[i]} ${d === 'desc' ? '<' : '>'} ?`;
    return i === order.length - 1 ? beyond : `(${beyond} or (${columns[i]} = ? and ${after(i + 1)}))`;
  };
  return after(0);
}

/** The parameters of keysetCondition(order) for this position. */
export function keysetParams(order: OrderColumns, position: Position): unknown[] {
  const direction = order[0]?.[1];
  if (order.every(([, d]) => d === direction)) return [...position];
  return position.flatMap((value, i) => (i === position.length - 1 ? [value] : [value, value]));
}

/** A short digest naming one list: the same parts give the same fingerprint, any other part another. */
export function listFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

export function encodeCursor(fingerprint: string, position: Position): string {
  return Buffer.from(JSON.stringify([VERSION, fingerprint, ...position]), 'utf8').toString('base64url');
}

/** The position a cursor of this list holds; InvalidCursorError for anything else. */
export function decodeCursor(cursor: string, fingerprint: string, width: number): Position {
  const parsed = parse(cursor);
  if (!Array.isArray(parsed) || parsed[0] !== VERSION || parsed.length !== width + 2) throw new InvalidCursorError('cursor', 'is not a next_cursor this API returned');
  if (parsed[1] !== fingerprint) throw new InvalidCursorError('cursor', 'belongs to another list or other filters: pass the same filters as the page it came from');
  const values = parsed.slice(2) as unknown[];
  if (!values.every(isPositionValue)) throw new InvalidCursorError('cursor', 'is not a next_cursor this API returned');
  return values;
}

/**
 * Where a page of this list starts: undefined from `offset`, or the position the cursor holds.
 * A cursor starts the page itself, so it goes with offset 0 only.
 */
export function startOf(page: { cursor?: string | undefined; offset: number }, fingerprint: string, width: number): Position | undefined {
  if (page.cursor === undefined || page.cursor === '') return undefined;
  const position = decodeCursor(page.cursor, fingerprint, width);
  if (page.offset !== 0) throw new InvalidCursorError('offset', 'must be 0 with a cursor: the cursor says where the page starts');
  return position;
}

/**
 * The page of `limit` rows out of the `limit + 1` read, and the cursor of the page after it
 * (null when no row was beyond the page).
 */
export function pageAndCursor<Row>(rows: readonly Row[], limit: number, fingerprint: string, positionOf: (row: Row) => Position): { page: Row[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next: rows.length > limit && last !== undefined ? encodeCursor(fingerprint, positionOf(last)) : null };
}

function parse(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isPositionValue(value: unknown): value is string | number | boolean {
  if (typeof value === 'string') return value.length <= MAX_VALUE_LENGTH;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean';
}

/**
 * A cursor's values compared with columns of another type (a forged cursor, a text where a
 * number belongs) fail on PostgreSQL with a data exception (SQLSTATE class 22): the cursor is at fault.
 */
export function refuseUnreadableCursor(error: unknown): never {
  if (codeOf(error)?.startsWith('22')) throw new InvalidCursorError('cursor', 'is not a next_cursor this API returned');
  throw error;
}
