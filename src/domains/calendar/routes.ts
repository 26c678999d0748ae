/** The calendar endpoints: thin handlers (parse → one use case → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { readerTag, taggedByCollection } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { changeMeeting, createMeeting, listMeetings, seesAll } from './meetings.ts';
import { MEETINGS } from './queries.ts';
import { listChangedMeetings } from './sync.ts';
import { MAX_ITEMS, MAX_WINDOW_DAYS, Meeting, MeetingCreate, MeetingList, MeetingListQuery, MeetingPatch } from './schemas.ts';

const read: RouteAccess = { scope: 'calendar:read', capability: 'calendar', mode: 'read' };
const book: RouteAccess = { scope: 'calendar:write', right: 'content.meetings.manage', capability: 'calendar', mode: 'write', risk: 'low' };
const tags = ['calendar'];
const visibility = 'Without the right calendar.view_all (administrators hold it) only the meetings the token owner owns or takes part in are seen.';

export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/meetings', operationId: 'listMeetings', tags, access: read,
    summary: 'List the meetings of a window',
    description:
      `Every occurrence overlapping [from, to) in start order, recurring meetings expanded by their RRULE in the organization's time zone; `
      + `the window spans at most ${MAX_WINDOW_DAYS} days; at most ${MAX_ITEMS} items, total counts them all (for rules other than HOURLY, DAILY and WEEKLY, within a budget per answer, beyond which it is a lower bound; offset is always 0: move from to read on). `
      + `An occurrence of a series has the id <meeting id>:<start in UTC, YYYYMMDDTHHMMSSZ>. `
      + 'Extension: with updated_since, one item per meeting (a series as its first occurrence, as GET /meetings/{id} answers) booked or changed at or after it '
      + `that can reach into the window, ordered by (updated_at, id), paged by cursor. ${visibility}`,
    query: MeetingListQuery,
    conditional: taggedByCollection(MEETINGS, readerTag(seesAll)),
    response: { status: 200, schema: MeetingList, description: 'The occurrences of the window the caller sees.' },
  }, async (req) => {
    const { updated_since: since } = req.query;
    return since === undefined ? listMeetings(db(), req.actor, req.query) : listChangedMeetings(db(), req.actor, { ...req.query, updated_since: since });
  });

  route(app, {
    method: 'POST', url: '/meetings', operationId: 'createMeeting', tags, access: book,
    summary: 'Book a meeting',
    description:
      'Owned by the token owner, who is added to the participants. start_at must not be past; end_at defaults to start_at plus 60 minutes. '
      + 'recurrence_rule makes it a series whose first occurrence is start_at. Raises meeting.created: every participant but the creator is notified, '
      + 'and the organization\'s shared chat is told. reminder_minutes reminds every participant before each occurrence.',
    body: MeetingCreate,
    response: { status: 201, schema: Meeting, description: 'The meeting booked (its first occurrence\'s times).' },
    errors: { 409: 'The Idempotency-Key is in use (idempotency_in_progress).' },
  }, async (req, reply) => write(req, reply, 201, (tx) => createMeeting(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/meetings/:id', operationId: 'updateMeeting', tags, access: book,
    summary: 'Change a meeting: reschedule, retitle, invite (extension of v1)',
    description:
      'Changes only the fields sent, checked as a booking checks them; a changed start_at must not be past, and without end_at the meeting keeps its duration. '
      + 'participant_ids replaces the participants (the owner stays); those added are notified as on a booking. A change of start_at, recurrence_rule or reminder_minutes '
      + 'reschedules the reminders. Only the meeting\'s owner or an administrator changes it. Raises meeting.updated with the version and the changed fields. '
      + 'If-Match with the version refuses a change made meanwhile. The id is the meeting\'s, not an occurrence\'s: a series changes as a whole. ' + visibility,
    params: IdParam, body: MeetingPatch,
    response: { status: 200, schema: Meeting, description: 'The meeting at its new version (also the ETag), its first occurrence\'s times.' },
    errors: {
      403: 'The scope or right is missing (insufficient_scope), or the caller sees the meeting but neither owns it nor is an administrator (owner_only, with details.owner_user_id).',
      404: 'No meeting with this id that the caller sees (not_found).',
      409: 'The meeting changed since the If-Match version (stale_version, with details.expected_version).',
      422: 'The input is not valid (validation_error; details.fields names each field).',
    },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => changeMeeting(tx, req.actor, req.params.id, req.body, expected));
  });
}
