/** Meeting use cases: booking (checked, participants, meeting.created, the first reminder), changing a meeting, and the calendar window. */
import { emit } from '../../events/emit.ts';
import type { EventContexts } from '../../events/types.ts';
import { forbidden, invalidFields } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { trimmedOrNull } from '../../http/text.ts';
import { userLinkProblems } from '../../platform/members.ts';
import type { LinkableUsers } from '../../platform/members.ts';
import { timeZoneOf } from '../../platform/time-zone.ts';
import { nowIso, readJson, toJson } from '../../storage/codecs.ts';
import { StaleVersionError } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import { listFingerprint, pageAndCursor, startOf } from '../../storage/keyset.ts';
import { changedFields } from '../../storage/changed-fields.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CalendarActor } from './actor.ts';
import { mergeSorted } from './merge.ts';
import { meetingOut, occurrenceId, seriesOf } from './occurrences.ts';
import { deletePendingReminders, findMeeting, insertMeeting, meetingExists, meetingsTouching, updateMeeting } from './queries.ts';
import type { MeetingRow } from './queries.ts';
import { HORIZON_YEARS, MAX_OCCURRENCES, beyondHorizon, countOccurrences, lastEndMs, occurrenceCount, occurrences, startMatchesRule } from './recurrence.ts';
import { scheduleFirstReminder } from './reminders.ts';
import { RuleError, parseRule } from './rules.ts';
import { MAX_DURATION_MINUTES, MAX_WINDOW_DAYS } from './schemas.ts';
import type { MeetingCreateInput, MeetingListInput, MeetingOut, MeetingPatchInput } from './schemas.ts';


/** A series without COUNT or UNTIL never ends. */
const OPEN_END = '9999-12-31T23:59:59.999Z';
const MINUTE = 60_000;

export function seesAll(actor: CalendarActor): boolean {
  return actor.isAdmin || actor.rights.has('calendar.view_all');
}

/** A meeting is seen by its participants and by those who see all. */
function sees(actor: CalendarActor, row: MeetingRow): boolean {
  return seesAll(actor) || readJson<string[]>(row.participant_ids).includes(actor.userId);
}

