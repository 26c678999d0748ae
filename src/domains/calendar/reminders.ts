/**
 * Reminders: one job per occurrence in `meeting_reminders`, due `reminder_minutes` before it
 * starts, on the kernel's outbox (claimed with a lease and SKIP LOCKED, so one process sends
 * each). Sending raises meeting.reminder, whose rule notifies every participant through the
 * notification service, and schedules the series' next occurrence: a series is never
 * materialized. A reminder sent late (the server was down when it fell due) is still sent while
 * its occurrence has not begun; once it has, it is dropped, as failed with the reason, and the
 * next one is scheduled all the same. A reminder at the start (0 minutes) sent on time is sent.
 */
import { emit } from '../../events/emit.ts';
import { JobDispatcher } from '../../events/outbox/dispatcher.ts';
import type { AttemptResult, JobQueue, Outcome } from '../../events/outbox/types.ts';
import { nowIso } from '../../storage/codecs.ts';
import type { Tx } from '../../storage/storage.ts';
import type { RuntimeContext } from '../module.ts';
import { compactUtc, meetingOut, occurrenceId, seriesOf } from './occurrences.ts';
import { REMINDERS_TABLE, findMeeting, scheduleReminder, selectDueReminders, stillHeld } from './queries.ts';
import type { DueReminder, MeetingRow } from './queries.ts';
import { nextOccurrence } from './recurrence.ts';

/** Reminder dispatchers in every process wake on this channel when reminders commit. */
const REMINDERS_CHANNEL = 'bizplat_meeting_reminders';
const DROPPED = 'dropped: the meeting had begun when the reminder was due';

const MINUTE = 60_000;
/** How late a reminder may be claimed and still count as on time. */
const ON_TIME_MS = MINUTE;

/** Sent unless it is late and its occurrence has begun. */
function stillWorthSending(job: Pick<DueReminder, 'occurrence_start' | 'next_attempt_at'>, now: number): boolean {
  const start = Date.parse(job.occurrence_start);
  const due = job.next_attempt_at === null ? start : Date.parse(job.next_attempt_at);
  return now < start || now - due < ON_TIME_MS;
}

async function scheduleAt(tx: Tx, row: MeetingRow, startMs: number): Promise<void> {
  if (row.reminder_minutes === null) return;
  await scheduleReminder(tx.db, {
    org_id: row.org_id,
    id: `${row.id}:${compactUtc(startMs)}`,
    meeting_id: row.id,
    occurrence_start: new Date(startMs).toISOString(),
    next_attempt_at: new Date(startMs - row.reminder_minutes * MINUTE).toISOString(),
    created_at: nowIso(),
  });
  await tx.notify(REMINDERS_CHANNEL);
}

/** The reminder of the first occurrence that has not begun at `now` (a booked meeting's first; an imported series' next). */
export async function scheduleFirstReminder(tx: Tx, row: MeetingRow, now: number): Promise<void> {
  if (row.reminder_minutes === null) return;
  const start = nextOccurrence(seriesOf(row), now - 1);
  if (start !== undefined) await scheduleAt(tx, row, start);
}

async function remind(tx: Tx, row: MeetingRow, startMs: number): Promise<void> {
  const out = meetingOut(row, startMs, occurrenceId(row, startMs));
  await emit(tx, {
    orgId: row.org_id,
    name: 'meeting.reminder',
    entityType: 'meeting',
    entityId: row.id,
    context: {
      title: out.title, occurrence_id: out.id, start_at: out.start_at, reminder_minutes: row.reminder_minutes ?? 0,
      location: out.location, video_url: out.video_url, participant_ids: out.participantIds,
    },
  });
}

/** Only outcomes whose lease still holds count: a reminder is sent, and the next scheduled, once. */
async function recorded(tx: Tx, outcomes: Array<Outcome<DueReminder>>): Promise<void> {
  for (const o of outcomes) {
    if (!(await stillHeld(tx.db, o.job.org_id, o.job.id, o.token))) continue;
    const row = await findMeeting(tx.db, o.job.org_id, o.job.meeting_id);
    if (row === undefined) continue;
    const start = Date.parse(o.job.occurrence_start);
    if (o.result.ok) await remind(tx, row, start);
    const next = nextOccurrence(seriesOf(row), Math.max(start, Date.parse(o.finishedAt)));
    if (next !== undefined) await scheduleAt(tx, row, next);
  }
}

const reminderQueue: JobQueue<DueReminder> = {
  table: REMINDERS_TABLE,
  selectDue: (tx, now, limit) => selectDueReminders(tx, now, limit),
  send: async (job): Promise<AttemptResult> =>
    stillWorthSending(job, Date.now())
      ? { ok: true, statusCode: null, durationMs: 0, error: null }
      : { ok: false, statusCode: null, durationMs: 0, error: DROPPED, final: true },
  recorded,
};

/** The module's worker: the reminders' dispatcher, woken by commits, the earliest due reminder and every BIZPLAT_EVENT_POLL_MS. */
export async function startReminders(ctx: RuntimeContext): Promise<() => Promise<void>> {
  const dispatcher = new JobDispatcher(ctx.storage, ctx.log, reminderQueue, {
    name: 'meeting reminders',
    channel: REMINDERS_CHANNEL,
    concurrency: 16,
    timeoutMs: 10_000,
    pollMs: ctx.config.eventPollMs,
    retryScheduleSeconds: [60, 300],
  });
  await dispatcher.start();
  return () => dispatcher.stop();
}
