import type { JobTableColumns } from '../../events/outbox/tables.ts';
import type { Generated } from 'kysely';
import type { DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** A meeting: one occurrence, or a series of them when it has a recurrence rule. */
export interface MeetingsTable {
  org_id: string;
  id: string;
  title: string;
  /** The first occurrence's start and end (UTC). */
  start_at: DbTimestamp;
  end_at: DbTimestamp;
  duration_seconds: number;
  /** The IANA zone the series is expanded in: the organization's when it was created. */
  time_zone: string;
  /** The latest end any occurrence can have; `9999-12-31T23:59:59.999Z` for a series without COUNT or UNTIL. */
  last_end_at: DbTimestamp;
  location: string | null;
  video_url: string | null;
  summary: string | null;
  recurrence_rule: string | null;
  reminder_minutes: number | null;
  owner_user_id: string;
  /** JSON array of user ids, the owner first. */
  participant_ids: DbJson;
  created_at: DbTimestamp;
  /** When the meeting was booked or last changed (updated_since reads it). */
  updated_at: DbTimestamp;
  /** 1 when booked, one more with each change (PATCH /meetings/{id}). */
  version: Generated<number>;
}

/** Who a meeting concerns (the owner included): the visibility filter reads it through its key. */
export interface MeetingParticipantsTable {
  org_id: string;
  user_id: string;
  meeting_id: string;
}

/** A reminder of one occurrence: a job of the kernel's outbox (src/events/outbox), with its JobColumns. */
export interface MeetingRemindersTable extends JobTableColumns<'pending' | 'succeeded' | 'failed'> {
  /** `<meeting id>:<occurrence start, UTC compact>`: one reminder per occurrence. */
  id: string;
  meeting_id: string;
  occurrence_start: DbTimestamp;
}

export interface CalendarTables {
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  meeting_reminders: MeetingRemindersTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends CalendarTables {}
}
