import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery, UpdatedSince } from '../../http/pagination.ts';
import { DateTime, Name, Nullable, NullableText, RefId, Text, Uuid } from '../../http/schemas.ts';

/** The widest window GET /meetings expands. */
export const MAX_WINDOW_DAYS = 366;
export const MAX_ITEMS = 500;
/** A reminder at most four weeks before the start. */
const MAX_REMINDER_MINUTES = 40_320;
/** One occurrence lasts at most two weeks. */
export const MAX_DURATION_MINUTES = 20_160;

const example = {
  title: 'Weekly planning',
  start_at: '2030-03-25T10:00:00+02:00',
  end_at: '2030-03-25T10:45:00+02:00',
  participant_ids: ['0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70'],
  location: 'Room 4',
  video_url: 'https://meet.example.com/planning',
  summary: 'Priorities of the week',
  recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO',
  reminder_minutes: 15,
};
/** A meeting as answers show it: participantIds instead of the participant_ids a create takes. */
const { participant_ids: _participants, ...answered } = example;

export const MeetingCreate = named('MeetingCreate', Type.Object({
  title: Name(500),
  start_at: DateTime({ description: 'ISO 8601 with offset; not in the past. The first occurrence of a series: it must be an occurrence of recurrence_rule' }),
  end_at: Type.Optional(DateTime({ description: `after start_at, at most ${MAX_DURATION_MINUTES} minutes later; start_at plus 60 minutes by default` })),
  participant_ids: Type.Optional(Type.Array(RefId({ description: 'a user id of the organization' }), { maxItems: 200, description: 'the creator is added; duplicates collapse' })),
  location: Type.Optional(NullableText({ maxLength: 500 })),
  video_url: Type.Optional(Nullable(Text({ maxLength: 2048, description: 'an http or https URL' }))),
  summary: Type.Optional(NullableText({ maxLength: 20_000, description: 'the agenda' })),
  recurrence_rule: Type.Optional(Nullable(Text({
    maxLength: 1000,
    description: 'an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO (an RRULE: prefix is accepted); FREQ YEARLY to HOURLY, at most 24 occurrences a day, and at most 10,000 with COUNT or UNTIL, the last within 50 years of the start; BYMONTH and BYMONTHDAY only with MONTHLY or YEARLY; BYSETPOS within what a period holds; expanded in the organization\'s time zone, keeping local time across daylight-saving changes',
  }))),
  reminder_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_REMINDER_MINUTES, description: 'remind every participant this many minutes before each occurrence' }))),
}, { additionalProperties: false, examples: [example] }));
export type MeetingCreateInput = Static<typeof MeetingCreate>;

export const Meeting = named('Meeting', Type.Object({
  id: Type.String({ description: 'the meeting id; an occurrence of a series in a list is `<meeting id>:<its start in UTC, YYYYMMDDTHHMMSSZ>`' }),
  title: Type.String(),
  start_at: DateTime({ description: 'with the offset of the organization\'s time zone' }),
  end_at: DateTime(),
  duration_minutes: Type.Integer({ minimum: 1 }),
  location: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  participantIds: Type.Array(Type.String(), { description: 'user ids, the owner first' }),
  recurrence_rule: Nullable(Type.String()),
  owner_user_id: Type.String(),
  summary: Nullable(Type.String()),
  reminder_minutes: Nullable(Type.Integer()),
  version: Type.Integer({ minimum: 1, description: 'the meeting\'s version (every occurrence of a series shows the series\'): If-Match of PATCH /meetings/{id}' }),
  updated_at: DateTime({ description: 'extension: when the meeting was booked or last changed (every occurrence of a series shows the series\'); see updated_since' }),
}, {
  description: 'A meeting, or one occurrence of a recurring meeting.',
  examples: [{
    ...answered, id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', duration_minutes: 45, version: 1, updated_at: '2030-03-01T09:12:00+00:00', owner_user_id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71',
    participantIds: ['0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e71', '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e70'],
  }],
}));
export type MeetingOut = Static<typeof Meeting>;

/** PATCH /meetings/{id}: the fields of a booking, each optional; only those sent change. */
export const MeetingPatch = named('MeetingPatch', Type.Partial(
  Type.Object({
    ...MeetingCreate.properties,
    start_at: DateTime({ description: 'ISO 8601 with offset; a changed start must not be past. Without end_at the meeting keeps its duration' }),
    participant_ids: Type.Array(RefId({ description: 'a user id of the organization' }), { maxItems: 200, description: 'replaces the participants; the owner stays; those added are notified as on a booking' }),
  }),
  { additionalProperties: false, minProperties: 1, examples: [{ start_at: '2030-03-25T11:00:00+02:00', location: 'Room 5' }] },
));
export type MeetingPatchInput = Static<typeof MeetingPatch>;
export const MeetingList = ListOf(Meeting, 'MeetingList');

export const MeetingListQuery = Type.Object({
  from: DateTime({ description: 'window start, ISO 8601 with offset' }),
  to: DateTime({ description: `window end, after from, at most ${MAX_WINDOW_DAYS} days later` }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_ITEMS, default: MAX_ITEMS, description: `occurrences returned, 1 to ${MAX_ITEMS}` }),
  cursor: PageQuery.cursor,
  ...UpdatedSince,
}, { additionalProperties: false });
export type MeetingListInput = Static<typeof MeetingListQuery>;

/** An import record: the output fields (participantIds, owner_user_id) with the id kept. */
export const MeetingImport = Type.Object({
  id: Type.Optional(Uuid({ description: 'kept' })),
  title: MeetingCreate.properties.title,
  start_at: MeetingCreate.properties.start_at,
  end_at: MeetingCreate.properties.end_at,
  duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DURATION_MINUTES })),
  participantIds: MeetingCreate.properties.participant_ids,
  owner_user_id: Type.Optional(RefId()),
  updated_at: Type.Optional(DateTime({ description: 'kept: when the meeting last changed' })),
  location: MeetingCreate.properties.location,
  video_url: MeetingCreate.properties.video_url,
  summary: MeetingCreate.properties.summary,
  recurrence_rule: MeetingCreate.properties.recurrence_rule,
  reminder_minutes: MeetingCreate.properties.reminder_minutes,
}, { additionalProperties: false });
export type MeetingImportInput = Static<typeof MeetingImport>;
