import { CompiledQuery } from 'kysely';
import type { Storage } from '../storage/storage.ts';
import { claimDue, eventsBySeq, markDone, markFailed } from './queries.ts';
import type { Consumer } from './types.ts';

const SAVEPOINT = CompiledQuery.raw('savepoint consumer_event');
const RELEASE = CompiledQuery.raw('release consumer_event');
const ROLLBACK_TO = CompiledQuery.raw('rollback to consumer_event');

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Back-off after the n-th failed attempt: base, 2 × base, 4 × base, … up to an hour. */
export function retryDelayMs(baseMs: number, attempts: number): number {
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
 * runs each handler in its own savepoint and marks the row done in the same transaction; a
 * handler that throws is rolled back alone and its row is set to retry after a back-off. A
 * crash before the commit leaves every row pending, as if it had not been claimed.
 */
export async function handleDue(storage: Storage, consumers: readonly Consumer[], limit: number, retryBaseMs: number): Promise<Pass> {
  const byName = new Map(consumers.map((c) => [c.name, c]));
  return storage.transaction(async (tx) => {
    const now = new Date();
    const rows = await claimDue(tx.db, tx.dialect, [...byName.keys()], now.toISOString(), limit);
    if (rows.length === 0) return { claimed: 0, failures: [] };
    const events = await eventsBySeq(tx.db, rows.map((r) => r.event_seq));
    const done = new Map<string, number[]>();
    const failures: Failure[] = [];
    for (const row of rows) {
      const consumer = byName.get(row.consumer);
      const event = events.get(Number(row.event_seq));
      if (consumer && event) {
        await tx.db.executeQuery(SAVEPOINT);
        try {
          await consumer.handle(tx, event);
          await tx.db.executeQuery(RELEASE);
        } catch (error) {
          await tx.db.executeQuery(ROLLBACK_TO);
          await tx.db.executeQuery(RELEASE);
          const attempts = row.attempts + 1;
          const retryAt = new Date(Date.now() + retryDelayMs(retryBaseMs, attempts)).toISOString();
          await markFailed(tx.db, row.consumer, Number(row.event_seq), attempts, retryAt, error instanceof Error ? error.message : String(error));
          failures.push({ consumer: row.consumer, seq: Number(row.event_seq), attempts, error });
          continue;
        }
      }
      done.set(row.consumer, [...(done.get(row.consumer) ?? []), Number(row.event_seq)]);
    }
    for (const [consumer, seqs] of done) await markDone(tx.db, consumer, seqs, new Date().toISOString());
    return { claimed: rows.length, failures };
  });
}
