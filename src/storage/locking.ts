import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { Dialect, Tx } from './storage.ts';

/**
 * Rows a worker claims: on PostgreSQL `FOR UPDATE SKIP LOCKED`, so concurrent claimers take
 * disjoint rows without waiting; on SQLite the claiming transaction's BEGIN IMMEDIATE already
 * serializes claimers, and the clause does not exist.
 */
export function skipLockedForUpdate<DB, TB extends keyof DB, O>(dialect: Dialect, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * The rows a transaction is about to change on behalf of what it read: on PostgreSQL
 * `FOR UPDATE`, so a concurrent transaction locking the same rows waits until this one ends and
 * then reads what it committed; on SQLite BEGIN IMMEDIATE already serializes writers.
 */
export function lockedForUpdate<DB, TB extends keyof DB, O>(dialect: Dialect, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * Takes a lock on a name for the rest of the transaction, or answers false at once when another
 * open transaction holds it: on PostgreSQL a transaction-scoped advisory lock; on SQLite the
 * transaction's BEGIN IMMEDIATE already makes it the only writer, so it always holds.
 */
export async function tryLockForTransaction(tx: Tx, name: string): Promise<boolean> {
  if (tx.dialect !== 'postgres') return true;
  const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) as held`.execute(tx.db);
  return rows[0]?.held === true;
}
