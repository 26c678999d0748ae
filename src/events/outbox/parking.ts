/**
 * Due jobs of paused organizations, parked out of the due range. A paused organization's jobs
 * stay pending, and every claim and every "when is the next one due" reads the (status,
 * next_attempt_at) range: left there, each of them would be stepped over by every pass for as
 * long as the pause lasts, so a backlog held by a pause (a restored copy starts with every
 * organization paused) would slow every other organization's deliveries. A dispatcher's pass
 * therefore moves them aside: the time each was due is kept in outbox_parked and its
 * next_attempt_at set to NULL (out of every due range); resume puts the times back, so a retry
 * schedule or a reminder's time survives the pause.
 *
 * On PostgreSQL a pass that parks locks the pause rows of the organizations it parks, and
 * resume deletes its pause rows before it puts times back: a resume under way makes the pass
 * wait and then park nothing of it, a pass under way makes the resume wait and then see what
 * was parked. Nothing stays parked without a pause.
 */
import { sql } from 'kysely';
import type { Db } from '../../storage/statements.ts';
import type { Storage, Tx } from '../../storage/storage.ts';
import { jobs } from './queries.ts';

/** Jobs parked per transaction: on SQLite one such transaction is what holds the event loop. */
const PARK_BATCH = 500;

/** Parks up to PARK_BATCH due jobs of paused organizations of `table`; returns how many. A dispatcher calls it while organizations are paused (nextDueAt says). */
export async function parkPausedJobs(storage: Storage, table: string, now: string): Promise<number> {
  const dueOfPaused = (db: Db) =>
    jobs(db)
      .selectFrom(table)
      .select(['org_id', 'id', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('org_id', 'in', db.selectFrom('outbox_pauses').select('org_id'));
  // The usual answer, nothing of theirs due, costs one statement and no transaction.
  if ((await dueOfPaused(storage.db).limit(1).executeTakeFirst()) === undefined) return 0;
  return storage.transaction(async (tx) => {
    const found = await tx.claimSkippingLocked(dueOfPaused(tx.db).limit(PARK_BATCH)).execute();
    if (found.length === 0) return 0;
    const orgIds = [...new Set(found.map((r) => r.org_id))];
    const stillPaused = new Set((await tx.lockForUpdate(tx.db.selectFrom('outbox_pauses').select('org_id').where('org_id', 'in', orgIds)).execute()).map((r) => r.org_id));
    const rows = found.filter((r) => stillPaused.has(r.org_id) && r.next_attempt_at !== null);
    if (rows.length === 0) return 0;
    await tx.db
      .insertInto('outbox_parked')
      .values(rows.map((r) => ({ job_table: table, org_id: r.org_id, id: r.id, next_attempt_at: r.next_attempt_at! })))
      .onConflict((oc) => oc.columns(['job_table', 'org_id', 'id']).doUpdateSet((eb) => ({ next_attempt_at: eb.ref('excluded.next_attempt_at') })))
      .execute();
    for (const orgId of stillPaused) {
      const ids = rows.filter((r) => r.org_id === orgId).map((r) => r.id);
      await jobs(tx.db).updateTable(table).set({ next_attempt_at: null }).where('org_id', '=', orgId).where('id', 'in', ids).execute();
    }
    return rows.length;
  });
}

/** Puts back the due times of the organizations' parked jobs, in the resume's transaction (after their pause rows are deleted). */
export async function unparkJobs(tx: Tx, orgIds: readonly string[]): Promise<void> {
  if (orgIds.length === 0) return;
  const tables = await tx.db.selectFrom('outbox_parked').select('job_table').distinct().where('org_id', 'in', orgIds).execute();
  for (const { job_table: table } of tables) {
    await jobs(tx.db)
      .updateTable(table)
      .set({
        next_attempt_at: sql<string>`(select p.next_attempt_at from outbox_parked p where p.job_table = ${table} and p.org_id = ${sql.ref(`${table}.org_id`)} and p.id = ${sql.ref(`${table}.id`)})`,
      })
      .where('org_id', 'in', orgIds)
      .where('status', '=', 'pending')
      .where('next_attempt_at', 'is', null)
      .execute();
  }
  await tx.db.deleteFrom('outbox_parked').where('org_id', 'in', orgIds).execute();
}