function fail(problems: FieldProblem[]): never {
  throw invalidFields(problems);
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** What an import may bring beyond the API body. */
export interface CreateOptions {
  id?: string;
  ownerUserId?: string;
  /** Imports bring meetings that have begun: they skip that check. */
  checkStart?: boolean;
  /** Whether meeting.created is raised (not for imports). */
  announce?: boolean;
  /** Who its owner and participants may be: active members (the API), or deactivated ones too (an import of history). */
  linkable?: LinkableUsers;
  now?: number;
  /** When it last changed, kept by an import (default: now, as it is created). */
  updatedAt?: string;
}

/** A meeting's stored fields as a write checked them, with its participants (the owner first). */
interface Planned {
  columns: Omit<MeetingRow, 'org_id' | 'id' | 'created_at' | 'updated_at' | 'version' | 'participant_ids'> & { participant_ids: string };
  participants: string[];
}

interface PlanOptions {
  owner: string;
  timeZone: string;
  /** Whether start_at may not be past `now` (a booking, or a change of the start). */
  checkStart: boolean;
  now: number;
  linkable?: LinkableUsers;
  /** Participants already linked: not checked again, so a member deactivated since stays on. */
  linked?: ReadonlySet<string>;
}

/**
 * A meeting's fields checked as a booking checks them (every field problem at once, then the
 * series' safety: the start an occurrence of the rule, an end within the horizon, a bounded
 * count), and shaped as stored. Throws the 422 naming each field.
 */
async function planMeeting(db: Db, orgId: string, input: MeetingCreateInput, options: PlanOptions): Promise<Planned> {
  const { owner, timeZone } = options;
  const problems: FieldProblem[] = [];
  const title = trimmedOrNull(input.title);
  if (title === null) problems.push({ field: 'title', message: 'must not be empty' });
  const start = Date.parse(input.start_at);
  if (options.checkStart && start < options.now) problems.push({ field: 'start_at', message: `${input.start_at} is in the past` });
  const end = input.end_at === undefined ? start + 60 * MINUTE : Date.parse(input.end_at);
  if (end <= start) problems.push({ field: 'end_at', message: 'must be after start_at' });
  else if (end - start > MAX_DURATION_MINUTES * MINUTE) problems.push({ field: 'end_at', message: `a meeting lasts at most ${MAX_DURATION_MINUTES} minutes` });
  const videoUrl = trimmedOrNull(input.video_url);
  if (videoUrl !== null && !isWebUrl(videoUrl)) problems.push({ field: 'video_url', message: 'must be an http or https URL without user name or password' });
  const participants = [...new Set([owner, ...(input.participant_ids ?? []).map((id) => id.trim())])];
  const unchecked = (ids: string[]) => ids.filter((id) => !(options.linked?.has(id) ?? false));
  const invited = participants.filter((id) => id !== owner);
  problems.push(...(await userLinkProblems(db, orgId, [['owner_user_id', unchecked([owner])], ['participant_ids', unchecked(invited)]], options.linkable)));
  let rule: string | null = null;
  const ruleText = trimmedOrNull(input.recurrence_rule);
  if (ruleText !== null) {
    try {
      rule = parseRule(ruleText).text;
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      problems.push({ field: 'recurrence_rule', message: `is not a valid RFC 5545 RRULE: it ${error.message}` });
    }
  }
  if (problems.length > 0) fail(problems);
  const series = { startMs: start, durationMs: end - start, timeZone, rule };
  if (!startMatchesRule(series)) {
    fail([{ field: 'start_at', message: `must be an occurrence of recurrence_rule (in ${timeZone}): the first occurrence of a series is its start` }]);
  }
  const reach = beyondHorizon(series);
  if (reach !== undefined) {
    fail([{ field: 'recurrence_rule', message: `reaches more than ${HORIZON_YEARS} years past start_at with its ${reach}: a series with COUNT or UNTIL ends within ${HORIZON_YEARS} years (a series without either runs on)` }]);
  }
  if ((occurrenceCount(series) ?? 0) > MAX_OCCURRENCES) {
    fail([{ field: 'recurrence_rule', message: `has more than ${MAX_OCCURRENCES.toLocaleString('en-US')} occurrences before its UNTIL: a series has at most ${MAX_OCCURRENCES.toLocaleString('en-US')}` }]);
  }
  const last = lastEndMs(series);
  const columns = {
    title: title ?? '',
    start_at: new Date(start).toISOString(),
    end_at: new Date(end).toISOString(),
    duration_seconds: Math.round((end - start) / 1000),
    time_zone: timeZone,
    last_end_at: last === undefined || last > Date.parse(OPEN_END) ? OPEN_END : new Date(last).toISOString(),
    location: trimmedOrNull(input.location),
    video_url: videoUrl,
    summary: trimmedOrNull(input.summary),
    recurrence_rule: rule,
    reminder_minutes: input.reminder_minutes ?? null,
    owner_user_id: owner,
    participant_ids: toJson(participants),
  };
  return { columns, participants };
}

function announced(out: MeetingOut): EventContexts['meeting.created'] {
  return {
    title: out.title, startAt: out.start_at, endAt: out.end_at, location: out.location, videoUrl: out.video_url,
    recurrenceRule: out.recurrence_rule, ownerUserId: out.owner_user_id, participantIds: out.participantIds,
  };
}

export async function createMeeting(tx: Tx, actor: CalendarActor, input: MeetingCreateInput, options: CreateOptions = {}): Promise<MeetingOut> {
  const orgId = actor.orgId;
  const now = options.now ?? Date.now();
  const owner = options.ownerUserId ?? actor.userId;
  const planned = await planMeeting(tx.db, orgId, input, {
    owner, timeZone: timeZoneOf(actor.orgSettings), checkStart: options.checkStart ?? true, now, ...(options.linkable === undefined ? {} : { linkable: options.linkable }),
  });
  const id = options.id ?? newId();
  if (options.id !== undefined && (await meetingExists(tx.db, orgId, id))) fail([{ field: 'id', message: `${id} is already a meeting of this organization` }]);
  await insertMeeting(tx.db, { org_id: orgId, id, ...planned.columns, created_at: nowIso(), ...(options.updatedAt === undefined ? {} : { updated_at: options.updatedAt }) }, planned.participants);
  const stored = await findMeeting(tx.db, orgId, id);
  if (stored === undefined) throw new Error('the meeting just written is missing');
  const out = meetingOut(stored);
  if (options.announce ?? true) await emit(tx, { orgId, name: 'meeting.created', entityType: 'meeting', entityId: id, context: announced(out), record: out });
  await scheduleFirstReminder(tx, stored, now);
  return out;
}

/** The fields whose change moves the meeting's reminders. */
const TIMING = new Set(['start_at', 'recurrence_rule', 'reminder_minutes']);

/**
 * PATCH /meetings/{id} (an extension): changes the fields sent, checked as a booking checks them
 * (a changed start may not be past). A meeting the caller does not see is 404; one they see but
 * neither own nor administer is 403. A new start without an end keeps the duration. Raises
 * meeting.updated with the record; participants added are told as on a booking (meeting.invited);
 * a change of the times, rule or reminder reschedules the reminders in the same transaction.
 */
export async function changeMeeting(tx: Tx, actor: CalendarActor, id: string, input: MeetingPatchInput, expected: number | undefined, now = Date.now()): Promise<MeetingOut> {
  const orgId = actor.orgId;
  const row = await requireFound(await findMeeting(tx.db, orgId, id), 'meeting', (meeting) => sees(actor, meeting));
  const before = meetingOut(row);
  if (row.owner_user_id !== actor.userId && !actor.isAdmin) {
    throw forbidden('owner_only', 'only the meeting\'s owner or an administrator changes a meeting', { owner_user_id: row.owner_user_id });
  }
  if (expected !== undefined && expected !== row.version) throw new StaleVersionError(expected);
  const startMs = Date.parse(row.start_at);
  const start = input.start_at === undefined ? startMs : Date.parse(input.start_at);
  const kept = <T>(given: T | undefined, stored: T): T => (given === undefined ? stored : given);
  const planned = await planMeeting(tx.db, orgId, {
    title: kept(input.title, row.title),
    start_at: kept(input.start_at, row.start_at),
    end_at: input.end_at ?? new Date(start + row.duration_seconds * 1000).toISOString(),
    participant_ids: kept(input.participant_ids, before.participantIds),
    location: kept(input.location, row.location),
    video_url: kept(input.video_url, row.video_url),
    summary: kept(input.summary, row.summary),
    recurrence_rule: kept(input.recurrence_rule, row.recurrence_rule),
    reminder_minutes: kept(input.reminder_minutes, row.reminder_minutes),
  }, { owner: row.owner_user_id, timeZone: row.time_zone, checkStart: start !== startMs, now, linked: new Set(before.participantIds) });
  const changed = changedFields(before, meetingOut({ ...row, ...planned.columns }));
  if (changed.length === 0) return before;
  const participants = changed.includes('participantIds') ? planned.participants : undefined;
  if (!(await updateMeeting(tx.db, orgId, id, row.version, planned.columns, participants))) throw new StaleVersionError(expected ?? row.version);
  const stored = await findMeeting(tx.db, orgId, id);
  if (stored === undefined) throw new Error('the meeting just changed is missing');
  const out = meetingOut(stored);
  await emit(tx, { orgId, name: 'meeting.updated', entityType: 'meeting', entityId: id, context: { version: out.version, changedFields: changed }, record: out });
  const added = out.participantIds.filter((user) => !before.participantIds.includes(user));
  if (added.length > 0) {
    await emit(tx, { orgId, name: 'meeting.invited', entityType: 'meeting', entityId: id, context: { ...announced(out), participantIds: added, actorUserId: actor.userId } });
  }
  if (changed.some((field) => TIMING.has(field))) {
    await deletePendingReminders(tx.db, orgId, id);
    await scheduleFirstReminder(tx, stored, now);
  }
  return out;
}

/** The list's window [from, to) in milliseconds, refused when it is empty or too long. */
export function windowOf(query: Pick<MeetingListInput, 'from' | 'to'>): { from: number; to: number } {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to <= from) fail([{ field: 'to', message: 'must be after from' }]);
  if (to - from > MAX_WINDOW_DAYS * 24 * 60 * MINUTE) fail([{ field: 'to', message: `the window may span at most ${MAX_WINDOW_DAYS} days` }]);
  return { from, to };
}

