import { jobColumnsDdl } from '../../events/outbox/queries.ts';
import type { Migration } from '../../storage/migrations.ts';

export const calendarMigrations: Migration[] = [
  {
    name: '1000_calendar',
    statements: (t) => [
      `CREATE TABLE meetings (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        start_at ${t.timestamp} NOT NULL,
        end_at ${t.timestamp} NOT NULL,
        duration_seconds INTEGER NOT NULL,
        time_zone TEXT NOT NULL,
        last_end_at ${t.timestamp} NOT NULL,
        location TEXT,
        video_url TEXT,
        summary TEXT,
        recurrence_rule TEXT,
        reminder_minutes INTEGER,
        owner_user_id TEXT NOT NULL,
        participant_ids ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      // A window reads only the series that can reach it: those not ended before it starts.
      `CREATE INDEX meetings_window ON meetings (org_id, last_end_at, start_at)`,
      `CREATE TABLE meeting_participants (
        org_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        meeting_id TEXT NOT NULL,
        PRIMARY KEY (org_id, user_id, meeting_id)
      )`,
      `CREATE TABLE meeting_reminders (
        ${jobColumnsDdl(t)},
        meeting_id TEXT NOT NULL,
        occurrence_start ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX meeting_reminders_due ON meeting_reminders (status, next_attempt_at)`,
      `CREATE INDEX meeting_reminders_finished ON meeting_reminders (completed_at)`,
    ],
  },
  {
    // PATCH /meetings/{id} (an extension): a meeting's version, for If-Match and the ETag; meetings booked before it are at version 1.
    name: '1001_meeting_versions',
    statements: () => [`ALTER TABLE meetings ADD COLUMN version INTEGER NOT NULL DEFAULT 1`],
  },
  {
    // updated_since on GET /meetings (an extension): when a meeting last changed, stamped by every
    // write; meetings booked before it take their booking time. (org_id, updated_at, id) makes the
    // walk one index range from the time asked.
    name: '1002_meeting_updated_at',
    statements: (t) => [
      `ALTER TABLE meetings ADD COLUMN updated_at ${t.timestamp}`,
      `UPDATE meetings SET updated_at = created_at`,
      `CREATE INDEX meetings_sync ON meetings (org_id, updated_at, id)`,
    ],
  },
];
