/** How meetings and their occurrences look in answers, and how an occurrence is named. */
import { isoWithOffset, readJson } from '../../storage/codecs.ts';
import { withZoneOffset } from '../../platform/time-zone.ts';
import type { MeetingRow } from './queries.ts';
import type { Series } from './recurrence.ts';
import type { MeetingOut } from './schemas.ts';

/** `20270329T080000Z`: an occurrence's start in UTC, compact (RFC 5545's UTC form). */
export function compactUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A single meeting is its id; an occurrence of a series is `<meeting id>:<start in compact UTC>`, the same on every call. */
export function occurrenceId(row: Pick<MeetingRow, 'id' | 'recurrence_rule'>, startMs: number): string {
  return row.recurrence_rule === null ? row.id : `${row.id}:${compactUtc(startMs)}`;
}

export function seriesOf(row: Pick<MeetingRow, 'start_at' | 'duration_seconds' | 'time_zone' | 'recurrence_rule'>): Series {
  return { startMs: Date.parse(row.start_at), durationMs: row.duration_seconds * 1000, timeZone: row.time_zone, rule: row.recurrence_rule };
}

/** The meeting as answered: `startMs` picks the occurrence (the first by default), `id` names it. */
export function meetingOut(row: MeetingRow, startMs = Date.parse(row.start_at), id = row.id): MeetingOut {
  const duration = row.duration_seconds * 1000;
  return {
    id,
    title: row.title,
    start_at: withZoneOffset(row.time_zone, startMs),
    end_at: withZoneOffset(row.time_zone, startMs + duration),
    duration_minutes: Math.max(1, Math.round(row.duration_seconds / 60)),
    location: row.location,
    video_url: row.video_url,
    participantIds: readJson<string[]>(row.participant_ids),
    recurrence_rule: row.recurrence_rule,
    owner_user_id: row.owner_user_id,
    summary: row.summary,
    reminder_minutes: row.reminder_minutes,
    version: row.version,
    updated_at: isoWithOffset(row.updated_at),
  };
}
