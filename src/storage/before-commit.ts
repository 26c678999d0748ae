import type { Db } from './statements.ts';

/**
 * Writes a transaction defers to its end, run just before COMMIT, each distinct key once, in key
 * order. For a write that takes a row lock many transactions want (a hot counter row): taken
 * last, the lock is held for one statement and the commit instead of for the rest of the
 * transaction's round trips, and taken in one order by every transaction, so two cannot deadlock
 * on them.
 */
const deferred = new WeakMap<Db, Map<string, () => Promise<unknown>>>();

/** Runs `work` on `db`, a transaction, and then what was deferred on it; both before its commit. */
export async function withDeferredWrites<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const writes = new Map<string, () => Promise<unknown>>();
  deferred.set(db, writes);
  try {
    const result = await work();
    for (const key of [...writes.keys()].sort()) await writes.get(key)!();
    return result;
  } finally {
    deferred.delete(db);
  }
}

/**
 * Defers `write` to the end of `db`'s transaction when that transaction defers writes (see
 * withDeferredWrites), once per `key`; otherwise runs it now.
 */
export async function deferToCommit(db: Db, key: string, write: () => Promise<unknown>): Promise<void> {
  const writes = deferred.get(db);
  if (writes === undefined) {
    await write();
    return;
  }
  if (!writes.has(key)) writes.set(key, write);
}

/**
 * Marks what `db`'s transaction has deferred so far; the function returned forgets what was
 * deferred after the mark. For a savepoint: what it wrote and then rolled back defers nothing.
 */
export function deferredMark(db: Db): () => void {
  const writes = deferred.get(db);
  if (writes === undefined) return () => {};
  const before = new Set(writes.keys());
  return () => {
    for (const key of [...writes.keys()]) if (!before.has(key)) writes.delete(key);
  };
}
