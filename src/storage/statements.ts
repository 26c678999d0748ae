/**
 * Running SQL text that storage builds itself (from typed specs, never from input): the
 * placeholder style of a handle, and reads that skip Kysely's connection queue on SQLite.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { preparedOnPostgres } from './postgres.ts';
import { unansweredOnPostgres } from './pipelined.ts';
import type { FailureReading } from './pipelined.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * `?` (SQLite) or `$n` (PostgreSQL), learnt once per dialect from Kysely's own compiler. Kept by
 * the dialect's adapter, which a transaction shares with its database: a transaction is a new
 * handle, and compiling a probe for each one cost more than the statements that asked.
 */
const numbered = new WeakMap<object, boolean>();

export function usesNumberedPlaceholders(db: Db): boolean {
  const adapter = db.getExecutor().adapter;
  let known = numbered.get(adapter);
  if (known === undefined) {
    known = sql`${0}`.compile(db).sql !== '?';
    numbered.set(adapter, known);
  }
  return known;
}

/** Texts with `$n` placeholders by their `?` form: storage builds a bounded set of texts, each used again and again. */
const numberedTexts = new Map<string, string>();
const MAX_NUMBERED_TEXTS = 10_000;

/** A SQL text with `?` placeholders, in the style of `db`. */
function placeholders(db: Db, text: string): string {
  if (!usesNumberedPlaceholders(db)) return text;
  let numberedText = numberedTexts.get(text);
  if (numberedText === undefined) {
    let n = 0;
    numberedText = text.replace(/\?/g, () => `$${++n}`);
    if (numberedTexts.size >= MAX_NUMBERED_TEXTS) numberedTexts.clear();
    numberedTexts.set(text, numberedText);
  }
  return numberedText;
}

/** SQLite connections whose committed state may be read directly (see directRows). */
const sqliteHandles = new WeakMap<Db, BetterSqlite3.Database>();

export function registerSqliteHandle(db: Db, raw: BetterSqlite3.Database): void {
  sqliteHandles.set(db, raw);
}

/**
 * Rows as arrays in column order. On SQLite, when no transaction is open on the connection,
 * the statement runs synchronously on better-sqlite3 in array mode: no queue behind Kysely's
 * connection lock, and no object with named keys per row (the largest cost of a list page).
 * While a transaction is open the read waits for it through Kysely, so it never sees
 * uncommitted rows. On PostgreSQL the text is a named prepared statement.
 */
export class RowReader {
  readonly #statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

  async rows(db: Db, text: string, params: readonly unknown[]): Promise<unknown[][]> {
    const raw = sqliteHandles.get(db);
    if (raw !== undefined && !raw.inTransaction) return this.#statement(raw, text).all(...params.map(bindable)) as unknown[][];
    const query = usesNumberedPlaceholders(db) ? preparedOnPostgres(placeholders(db, text)) : text;
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query, [...params]));
    return result.rows.map((row) => Object.values(row));
  }

  /**
   * rows() for a wide result of `columns` columns. On the direct SQLite path each row comes back
   * as one JSON array built by SQLite and parsed in one call: better-sqlite3 pays far more
   * per value it hands to JavaScript than JSON.parse does. Only for columns of text, integers
   * and NULL (what JSON carries exactly).
   */
  async wideRows(db: Db, text: string, params: readonly unknown[], columns: number): Promise<unknown[][]> {
    const raw = sqliteHandles.get(db);
    if (raw === undefined || raw.inTransaction) return this.rows(db, text, params);
    const list = Array.from({ length: columns }, (_, i) => `c${i}`).join(', ');
    const rows = this.#statement(raw, `select json_array(${list}) from (${text})`).all(...params.map(bindable)) as Array<[string]>;
    return rows.map((row) => JSON.parse(row[0]) as unknown[]);
  }

  #statement(raw: BetterSqlite3.Database, text: string): BetterSqlite3.Statement {
    let byText = this.#statements.get(raw);
    if (byText === undefined) {
      byText = new Map();
      this.#statements.set(raw, byText);
    }
    let statement = byText.get(text);
    if (statement === undefined) {
      statement = raw.prepare(text).raw(true);
      byText.set(text, statement);
    }
    return statement;
  }
}

/** SQLite binds no booleans: 1/0, as PostgreSQL accepts too. */
function bindable(value: unknown): unknown {
  return value === true ? 1 : value === false ? 0 : value;
}

/**
 * Runs a write of storage-built text (`?` placeholders) on `db`. `prepared` makes it a named
 * statement on PostgreSQL: for a few hot texts only, as an update's text varies with the columns
 * it sets and every name stays prepared on every pooled connection.
 */
export async function runWrite(db: Db, text: string, params: readonly unknown[], prepared = false): Promise<{ rows: Array<Record<string, unknown>>; changed: number }> {
  const numbered = usesNumberedPlaceholders(db) ? placeholders(db, text) : text;
  const query = prepared && numbered !== text ? preparedOnPostgres(numbered) : numbered;
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query, [...params]));
  return { rows: result.rows, changed: Number(result.numAffectedRows ?? 0n) };
}

/**
 * runWrite, prepared, for a write whose answer its caller never reads: on PostgreSQL, inside a
 * transaction, it is written with the next statement instead of taking a round trip of its own
 * (see pipelined.ts); a failure fails the transaction, reported by the next statement or the
 * commit, as `reading` turns it (the error the caller would throw had it waited).
 */
export async function runUnansweredWrite(db: Db, text: string, params: readonly unknown[], reading?: FailureReading): Promise<void> {
  if (usesNumberedPlaceholders(db)) unansweredOnPostgres(placeholders(db, text), reading);
  try {
    await runWrite(db, text, params, true);
  } catch (error) {
    // Answered here (SQLite, or outside a transaction): it reads as it would where it surfaces later.
    throw reading === undefined ? error : reading(error, params);
  }
}

const SETTLE = CompiledQuery.raw('select 1');

/**
 * Waits for the writes sent ahead on `db`'s transaction (runUnansweredWrite): a failure among
 * them is thrown here. For a caller that tells failures apart step by step (an import names the
 * record that failed); a round trip on PostgreSQL, nothing on SQLite.
 */
export async function settleWritesAhead(db: Db): Promise<void> {
  if (usesNumberedPlaceholders(db)) await db.executeQuery(SETTLE);
}

/** A quoted identifier; storage builds SQL only from names declared in code. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}
