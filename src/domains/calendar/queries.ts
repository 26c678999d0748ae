/** The calendar domain's only SQL. Every function takes the organization id, except the reminders' claim, which serves all. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { deleteFinishedJobs, dueCondition } from '../../events/outbox/queries.ts';
import { defineCollection } from '../../storage/change-counters.ts';
import { nowIso } from '../../storage/codecs.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { MeetingRemindersTable, MeetingsTable } from './tables.ts';

export type MeetingRow = Selectable<MeetingsTable>;
/** The meetings: their change counter tags GET /meetings. */
export const MEETINGS = defineCollection('meetings');
export const REMINDERS_TABLE = 'meeting_reminders';

/** Books a meeting, stamped as changed when it was booked. */
/** A new meeting; `updated_at` is its creation unless an import keeps an earlier change's time. */
export async function insertMeeting(db: Db, row: Omit<Insertable<MeetingsTable>, 'updated_at'> & { updated_at?: string }, participants: readonly string[]): Promise<void> {
  await db.insertInto('meetings').values({ ...row, updated_at: row.updated_at ?? row.created_at }).execute();
  await db.insertInto('meeting_participants').values(participants.map((userId) => ({ org_id: row.org_id, user_id: userId, meeting_id: row.id }))).execute();
  await MEETINGS.bump(db, row.org_id);
}

export async function meetingExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('meetings').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function findMeeting(db: Db, orgId: string, id: string): Promise<MeetingRow | undefined> {
  return db.selectFrom('meetings').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

/**
 * Writes a change of a meeting at `version`, one version on; false when it is no longer at that
 * version (changed meanwhile). A new participant list replaces the visibility rows too.
 */
export async function updateMeeting(db: Db, orgId: string, id: string, version: number, changes: Updateable<MeetingsTable>, participants: readonly string[] | undefined): Promise<boolean> {
  const result = await db
    .updateTable('meetings')
    .set({ ...changes, version: version + 1, updated_at: nowIso() })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (participants !== undefined) {
    await db.deleteFrom('meeting_participants').where('org_id', '=', orgId).where('meeting_id', '=', id).execute();
    await db.insertInto('meeting_participants').values(participants.map((userId) => ({ org_id: orgId, user_id: userId, meeting_id: id }))).execute();
  }
  await MEETINGS.bump(db, orgId);
  return true;
}

/** Deletes the meeting's reminders not yet sent (its times or reminder changed); one being sent finds its lease gone and is not recorded. */
export async function deletePendingReminders(db: Db, orgId: string, meetingId: string): Promise<void> {
  // Reminder ids are `<meeting id>:<start>`: the range reads the primary key, not the whole table.
  await db
    .deleteFrom('meeting_reminders')
    .where('org_id', '=', orgId)
    .where('id', '>=', `${meetingId}:`)
    .where('id', '<', `${meetingId};`)
    .where('meeting_id', '=', meetingId)
    .where('status', '=', 'pending')
    .execute();
}

/** The series that can have an occurrence overlapping [from, to): started before `to`, not ended by `from`; `visibleTo` keeps one user's. */
export function meetingsTouching(db: Db, orgId: string, from: string, to: string, visibleTo: string | undefined): Promise<MeetingRow[]> {
  let query = db.selectFrom('meetings').selectAll().where('org_id', '=', orgId).where('last_end_at', '>', from).where('start_at', '<', to);
  if (visibleTo !== undefined) {
    query = query.where('id', 'in', db.selectFrom('meeting_participants').select('meeting_id').where('org_id', '=', orgId).where('user_id', '=', visibleTo));
  }
  return query.execute();
}

export async function scheduleReminder(db: Db, row: Pick<Insertable<MeetingRemindersTable>, 'org_id' | 'id' | 'meeting_id' | 'occurrence_start' | 'next_attempt_at' | 'created_at'>): Promise<void> {
  await db.insertInto('meeting_reminders').values({ ...row, status: 'pending' }).onConflict((oc) => oc.columns(['org_id', 'id']).doNothing()).execute();
}

/** A reminder a dispatcher is about to send. */
export type DueReminder = Pick<Selectable<MeetingRemindersTable>, 'org_id' | 'id' | 'meeting_id' | 'occurrence_start' | 'next_attempt_at' | 'attempts'>;

export function selectDueReminders(tx: Tx, now: string, limit: number): Promise<DueReminder[]> {
  return tx
    .claimSkippingLocked(
      tx.db
        .selectFrom('meeting_reminders as r')
        .select(['r.org_id', 'r.id', 'r.meeting_id', 'r.occurrence_start', 'r.next_attempt_at', 'r.attempts'])
        .where(dueCondition(now, 'r'))
        .orderBy('r.next_attempt_at')
        .limit(limit),
    )
    .execute();
}

/** Whether `token` still holds the pending reminder; on PostgreSQL the update also locks the row until the recording commits. */
export async function stillHeld(db: Db, orgId: string, id: string, token: string): Promise<boolean> {
  const result = await db
    .updateTable('meeting_reminders')
    .set({ lease_token: token })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes up to `limit` reminders finished before `before`; returns how many. */
export function deleteFinishedReminders(db: Db, before: string, limit: number): Promise<number> {
  return deleteFinishedJobs(db, REMINDERS_TABLE, before, limit);
}

/** Which of these meetings the user owns or takes part in (the owner is a participant). */
export async function meetingsOfParticipant(db: Db, orgId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('meeting_participants').select('meeting_id').where('org_id', '=', orgId).where('user_id', '=', userId).where('meeting_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.meeting_id));
}

/**
 * The meetings changed at or after `since` that can reach into [from, to), oldest change first
 * (then id), after `after` (a cursor's position), at most `limit`; `visibleTo` keeps one user's.
 * One range of (org_id, updated_at, id), and the count of that range.
 */
export async function meetingsChangedSince(
  db: Db,
  orgId: string,
  window: { since: string; from: string; to: string; visibleTo: string | undefined },
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<{ rows: MeetingRow[]; total: number }> {
  let query = db.selectFrom('meetings').where('org_id', '=', orgId).where('updated_at', '>=', window.since).where('last_end_at', '>', window.from).where('start_at', '<', window.to);
  if (window.visibleTo !== undefined) {
    query = query.where('id', 'in', db.selectFrom('meeting_participants').select('meeting_id').where('org_id', '=', orgId).where('user_id', '=', window.visibleTo));
  }
  let page = query.selectAll().orderBy('updated_at').orderBy('id').limit(limit);
  if (after !== undefined) page = page.where((eb) => eb.or([eb('updated_at', '>', after[0]), eb.and([eb('updated_at', '=', after[0]), eb('id', '>', after[1])])]));
  const [rows, counted] = await Promise.all([page.execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
  return { rows, total: Number(counted.n) };
}
