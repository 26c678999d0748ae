import { CompiledQuery } from 'kysely';
import { deferredMark } from './before-commit.ts';
import type { Tx } from './storage.ts';

// Compiled once: they run for every keyed or refused movement.
const SAVEPOINT = CompiledQuery.raw('savepoint nested_write');
const RELEASE = CompiledQuery.raw('release nested_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to nested_write');

/**
 * Runs `work` in a savepoint of `tx`: if it throws, what it wrote is rolled back and `tx` stays
 * usable (on PostgreSQL a failed statement would otherwise abort the whole transaction). Its
 * after-commit hooks and notices reach `tx` only if it succeeds.
 */
export async function inSavepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: Array<() => void> = [];
  const notices: Array<[string, string]> = [];
  const nested: Tx = {
    ...tx,
    afterCommit: (hook) => hooks.push(hook),
    notify: async (channel, payload = '') => {
      notices.push([channel, payload]);
    },
  };
  await tx.db.executeQuery(SAVEPOINT);
  const forgetDeferred = deferredMark(tx.db);
  let value: T;
  try {
    value = await work(nested);
    // A write `work` sent ahead fails here at the latest (pipelined.ts): still within the savepoint.
    await tx.db.executeQuery(RELEASE);
  } catch (error) {
    try {
      await tx.db.executeQuery(ROLLBACK_TO);
      forgetDeferred();
      await tx.db.executeQuery(RELEASE);
    } catch {
      // The failure took the whole transaction with it (a full disk): the transaction fails with that failure.
      forgetDeferred();
    }
    throw error;
  }
  for (const hook of hooks) tx.afterCommit(hook);
  for (const [channel, payload] of notices) await tx.notify(channel, payload);
  return value;
}
