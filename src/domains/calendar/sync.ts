/** GET /meetings?updated_since= (an extension): the meetings changed since a time, for a sync. */
import type { Page } from '../../http/pagination.ts';
import { listFingerprint, pageAndCursor, startOf } from '../../storage/keyset.ts';
import type { Db } from '../../storage/statements.ts';
import type { CalendarActor } from './actor.ts';
import { seesAll, windowOf } from './meetings.ts';
import { meetingOut } from './occurrences.ts';
import { meetingsChangedSince } from './queries.ts';
import type { MeetingListInput, MeetingOut } from './schemas.ts';

/**
 * The meetings (one item per meeting, a series as its first occurrence, as GET /meetings/{id}
 * answers) booked or changed at or after `updated_since` that can reach into the window, oldest
 * change first (then id), by cursor; `total` counts them, one range of the (org_id, updated_at,
 * id) index.
 */
export async function listChangedMeetings(db: Db, actor: CalendarActor, query: MeetingListInput & { updated_since: string }): Promise<Page<MeetingOut>> {
  const { from, to } = windowOf(query);
  const since = new Date(query.updated_since).toISOString();
  const fingerprint = listFingerprint(['meetings changed', actor.orgId, from, to, since]);
  const start = startOf({ cursor: query.cursor, offset: 0 }, fingerprint, 2);
  const after = start === undefined ? undefined : ([String(start[0]), String(start[1])] as const);
  const window = { since, from: new Date(from).toISOString(), to: new Date(to).toISOString(), visibleTo: seesAll(actor) ? undefined : actor.userId };
  const { rows, total } = await meetingsChangedSince(db, actor.orgId, window, after, query.limit + 1);
  const { page, next } = pageAndCursor(rows, query.limit, fingerprint, (row) => [row.updated_at, row.id]);
  return { items: page.map((row) => meetingOut(row)), total, limit: query.limit, offset: 0, next_cursor: next };
}
