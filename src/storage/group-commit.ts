import { CompiledQuery } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { retryingTransientConflicts } from './errors.ts';
import type { Database } from './schema.ts';

/** At most this many write transactions share one commit, so one batch never holds the writer for long. */
const MAX_BATCH = 64;

/** One queued write: its work, its after-commit hooks and how to answer its caller. */
interface Pending {
  work: (trx: Transaction<Database>, hooks: Array<() => void>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  entry: Pending;
  hooks: Array<() => void>;
  ok: boolean;
  value: unknown;
}

/**
 * Group commit for a database with one writer at a time (SQLite): write transactions that
 * arrive together run one after another inside a single real transaction, each in its own
 * savepoint, and share one commit — one fsync for the whole batch instead of one per request.
 *
 * A work that fails is rolled back to its savepoint alone and its caller gets the error; the
 * others still commit. No caller hears success, and no after-commit hook runs, before the
 * shared COMMIT has returned; if that commit fails, every caller of the batch gets the error.
 * Batches start from setImmediate, so the requests parsed in one turn of the event loop share one.
 * With `syncLog`, the commit does not wait for the disk; callers are answered once it has synced.
 */
export function groupCommitter(db: Kysely<Database>, syncLog?: () => Promise<void>) {
  const queue: Pending[] = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void drain());
  };

  const drain = async () => {
    while (queue.length > 0) await runBatch(queue.splice(0, MAX_BATCH));
    scheduled = false;
  };

  const runBatch = async (batch: Pending[]) => {
    let outcomes: Outcome[];
    try {
      // Only a batch that could not begin (another process holds the write lock) fails this way:
      // no work has run yet, so it may simply be tried again.
      outcomes = await retryingTransientConflicts(() => db.transaction().execute((trx) => runEntries(trx, batch)));
    } catch (error) {
      for (const entry of batch) entry.reject(error instanceof FailedAlone ? error.cause : error);
      return;
    }
    const answer = () => {
      for (const outcome of outcomes) {
        if (!outcome.ok) {
          outcome.entry.reject(outcome.value);
          continue;
        }
        runAfterCommitHooks(outcome.hooks);
        outcome.entry.resolve(outcome.value);
      }
    };
    if (syncLog === undefined) return answer();
    // Not awaited: the next batch runs while the disk syncs. A later sync covers every earlier
    // commit, so answers may arrive out of order but never before their commit is durable.
    syncLog().then(answer, (error: unknown) => {
      for (const entry of batch) entry.reject(error);
    });
  };

  const transaction = function transaction<T>(work: (trx: Transaction<Database>, hooks: Array<() => void>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
  };
  // The writer is busy from a batch's start until the queue is empty; what is queued waits for it.
  return Object.assign(transaction, { busy: () => scheduled, waiting: () => queue.length });
}

export function runAfterCommitHooks(hooks: Array<() => void>): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // A failing after-commit hook must not turn a committed write into an error.
    }
  }
}

// Compiled once: they run twice per write.
const SAVEPOINT = CompiledQuery.raw('savepoint batch_entry');
const RELEASE = CompiledQuery.raw('release batch_entry');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batch_entry');

/** The failure of a batch's only work: the whole transaction rolls back, and its caller hears `cause`. */
class FailedAlone extends Error {
  constructor(override readonly cause: unknown) {
    super('the write failed', { cause });
  }
}

async function runEntries(trx: Transaction<Database>, batch: Pending[]): Promise<Outcome[]> {
  // A work alone in its batch needs no savepoint: its transaction is its own. A savepoint held
  // over a long write (an import) would keep the original of every page it changes in memory
  // (SQLite empties its sub-journal only once no savepoint is open), a cost growing with the
  // data already there rather than with the work.
  const [only] = batch;
  if (batch.length === 1 && only !== undefined) {
    const hooks: Array<() => void> = [];
    try {
      return [{ entry: only, hooks, ok: true, value: await only.work(trx, hooks) }];
    } catch (error) {
      throw new FailedAlone(error);
    }
  }
  const outcomes: Outcome[] = [];
  for (const entry of batch) {
    const hooks: Array<() => void> = [];
    await trx.executeQuery(SAVEPOINT);
    try {
      const value = await entry.work(trx, hooks);
      await trx.executeQuery(RELEASE);
      outcomes.push({ entry, hooks, ok: true, value });
    } catch (error) {
      try {
        await trx.executeQuery(ROLLBACK_TO);
        await trx.executeQuery(RELEASE);
      } catch {
        // The failure took the whole transaction with it (a full disk): the batch fails as one, with that failure.
        throw error;
      }
      outcomes.push({ entry, hooks: [], ok: false, value: error });
    }
  }
  return outcomes;
}
