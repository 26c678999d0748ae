import type { LightMyRequestResponse } from 'fastify';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export interface MeetingRec {
  id: string;
  title: string;
  start_at: string;
  end_at: string;
  duration_minutes: number;
  location: string | null;
  video_url: string | null;
  participantIds: string[];
  recurrence_rule: string | null;
  owner_user_id: string;
  summary: string | null;
  reminder_minutes: number | null;
  version: number;
  updated_at: string;
}

export interface MeetingPage {
  items: MeetingRec[];
  total: number;
  limit: number;
  offset: number;
}

export const MEETING_FIELDS = [
  'id', 'title', 'start_at', 'end_at', 'duration_minutes', 'location', 'video_url', 'participantIds', 'recurrence_rule', 'owner_user_id', 'summary', 'reminder_minutes', 'version', 'updated_at',
].sort();

export const SCOPES = ['calendar:read', 'calendar:write'];

/** An organization (its time zone set) whose user may book meetings. */
export async function booker(ctx: TestContext, timeZone = 'Europe/Berlin'): Promise<Principal> {
  const p = await createPrincipal(ctx, { rights: ['content.meetings.manage'], scopes: SCOPES });
  await updateOrganizationSettings(ctx.storage, p.slug, { timeZone });
  return p;
}

/** Another user of `owner`'s organization. */
export function colleague(ctx: TestContext, owner: Principal, rights: string[] = [], scopes = SCOPES): Promise<Principal> {
  return createPrincipal(ctx, { slug: owner.slug, rights, scopes });
}

export function postMeeting(ctx: TestContext, p: Principal, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return api(ctx, p.token, 'POST', '/meetings', { body });
}

export async function book(ctx: TestContext, p: Principal, body: Record<string, unknown>): Promise<MeetingRec> {
  const res = await postMeeting(ctx, p, body);
  if (res.statusCode !== 201) throw new Error(`POST /meetings ${res.statusCode}: ${res.body}`);
  return json<MeetingRec>(res);
}

export async function windowOf(ctx: TestContext, p: Principal, from: string, to: string, limit?: number): Promise<MeetingPage> {
  const res = await api(ctx, p.token, 'GET', '/meetings', { query: { from, to, ...(limit === undefined ? {} : { limit: String(limit) }) } });
  if (res.statusCode !== 200) throw new Error(`GET /meetings ${res.statusCode}: ${res.body}`);
  return json<MeetingPage>(res);
}

/** An ISO instant `ms` from now, whole seconds. */
export function fromNow(ms: number): string {
  return new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
}

/**
 * How long before its start a test meeting's reminder falls due: long enough that the meeting
 * cannot begin (which drops a late reminder) before a loaded machine has started its servers.
 */
export const REMINDER_LEAD_MINUTES = 30;

/** The start of a meeting whose reminder, `REMINDER_LEAD_MINUTES` before it, falls due in `ms`. */
export function startWithReminderDueIn(ms: number): string {
  return fromNow(REMINDER_LEAD_MINUTES * 60_000 + ms);
}
