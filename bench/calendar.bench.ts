/**
 * GET /meetings for a one-month window against a raw node:http baseline sending the same bytes,
 * in organizations of 100 and 1,000 recurring series (half daily, half weekly, no end), each
 * also holding 5,000 single meetings of the past year that no window here touches. Each request
 * asks for another month (a random hour of a year), so answers are expanded, not served from
 * the answer cache. Goal: the cost grows with the occurrences in the window, not with every
 * meeting ever booked (only series that can reach the window are read, through an index on
 * their last possible end). Beside the HTTP rows, the use case is timed directly.
 */
import { sql } from 'kysely';
import type { CalendarActor } from '../src/domains/calendar/actor.ts';
import { listMeetings } from '../src/domains/calendar/meetings.ts';
import { RIGHTS } from '../src/platform/rights.ts';
import { updateOrganizationSettings } from '../src/platform/service.ts';
import { newId } from '../src/storage/ids.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import type { Principal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow, ServedContext } from './lib.ts';

const PAST_SINGLES = 5_000;
const BATCH = 250;
const SERIES_START = Date.parse('2027-01-04T08:00:00Z');
const OPEN_END = '9999-12-31T23:59:59.999Z';

async function seed(ctx: ServedContext, owner: Principal, series: number): Promise<void> {
  const rows: Array<{ id: string; start: number; rule: string | null; last: string }> = [];
  for (let i = 0; i < series; i++) {
    const start = SERIES_START + (i % 7) * 86_400_000 + (i % 10) * 1_800_000;
    rows.push({ id: newId(), start, rule: i % 2 === 0 ? 'FREQ=DAILY' : 'FREQ=WEEKLY', last: OPEN_END });
  }
  const pastStart = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < PAST_SINGLES; i++) {
    const start = pastStart + i * 3_600_000;
    rows.push({ id: newId(), start, rule: null, last: new Date(start + 1_800_000).toISOString() });
  }
  await ctx.storage.transaction(async (tx) => {
    for (let from = 0; from < rows.length; from += BATCH) {
      const slice = rows.slice(from, from + BATCH);
      await tx.db.insertInto('meetings').values(slice.map((r) => ({
        org_id: owner.orgId, id: r.id, title: r.rule === null ? 'Past call' : `Series ${r.rule}`, start_at: new Date(r.start).toISOString(),
        end_at: new Date(r.start + 1_800_000).toISOString(), duration_seconds: 1800, time_zone: 'Europe/Berlin', last_end_at: r.last,
        location: 'Room 1', video_url: null, summary: null, recurrence_rule: r.rule, reminder_minutes: null, owner_user_id: owner.userId,
        participant_ids: JSON.stringify([owner.userId]), created_at: new Date(r.start).toISOString(), updated_at: new Date(r.start).toISOString(),
      }))).execute();
      await tx.db.insertInto('meeting_participants').values(slice.map((r) => ({ org_id: owner.orgId, user_id: owner.userId, meeting_id: r.id }))).execute();
    }
  });
  await sql`analyze`.execute(ctx.storage.db);
}

/** Mean milliseconds of one listMeetings call over `rounds` windows, the i-th starting at `firstFrom` + i × `stepMs` and `days` long. */
export async function directMs(ctx: ServedContext, actor: CalendarActor, window = { firstFrom: '2027-02-01T00:00:00Z', stepMs: 13 * 86_400_000, days: 30, limit: 500 }, rounds = 20): Promise<{ ms: number; total: number }> {
  let spent = 0;
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    const from = Date.parse(window.firstFrom) + i * window.stepMs;
    const began = performance.now();
    const page = await listMeetings(ctx.storage.db, actor, { from: new Date(from).toISOString(), to: new Date(from + window.days * 86_400_000).toISOString(), limit: window.limit });
    spent += performance.now() - began;
    total += page.total;
  }
  return { ms: Number((spent / rounds).toFixed(2)), total: Math.round(total / rounds) };
}

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const measured: Array<{ series: number; rps: number; ms: number; total: number }> = [];
      for (const series of [100, 1_000]) {
        const owner = await createPrincipal(ctx, { scopes: ['calendar:read', 'calendar:write'] });
        await updateOrganizationSettings(ctx.storage, owner.slug, { timeZone: 'Europe/Berlin' });
        await seed(ctx, owner, series);
        const path = '/meetings';
        const sample = await api(ctx, owner.token, 'GET', path, { query: { from: '2027-03-01T00:00:00Z', to: '2027-03-31T00:00:00Z' } });
        const result = await againstBaseline(sample.body, 200, {
          // Few connections: an answer expands thousands of occurrences, and with the shared 50 the
          // queue outlasts a measuring slice and spills into the baseline's.
          baseUrl: ctx.baseUrl, path, headers: { 'x-api-token': owner.token }, connections: 4,
          variantModule: new URL('./calendar-variants.mjs', import.meta.url).href, variant: 'monthWindow',
        });
        const actor: CalendarActor = { orgId: owner.orgId, userId: owner.userId, rights: new Set(RIGHTS), orgSettings: {}, isAdmin: true };
        const direct = await directMs(ctx, actor);
        measured.push({ series, rps: result.server.rps, ms: direct.ms, total: direct.total });
        rows.push(row(`GET /meetings, one month, ${series} series + ${PAST_SINGLES} past meetings`, kind, result.server, result.base, 'linear in occurrences', result.peakRssMb, `~${direct.total} occurrences in a month, 500 returned; ${direct.ms} ms per direct call`));
      }
      const [small, large] = measured as [typeof measured[number], typeof measured[number]];
      notes.push(`${kind}: 100 → 1,000 series: occurrences ×${(large.total / small.total).toFixed(1)}, request cost ×${(small.rps / large.rps).toFixed(1)}, direct call ×${(large.ms / small.ms).toFixed(1)}`);
    } finally {
      await ctx.close();
    }
  }
  printRows('Calendar', rows);
  console.log(`\nGrowth from 100 to 1,000 series (the 5,000 past meetings are never read):\n${notes.map((n) => `- ${n}`).join('\n')}`);
}
