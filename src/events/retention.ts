import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteFinishedProgress, deleteOldEvents } from './queries.ts';

/** Rows one pruning transaction deletes at most: each batch is short, so writers barely wait. */
const PRUNE_BATCH = 500;

/** Deletes what `deleteBatch` selects, one bounded batch per transaction, until a batch comes back short; returns the total. */
export async function deleteInBatches(storage: Storage, deleteBatch: (db: Transaction<Database>, limit: number) => Promise<number>, limit = PRUNE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await storage.transaction((tx) => deleteBatch(tx.db, limit));
    total += deleted;
    if (deleted < limit) return total;
  }
}

/**
 * Removes consumers' progress rows finished before `before`, then events created before it
 * that no consumer has a row for any more (an event a consumer still has not handled stays).
 */
export async function pruneEvents(storage: Storage, before: string, limit = PRUNE_BATCH): Promise<{ progress: number; events: number }> {
  const progress = await deleteInBatches(storage, (db, n) => deleteFinishedProgress(db, before, n), limit);
  const events = await deleteInBatches(storage, (db, n) => deleteOldEvents(db, before, n), limit);
  return { progress, events };
}

/** A module's own retention step (e.g. finished webhook deliveries), given the same cut-off. */
export type Pruner = (storage: Storage, before: string) => Promise<unknown>;

/** The cut-off time for a retention period in days. */
export function retentionCutoff(days: number, now = Date.now()): string {
  return new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
}
