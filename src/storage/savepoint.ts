import { CompiledQuery } from 'kysely';
import type { Tx } from './storage.ts';

// Compiled once: a shared write takes one per request on its fallback and keyed paths.
const SAVEPOINT = CompiledQuery.raw('savepoint nested_write');
const RELEASE = CompiledQuery.raw('release nested_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to nested_write');

/** What a savepoint's work came to: its value, or the error it threw (its writes rolled back). */
export type SavepointOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `work` in a savepoint of `tx`: if it throws, what it wrote is rolled back and `tx` stays
 * usable (on PostgreSQL a failed statement would otherwise abort the whole transaction). Its
 * after-commit hooks and notices reach `tx` only if it succeeds. Throws only when the
 * savepoint itself cannot be rolled back: the whole transaction has then failed.
 */
export async function trySavepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<SavepointOutcome<T>> {
  const hooks: Array<() => void> = [];
  const notices: Array<[string, string]> = [];
  const nested: Tx = {
    db: tx.db,
    dialect: tx.dialect,
    afterCommit: (hook) => hooks.push(hook),
    notify: async (channel, payload = '') => {
      notices.push([channel, payload]);
    },
  };
  await tx.db.executeQuery(SAVEPOINT);
  let value: T;
  try {
    value = await work(nested);
  } catch (error) {
    await tx.db.executeQuery(ROLLBACK_TO);
    await tx.db.executeQuery(RELEASE);
    return { ok: false, error };
  }
  await tx.db.executeQuery(RELEASE);
  for (const hook of hooks) tx.afterCommit(hook);
  for (const [channel, payload] of notices) await tx.notify(channel, payload);
  return { ok: true, value };
}

/** trySavepoint that throws work's error (after rolling its writes back). */
export async function inSavepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outcome = await trySavepoint(tx, work);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
