/**
 * Reading rows in commit order while writers overlap. On PostgreSQL a row stamped with its
 * transaction's id (the `currentTxId` column default) may become visible after rows of later
 * transactions; every transaction whose id is below the oldest one still running has ended, so
 * rows below that horizon are final: nothing can appear among them any more. On SQLite
 * transactions never overlap (one writer at a time), so every committed row is final.
 */
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Dialect } from './storage.ts';

/** The transaction id below which every transaction has ended; undefined where all committed rows are final (SQLite). */
export async function finishedTxHorizon(db: Kysely<Database> | Transaction<Database>, dialect: Dialect): Promise<number | undefined> {
  if (dialect === 'sqlite') return undefined;
  const { rows } = await sql<{ horizon: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(db);
  const horizon = rows[0]?.horizon;
  if (horizon === undefined) throw new Error('the database did not report its transaction horizon');
  return Number(horizon);
}
