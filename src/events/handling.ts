import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import { deferredMark } from '../storage/before-commit.ts';
import { failedAhead } from '../storage/pipelined.ts';
import type { Database } from '../storage/schema.ts';
import type { Storage, Tx } from '../storage/storage.ts';
import { claimDue, markDone, markFailed } from './queries.ts';
import type { ClaimedRow } from './queries.ts';
import { decodeEvent } from './registry.ts';
import type { Consumer } from './types.ts';

const SAVEPOINT = CompiledQuery.raw('savepoint consumer_event');
const RELEASE = CompiledQuery.raw('release consumer_event');
const ROLLBACK_TO = CompiledQuery.raw('rollback to consumer_event');

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Back-off after the n-th failed attempt: base, 2 × base, 4 × base, … up to an hour. */
function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface Failure {
  consumer: string;
  seq: number;
  attempts: number;
  error: unknown;
}

export interface Pass {
  claimed: number;
  /** Rows handled or set to retry: fewer than claimed when the pass ran out of its time (see handleDue's sliceMs). */
  settled: number;
  failures: Failure[];
}

/** When a pass given `sliceMs` stops handling (undefined: it handles all it claimed). */
function deadlineOf(sliceMs: number | undefined): number {
  return sliceMs === undefined ? Infinity : performance.now() + sliceMs;
}

/**
 * One transaction: claims up to `limit` due progress rows of `consumers` (the transaction's
 * row locks are the claim: FOR UPDATE SKIP LOCKED on PostgreSQL, the single writer on SQLite),
 * runs each handler and marks its rows done in the same transaction. Handlers run one after the
 * other without savepoints, the usual case being that none fails (a savepoint and its release
 * were two statements per event). When one throws, the whole pass is rolled back and the failing
 * row is set to retry after a back-off; with several rows, the others are handled again in a
 * pass that gives each handler a savepoint of its own (handlersApart). A handler may thus run
 * again after its work was rolled back, as after a crash before the commit, which leaves every
 * row pending as if it had not been claimed.
 *
 * With `sliceMs`, handling stops once that much time has passed since the pass began (after at
 * least one row): the rows handled so far are marked done and the rest stay pending for the next
 * pass. Where statements run on the event loop (SQLite) this bounds how long one pass holds it.
 * At most one row per entity and consumer is claimed at once, so leaving some changes no order.
 */
export async function handleDue(storage: Storage, consumers: readonly Consumer[], limit: number, retryBaseMs: number, sliceMs?: number): Promise<Pass> {
  const byName = new Map(consumers.map((c) => [c.name, c]));
  let failed: { row: ClaimedRow; error: unknown; alone: boolean } | undefined;
  try {
    return await storage.transaction(async (tx) => {
      failed = undefined;
      const deadline = deadlineOf(sliceMs);
      const claimed = await claimDue(tx, [...byName.keys()], new Date().toISOString(), limit);
      const rows: ClaimedRow[] = [];
      for (const row of claimed) {
        if (rows.length > 0 && performance.now() > deadline) break;
        rows.push(row);
        try {
          await byName.get(row.consumer)?.handle(tx, decodeEvent(row.event));
        } catch (error) {
          // A write an earlier handler sent ahead may fail at this handler's statement: not blamed on it.
          if (claimed.length === 1 || !failedAhead(error)) failed = { row, error, alone: claimed.length === 1 };
          throw error;
        }
      }
      await markEachDone(tx, rows);
      return { claimed: claimed.length, settled: rows.length, failures: [] };
    });
  } catch (error) {
    const first = failed;
    // A write a handler sent ahead fails at a later statement (see storage/pipelined.ts): a
    // failure that cannot be told to be one handler's is found again with each handler in its
    // savepoint, where it is that handler's own.
    if (first === undefined && failedAhead(error)) return handlersApart(storage, byName, limit, retryBaseMs, undefined, sliceMs);
    if (first === undefined || first.error !== error) throw error;
    if (!first.alone) return handlersApart(storage, byName, limit, retryBaseMs, first, sliceMs);
    const failure = await storage.transaction((tx) => recordFailure(tx.db, first.row, error, retryBaseMs));
    return { claimed: 1, settled: 1, failures: [failure] };
  }
}

/**
 * handleDue with each handler in a savepoint: one that throws is rolled back alone and set to
 * retry. The row that already failed in the pass before is set to retry without running again.
 */
async function handlersApart(
  storage: Storage,
  byName: ReadonlyMap<string, Consumer>,
  limit: number,
  retryBaseMs: number,
  failed: { row: ClaimedRow; error: unknown } | undefined,
  sliceMs: number | undefined,
): Promise<Pass> {
  return storage.transaction(async (tx) => {
    const deadline = deadlineOf(sliceMs);
    const rows = await claimDue(tx, [...byName.keys()], new Date().toISOString(), limit);
    const handled: ClaimedRow[] = [];
    const failures: Failure[] = [];
    for (const row of rows) {
      // The row that failed before is set to retry whatever the time: it must not run again.
      if (failed !== undefined && row.consumer === failed.row.consumer && row.event.seq === failed.row.event.seq) {
        failures.push(await recordFailure(tx.db, row, failed.error, retryBaseMs));
        continue;
      }
      if (handled.length + failures.length > 0 && performance.now() > deadline) continue;
      const consumer = byName.get(row.consumer);
      if (consumer) {
        await tx.db.executeQuery(SAVEPOINT);
        const forgetDeferred = deferredMark(tx.db);
        try {
          await consumer.handle(tx, decodeEvent(row.event));
          await tx.db.executeQuery(RELEASE);
        } catch (error) {
          await tx.db.executeQuery(ROLLBACK_TO);
          forgetDeferred();
          await tx.db.executeQuery(RELEASE);
          failures.push(await recordFailure(tx.db, row, error, retryBaseMs));
          continue;
        }
      }
      handled.push(row);
    }
    await markEachDone(tx, handled);
    return { claimed: rows.length, settled: handled.length + failures.length, failures };
  });
}

/** Marks the rows done, one statement per consumer. */
async function markEachDone(tx: Tx, rows: readonly ClaimedRow[]): Promise<void> {
  const done = new Map<string, number[]>();
  for (const row of rows) {
    const seqs = done.get(row.consumer);
    if (seqs === undefined) done.set(row.consumer, [row.event.seq]);
    else seqs.push(row.event.seq);
  }
  for (const [consumer, seqs] of done) await markDone(tx, consumer, seqs, new Date().toISOString());
}

async function recordFailure(db: Transaction<Database>, row: ClaimedRow, error: unknown, retryBaseMs: number): Promise<Failure> {
  const attempts = row.attempts + 1;
  const retryAt = new Date(Date.now() + retryDelayMs(retryBaseMs, attempts)).toISOString();
  await markFailed(db, row.consumer, row.event.seq, attempts, retryAt, error instanceof Error ? error.message : String(error));
  return { consumer: row.consumer, seq: row.event.seq, attempts, error };
}
