/**
 * What differs between SQLite and PostgreSQL for a use case, as things its transaction can do
 * rather than the name of the database (the way Kysely's dialect adapters answer
 * `supportsReturning` instead of "postgres"). A transaction (Tx) carries them, so no domain
 * asks which database it runs on: it locks, claims and reuses statements, and each database
 * does what that means for it.
 */
import { sql } from 'kysely';
import type { Expression, SelectQueryBuilder, SqlBool, Transaction } from 'kysely';
import { preparedOnPostgres } from './postgres.ts';
import type { Database } from './schema.ts';

export interface DatabaseCapabilities {
  /**
   * The rows a transaction is about to change on behalf of what it read: on PostgreSQL
   * `FOR UPDATE`, so a concurrent transaction locking the same rows waits until this one ends and
   * then reads what it committed; on SQLite BEGIN IMMEDIATE already serializes writers.
   */
  lockForUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * Rows a transaction relies on staying as they are, without keeping other readers of them
   * waiting: on PostgreSQL `FOR KEY SHARE`, so a concurrent delete of them waits until this
   * transaction ends (and one that deleted them first makes this read wait and then miss them);
   * on SQLite BEGIN IMMEDIATE already serializes writers.
   */
  lockAgainstDelete<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * Rows a worker claims: on PostgreSQL `FOR UPDATE [OF table] SKIP LOCKED`, so concurrent
   * claimers take disjoint rows without waiting; on SQLite the claiming transaction's BEGIN
   * IMMEDIATE already serializes claimers, and the clause does not exist.
   */
  claimSkippingLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, of?: TB & string): SelectQueryBuilder<DB, TB, O>;
  /**
   * Takes a lock on a name for the rest of the transaction, or answers false at once when another
   * open transaction holds it: on PostgreSQL a transaction-scoped advisory lock; on SQLite the
   * transaction's BEGIN IMMEDIATE already makes it the only writer, so it always holds.
   */
  tryLockForTransaction(db: Transaction<Database>, name: string): Promise<boolean>;
  /**
   * tryLockForTransaction as a condition inside a statement, so a write made only under the lock
   * (`insert … select … where <condition>`) is one round trip: true when the transaction now
   * holds the lock (taking it again is allowed), false at once when another transaction does.
   * It binds `name` as its one parameter on every database, so a statement holding it can be
   * compiled once (reusable.ts) with the same parameters everywhere.
   */
  lockCondition(name: string): Expression<SqlBool>;
  /** The text a compiled statement is kept under for reuse: on PostgreSQL a named prepared statement. */
  reusedText(compiledSql: string): string;
  /**
   * The key the transaction's last insert into `table` generated for its identity `column`, as an
   * expression a later statement of the transaction can use, so that the insert need not answer
   * it and can go out without a round trip of its own: on PostgreSQL the current value of the
   * column's sequence. Undefined on SQLite, where a statement takes no round trip and returning
   * the key costs nothing.
   */
  lastGeneratedKey(table: string, column: string): Expression<number> | undefined;
}

export const sqliteCapabilities: DatabaseCapabilities = {
  lockForUpdate: (query) => query,
  lockAgainstDelete: (query) => query,
  claimSkippingLocked: (query) => query,
  tryLockForTransaction: async () => true,
  lockCondition: (name) => sql<SqlBool>`${name} is not null`,
  reusedText: (text) => text,
  lastGeneratedKey: () => undefined,
};

export const postgresCapabilities: DatabaseCapabilities = {
  lockForUpdate: (query) => query.forUpdate(),
  lockAgainstDelete: (query) => query.forKeyShare(),
  claimSkippingLocked: (query, of) => query.forUpdate(of).skipLocked(),
  tryLockForTransaction: async (db, name) => {
    const { rows } = await sql<{ held: boolean }>`select ${advisoryLock(name)} as held`.execute(db);
    return rows[0]?.held === true;
  },
  lockCondition: advisoryLock,
  reusedText: preparedOnPostgres,
  lastGeneratedKey: (table, column) => {
    const key = `${table}.${column}`;
    let expression = lastKeys.get(key);
    if (expression === undefined) {
      expression = sql<number>`currval(pg_get_serial_sequence(${sql.lit(table)}, ${sql.lit(column)}))`;
      lastKeys.set(key, expression);
    }
    return expression;
  },
};

/** The expressions lastGeneratedKey gave, by table and column: built once, as every event asks. */
const lastKeys = new Map<string, Expression<number>>();

function advisoryLock(name: string): Expression<SqlBool> {
  return sql<SqlBool>`pg_try_advisory_xact_lock(hashtextextended(${name}, 0))`;
}
