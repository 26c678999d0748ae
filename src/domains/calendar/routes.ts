/** The calendar endpoints: thin handlers (parse → one use case → reply). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { readerTag, taggedByCollection } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { write } from '../../http/write.ts';
import { createMeeting, listMeetings, seesAll } from './meetings.ts';
import { MEETINGS } from './queries.ts';
import { MAX_ITEMS, MAX_WINDOW_DAYS, Meeting, MeetingCreate, MeetingList, MeetingListQuery } from './schemas.ts';

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
      + `An occurrence of a series has the id <meeting id>:<start in UTC, YYYYMMDDTHHMMSSZ>. ${visibility}`,
    query: MeetingListQuery,
    conditional: taggedByCollection(MEETINGS, readerTag(seesAll)),
    response: { status: 200, schema: MeetingList, description: 'The occurrences of the window the caller sees.' },
  }, async (req) => listMeetings(db(), req.actor, req.query));

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
}
