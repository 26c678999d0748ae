/** SQL over any job table (the `JobColumns`): lease, settle, when the next is due, prune. Across organizations. */
import { sql } from 'kysely';
import type { Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import { readBool } from '../../storage/codecs.ts';
import type { DdlTypes } from '../../storage/migrations.ts';
import type { Db } from '../../storage/statements.ts';
import type { DueRows } from '../queries.ts';
import type { Job, JobColumns } from './types.ts';

type JobsDb = Kysely<Record<string, JobColumns>>;

/** The job table seen through its common columns only. */
export const jobs = (db: Db): JobsDb => db as unknown as JobsDb;

/** The columns every job table starts with, for a domain's CREATE TABLE. */
export function jobColumnsDdl(t: DdlTypes): string {
  return `org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at ${t.timestamp},
        locked_until ${t.timestamp},
        lease_token TEXT,
        last_status_code INTEGER,
        last_error TEXT,
        created_at ${t.timestamp} NOT NULL,
        completed_at ${t.timestamp}`;
}

/** The job's organization has not paused its outgoing deliveries. */
function notPaused(orgId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from outbox_pauses where outbox_pauses.org_id = ${orgId})`;
}

/**
 * A pending job due by `now` that no unexpired lease holds, of an organization whose deliveries
 * are not paused; `alias` is the table's name or alias in the query.
 */
export function dueCondition(now: string, alias: string): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${col('status')} = 'pending' and ${col('next_attempt_at')} <= ${now} and (${col('locked_until')} is null or ${col('locked_until')} < ${now}) and ${notPaused(col('org_id'))})`;
}

/** Marks selected jobs as held by `token` until `leaseUntil`. */
export async function leaseJobs(db: Db, table: string, rows: readonly Job[], leaseUntil: string, token: string): Promise<void> {
  const byOrg = new Map<string, string[]>();
  for (const r of rows) byOrg.set(r.org_id, [...(byOrg.get(r.org_id) ?? []), r.id]);
  for (const [orgId, ids] of byOrg) {
    await jobs(db).updateTable(table).set({ locked_until: leaseUntil, lease_token: token }).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  }
}

export interface NextState {
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  completedAt: string | null;
  statusCode: number | null;
  error: string | null;
}

/** Moves a job on after an attempt, only while `token` still holds it and it is still pending (not cancelled meanwhile). */
export async function settleJob(db: Db, table: string, orgId: string, id: string, token: string, next: NextState): Promise<void> {
  await jobs(db)
    .updateTable(table)
    .set({
      status: next.status,
      attempts: next.attempts,
      next_attempt_at: next.nextAttemptAt,
      completed_at: next.completedAt,
      locked_until: null,
      lease_token: null,
      last_status_code: next.statusCode,
      last_error: next.error,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'pending')
    .execute();
}

export interface NextDue {
  /** When the earliest unheld pending job falls due, or undefined when none waits (expired leases are the poll's). */
  at: string | undefined;
  /** Whether any organization has its deliveries paused (then the next pass parks what falls due: parking.ts). */
  anyPaused: boolean;
  /** Whether jobs of the table wait parked for an organization no longer paused (then the next pass puts them back). */
  anyResumed: boolean;
  /** Whether jobs wait to be settled unsent (`unsentWaiting`, the queue's UnsentJobs.waiting; false without one). */
  unsentWaiting: boolean;
}

/** What a dispatcher's pass asks last, in one statement. */
export async function nextDueAt(db: Db, table: string, unsentWaiting?: Expression<SqlBool>): Promise<NextDue> {
  const earliest = jobs(db)
    .selectFrom(table)
    .select('next_attempt_at')
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is not', null)
    .where('locked_until', 'is', null)
    .where(notPaused(sql.ref(`${table}.org_id`)))
    .orderBy('next_attempt_at')
    .limit(1);
  const row = await db
    .selectNoFrom((eb) => [
      earliest.as('at'),
      eb.exists(eb.selectFrom('outbox_pauses').select('org_id')).as('any_paused'),
      eb
        .exists(
          eb
            .selectFrom('outbox_parked_orgs')
            .select('org_id')
            .where('job_table', '=', table)
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('outbox_pauses').select('org_id').whereRef('outbox_pauses.org_id', '=', 'outbox_parked_orgs.org_id')))),
        )
        .as('any_resumed'),
      (unsentWaiting === undefined ? sql<SqlBool>`${sql.lit(false)}` : sql<SqlBool>`${unsentWaiting}`).as('unsent_waiting'),
    ])
    .executeTakeFirstOrThrow();
  return { at: row.at ?? undefined, anyPaused: readBool(row.any_paused), anyResumed: readBool(row.any_resumed), unsentWaiting: readBool(row.unsent_waiting) };
}

/**
 * Deletes up to `limit` jobs that finished (any status but pending) before `before`; `alongside`
 * first deletes the domain's rows that belong to them. Returns how many jobs.
 */
export async function deleteFinishedJobs(
  db: Db,
  table: string,
  before: string,
  limit: number,
  alongside?: (db: Db, orgId: string, ids: string[]) => Promise<void>,
): Promise<number> {
  const rows = await jobs(db)
    .selectFrom(table)
    .select(['org_id', 'id'])
    .where('status', '<>', 'pending')
    .where('completed_at', '<', before)
    .orderBy('completed_at')
    .limit(limit)
    .execute();
  const byOrg = new Map<string, string[]>();
  for (const r of rows) byOrg.set(r.org_id, [...(byOrg.get(r.org_id) ?? []), r.id]);
  for (const [orgId, ids] of byOrg) {
    await alongside?.(db, orgId, ids);
    await jobs(db).deleteFrom(table).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  }
  return rows.length;
}

export interface PauseRow {
  org_id: string;
  paused_at: string;
  reason: string;
}

/** Pauses the organizations' outgoing deliveries (those already paused keep their time and reason); returns the ones newly paused. */
export async function insertPauses(db: Db, orgIds: readonly string[], at: string, reason: string): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const already = new Set((await db.selectFrom('outbox_pauses').select('org_id').where('org_id', 'in', orgIds).execute()).map((r) => r.org_id));
  const fresh = orgIds.filter((id) => !already.has(id));
  if (fresh.length > 0) await db.insertInto('outbox_pauses').values(fresh.map((org_id) => ({ org_id, paused_at: at, reason }))).execute();
  return fresh;
}

/** Resumes the organizations' outgoing deliveries; returns the ones that were paused. */
export async function deletePauses(db: Db, orgIds: readonly string[]): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const rows = await db.deleteFrom('outbox_pauses').where('org_id', 'in', orgIds).returning('org_id').execute();
  return rows.map((r) => r.org_id);
}

export async function findPauses(db: Db, orgIds: readonly string[]): Promise<PauseRow[]> {
  if (orgIds.length === 0) return [];
  return db.selectFrom('outbox_pauses').select(['org_id', 'paused_at', 'reason']).where('org_id', 'in', orgIds).execute();
}

/** A job table's pending jobs due by `now` (held or not), counted up to `cap`, and the earliest due time; on its (status, next_attempt_at) index. */
export async function dueJobs(db: Db, table: string, now: string, cap: number): Promise<DueRows> {
  const due = jobs(db).selectFrom(table).where('status', '=', 'pending').where('next_attempt_at', '<=', now);
  const counted = await jobs(db)
    .selectFrom(due.select('id').limit(cap).as('d'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const first = await due.select('next_attempt_at').orderBy('next_attempt_at').limit(1).executeTakeFirst();
  return { count: Number(counted.n), earliest: first?.next_attempt_at ?? undefined };
}