/** How many occurrences expanded through the rule library one answer's `total` counts at most (arithmetic rules are counted exactly at no cost). */
const LIBRARY_COUNT_BUDGET = 500;

interface Found {
  start: number;
  id: string;
  row: MeetingRow;
}

type Place = Pick<Found, 'start' | 'id'>;
const earlier = (a: Place, b: Place) => a.start < b.start || (a.start === b.start && a.id < b.id);

/**
 * The window's occurrences the caller sees, in start order (then id), at most `limit`: every
 * series is expanded lazily and merged, so the work follows the page, not the window. `total`
 * counts them all, by arithmetic where the rule allows and otherwise within LIBRARY_COUNT_BUDGET.
 */
export async function listMeetings(db: Db, actor: CalendarActor, query: MeetingListInput): Promise<Page<MeetingOut>> {
  const { from, to } = windowOf(query);
  const rows = await meetingsTouching(db, actor.orgId, new Date(from).toISOString(), new Date(to).toISOString(), seesAll(actor) ? undefined : actor.userId);
  const streams = rows.map(function* (row): Generator<Found> {
    for (const start of occurrences(seriesOf(row), from, to)) yield { start, id: occurrenceId(row, start), row };
  });
  // A cursor is the last occurrence's (start, id), bound to the window; the occurrences up to it are skipped.
  const fingerprint = listFingerprint(['meetings', actor.orgId, from, to]);
  const start = startOf({ cursor: query.cursor, offset: 0 }, fingerprint, 2);
  const after: Place | undefined = start === undefined ? undefined : { start: Number(start[0]), id: String(start[1]) };
  const found: Found[] = [];
  for (const o of mergeSorted(streams, earlier)) {
    if (after !== undefined && !earlier(after, o)) continue;
    found.push(o);
    if (found.length > query.limit) break;
  }
  const { page, next } = pageAndCursor(found, query.limit, fingerprint, (o) => [o.start, o.id]);
  const items = page.map((o) => meetingOut(o.row, o.start, o.id));
  const budget = { left: LIBRARY_COUNT_BUDGET };
  const total = rows.reduce((sum, row) => sum + countOccurrences(seriesOf(row), from, to, budget), 0);
  return { items, total: Math.max(total, items.length), limit: query.limit, offset: 0, next_cursor: next };
}
