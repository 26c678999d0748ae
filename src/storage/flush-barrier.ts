import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Waits until every commit made so far is on disk (PostgreSQL). A synchronous commit flushes
 * the write-ahead log up to its own commit record, and so past every commit that came before
 * it: the callers of one turn of the event loop share one such commit.
 */
export function flushBarrier(db: Kysely<Database>): () => Promise<void> {
  let waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  let scheduled = false;
  const flush = async () => {
    const callers = waiting;
    waiting = [];
    scheduled = false;
    try {
      // A commit waits for the disk only if its transaction has an id and wrote to the log: a
      // transactional message does both, and changes no table.
      await sql`select pg_logical_emit_message(true, 'bizplat.flush', '')`.execute(db);
      for (const caller of callers) caller.resolve();
    } catch (error) {
      for (const caller of callers) caller.reject(error);
    }
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
