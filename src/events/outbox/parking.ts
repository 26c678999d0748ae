/**
 * Due jobs of paused organizations, parked out of the due range. A paused organization's jobs
 * stay pending, and every claim and every "when is the next one due" reads the (status,
 * next_attempt_at) range: left there, each of them would be stepped over by every pass for as
 * long as the pause lasts, so a backlog held by a pause (a restored copy starts with every
 * organization paused) would slow every other organization's deliveries. So a parked job has
 * next_attempt_at NULL (out of every due range):
 * - a job queued while its organization is paused is inserted parked (insertsParked), due when
 *   it was created;
 * - a job that falls due during a pause (a retry, a reminder, one queued before the pause) is
 *   moved aside by a dispatcher's pass (parkPausedJobs), the time it was due kept in
 *   outbox_parked.
 * outbox_parked_orgs says which job tables hold parked jobs of which organization. Resume only
 * deletes the pause: each dispatcher then puts its table's jobs back a batch per transaction
 * (unparkResumed), each at the time it was due, so a retry schedule or a reminder's time
 * survives the pause and no resume is one statement over a backlog of any size.
 *
 * On PostgreSQL whatever parks reads the pause rows locked (a pass FOR UPDATE, an insert FOR KEY
 * SHARE) and resume deletes them: a resume under way makes the parking wait and then see no
 * pause, parking under way makes the resume wait. What is put back is read under the lock of
 * its outbox_parked_orgs row, which an insert parked also takes, so no job is left parked
 * without a pause.
 */
import { sql } from 'kysely';
import type { Db } from '../../storage/statements.ts';
import type { Storage, Tx } from '../../storage/storage.ts';
import { jobs } from './queries.ts';

/** Jobs parked or put back per transaction: on SQLite one such transaction is what holds the event loop. */
const PARK_BATCH = 500;

/** Records that `table` holds parked jobs of the organizations (taking their rows' lock on PostgreSQL). */
async function noteParked(tx: Tx, table: string, orgIds: readonly string[]): Promise<void> {
  await tx.db
    .insertInto('outbox_parked_orgs')
    .values(orgIds.map((org_id) => ({ job_table: table, org_id })))
    .onConflict((oc) => oc.columns(['job_table', 'org_id']).doUpdateSet((eb) => ({ org_id: eb.ref('excluded.org_id') })))
    .execute();
}

/** What insertsParked answered, by transaction and then job table and organization. */
const answeredIn = new WeakMap<Tx, Map<string, Promise<boolean>>>();

/**
 * Whether a job of `table` queued for the organization in this transaction goes in parked
 * (next_attempt_at NULL): its deliveries are paused. Asked once per transaction, job table and
 * organization; a paused answer keeps the pause row from being deleted till the transaction ends.
 */
export function insertsParked(tx: Tx, table: string, orgId: string): Promise<boolean> {
  let answers = answeredIn.get(tx);
  if (answers === undefined) answeredIn.set(tx, (answers = new Map()));
  const key = `${table}\u0000${orgId}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const asking = (async () => {
      const pause = await tx.lockAgainstDelete(tx.db.selectFrom('outbox_pauses').select('org_id').where('org_id', '=', orgId)).executeTakeFirst();
      if (pause === undefined) return false;
      await noteParked(tx, table, [orgId]);
      return true;
    })();
    // A failed read (its handler rolled back to a savepoint) is not kept for the next job.
    asking.catch(() => answers.delete(key));
    answers.set(key, asking);
    answer = asking;
  }
  return answer;
}

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
    await noteParked(tx, table, [...stillPaused]);
    for (const orgId of stillPaused) {
      const ids = rows.filter((r) => r.org_id === orgId).map((r) => r.id);
      await jobs(tx.db).updateTable(table).set({ next_attempt_at: null }).where('org_id', '=', orgId).where('id', 'in', ids).execute();
    }
    return rows.length;
  });
}

/**
 * Puts back up to PARK_BATCH parked jobs of `table` whose organization is no longer paused, each
 * due when it was parked (or created, if it was inserted parked); returns how many. A dispatcher
 * calls it while its next-due statement says some wait.
 */
export async function unparkResumed(storage: Storage, table: string): Promise<number> {
  return storage.transaction(async (tx) => {
    const resumed = await tx
      .claimSkippingLocked(
        tx.db
          .selectFrom('outbox_parked_orgs')
          .select('org_id')
          .where('job_table', '=', table)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('outbox_pauses').select('org_id').whereRef('outbox_pauses.org_id', '=', 'outbox_parked_orgs.org_id'))))
          .limit(1),
      )
      .executeTakeFirst();
    if (resumed === undefined) return 0;
    const orgId = resumed.org_id;
    const parked = await jobs(tx.db).selectFrom(table).select('id').where('status', '=', 'pending').where('next_attempt_at', 'is', null).where('org_id', '=', orgId).limit(PARK_BATCH).execute();
    const ids = parked.map((r) => r.id);
    if (ids.length > 0) {
      await jobs(tx.db)
        .updateTable(table)
        .set({
          next_attempt_at: sql<string>`coalesce((select p.next_attempt_at from outbox_parked p where p.job_table = ${table} and p.org_id = ${sql.ref(`${table}.org_id`)} and p.id = ${sql.ref(`${table}.id`)}), ${sql.ref(`${table}.created_at`)})`,
        })
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
      await tx.db.deleteFrom('outbox_parked').where('job_table', '=', table).where('org_id', '=', orgId).where('id', 'in', ids).execute();
    }
    if (ids.length < PARK_BATCH) {
      // All put back: what outbox_parked still keeps of the organization belongs to jobs that ended while parked.
      await tx.db.deleteFrom('outbox_parked').where('job_table', '=', table).where('org_id', '=', orgId).execute();
      await tx.db.deleteFrom('outbox_parked_orgs').where('job_table', '=', table).where('org_id', '=', orgId).execute();
    }
    // A resumed organization with nothing left to put back still counts as work done: the caller looks again.
    return Math.max(ids.length, 1);
  });
}
