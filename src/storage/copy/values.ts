/**
 * How one column's values cross between engines. SQLite keeps booleans as 0/1, JSON and
 * timestamps as text; PostgreSQL has BOOLEAN, JSONB and TIMESTAMPTZ. A column's kind is read
 * from the PostgreSQL side when there is one (SQLite's declared types cannot tell them apart).
 */
import { createHash, hash } from 'node:crypto';
import pg from 'pg';
import type { Dialect } from '../storage.ts';

export type ColumnKind = 'bool' | 'json' | 'timestamp' | 'integer' | 'text';

/** A value as one end reads it: SQLite's own values (integers as bigint), or PostgreSQL's text form. */
export type RawValue = string | bigint | number | boolean | Buffer | null;
/** A value between the ends: booleans as booleans, integers as bigint, the rest as the text read. */
export type PlainValue = string | bigint | number | boolean | Buffer | null;

const parseTimestampTz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

/** The kind of a PostgreSQL column from its information_schema data_type. */
export function kindOfPostgresType(dataType: string): ColumnKind {
  switch (dataType) {
    case 'boolean':
      return 'bool';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'timestamp with time zone':
      return 'timestamp';
    case 'bigint':
    case 'integer':
    case 'smallint':
      return 'integer';
    default:
      return 'text';
  }
}

/** The kind of an SQLite column from its declared type, when no PostgreSQL side says more. */
export function kindOfSqliteType(declared: string): ColumnKind {
  return declared.toUpperCase() === 'INTEGER' ? 'integer' : 'text';
}

/** One end's value made engine-neutral: booleans and integers parsed, the rest as read. */
export function plain(kind: ColumnKind, value: RawValue): PlainValue {
  if (value === null) return null;
  switch (kind) {
    case 'bool':
      return value === true || value === 1 || value === 1n || value === 't' || value === 'true';
    case 'integer':
      return typeof value === 'string' ? BigInt(value) : value;
    default:
      return value;
  }
}

function isoOf(text: string): string {
  const date = text.includes('T') ? new Date(text) : (parseTimestampTz(text) as Date);
  if (Number.isNaN(date.getTime())) throw new Error(`"${text}" is not a timestamp`);
  return date.toISOString();
}

/** A plain value as the target engine stores it. */
export function forTarget(kind: ColumnKind, value: PlainValue, target: Dialect): PlainValue {
  if (value === null) return null;
  if (target === 'postgres') return typeof value === 'bigint' ? value.toString() : value;
  switch (kind) {
    case 'bool':
      return value === true ? 1 : 0;
    // What the server itself writes on SQLite: compact JSON text, ISO 8601 UTC with milliseconds.
    case 'json':
      return typeof value === 'string' ? JSON.stringify(JSON.parse(value)) : value;
    case 'timestamp':
      return typeof value === 'string' ? isoOf(value) : value;
    default:
      return value;
  }
}

function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedJson((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** The same text for a value whichever engine holds it: JSON with sorted keys, timestamps to the millisecond. */
function digestText(kind: ColumnKind, value: PlainValue): string {
  if (value === null) return '\u0000null';
  if (Buffer.isBuffer(value)) return `\u0000bytes:${value.toString('hex')}`;
  switch (kind) {
    case 'bool':
      return value === true || value === 1 || value === 1n ? 't' : 'f';
    case 'json':
      return JSON.stringify(sortedJson(JSON.parse(String(value))));
    case 'timestamp':
      return isoOf(String(value));
    default:
      return String(value);
  }
}

/** A row's hash is read as eight 32-bit lanes. */
const LANES = 8;

/**
 * A digest of a table's rows that does not depend on their order (the engines sort text
 * differently), in constant memory whatever the table's size: each row's SHA-256, read as
 * eight 32-bit numbers, added lane by lane modulo 2^32 (a multiset hash: a row twice is not
 * the row once), then hashed with the row count. Plain numbers, no big integer per row: the
 * digest is on the copy's path for every row, twice.
 */
export class TableDigest {
  #rows = 0;
  readonly #sum = new Uint32Array(LANES);

  constructor(readonly kinds: readonly ColumnKind[]) {}

  add(row: readonly PlainValue[]): void {
    const texts = new Array<string>(row.length);
    for (let i = 0; i < row.length; i++) texts[i] = digestText(this.kinds[i] ?? 'text', row[i] ?? null);
    const digest = hash('sha256', JSON.stringify(texts), 'buffer');
    for (let lane = 0; lane < LANES; lane++) this.#sum[lane] = (this.#sum[lane]! + digest.readUInt32LE(lane * 4)) >>> 0;
    this.#rows += 1;
  }

  get rows(): number {
    return this.#rows;
  }

  hex(): string {
    return createHash('sha256').update(`${this.#rows}:${Buffer.from(this.#sum.buffer).toString('hex')}`).digest('hex');
  }
}
