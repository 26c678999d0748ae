import { CompiledQuery } from 'kysely';
import type { Transaction } from 'kysely';
import { deferredMark } from '../storage/before-commit.ts';
import type { Database } from '../storage/schema.ts';
import type { Storage } from '../storage/storage.ts';
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
  failures: Failure[];
}

/**
 * One transaction: claims up to `limit` due progress rows of `consumers` (the transaction's
 * row locks are the claim: FOR UPDATE SKIP LOCKED on PostgreSQL, the single writer on SQLite),
 * runs each handler and marks its row done in the same transaction. With several rows each
 * handler runs in its own savepoint, so one that throws is rolled back alone; a single row
 * (the usual case when events come one at a time) needs none: its failure rolls the
 * transaction back. A failed row is set to retry after a back-off. A crash before the commit
 * leaves every row pending, as if it had not been claimed.
 */
export async function handleDue(storage: Storage, consumers: readonly Consumer[], limit: number, retryBaseMs: number): Promise<Pass> {
  const byName = new Map(consumers.map((c) => [c.name, c]));
  let alone: { row: ClaimedRow; error: unknown } | undefined;
  try {
    return await storage.transaction(async (tx) => {
      alone = undefined;
      const rows = await claimDue(tx, [...byName.keys()], new Date().toISOString(), limit);
      const [only] = rows;
      if (only === undefined) return { claimed: 0, failures: [] };
      if (rows.length === 1) {
        try {
          await byName.get(only.consumer)?.handle(tx, decodeEvent(only.event));
        } catch (error) {
          alone = { row: only, error };
          throw error;
        }
        await markDone(tx, only.consumer, [only.event.seq], new Date().toISOString());
        return { claimed: 1, failures: [] };
      }
      const done = new Map<string, number[]>();
      const failures: Failure[] = [];
      for (const row of rows) {
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
        done.set(row.consumer, [...(done.get(row.consumer) ?? []), row.event.seq]);
      }
      for (const [consumer, seqs] of done) await markDone(tx, consumer, seqs, new Date().toISOString());
      return { claimed: rows.length, failures };
    });
  } catch (error) {
    const failed = alone;
    if (failed === undefined || failed.error !== error) throw error;
    const failure = await storage.transaction((tx) => recordFailure(tx.db, failed.row, error, retryBaseMs));
    return { claimed: 1, failures: [failure] };
  }
}

async function recordFailure(db: Transaction<Database>, row: ClaimedRow, error: unknown, retryBaseMs: number): Promise<Failure> {
  const attempts = row.attempts + 1;
  const retryAt = new Date(Date.now() + retryDelayMs(retryBaseMs, attempts)).toISOString();
  await markFailed(db, row.consumer, row.event.seq, attempts, retryAt, error instanceof Error ? error.message : String(error));
  return { consumer: row.consumer, seq: row.event.seq, attempts, error };
}
