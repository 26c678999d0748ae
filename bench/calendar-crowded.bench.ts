/**
 * GET /meetings over the widest window (366 days, 50 items) for the densest rules accepted (24
 * occurrences a day: 8,784 in the window) against a plain weekly series (52 or 53), each beside
 * a raw node:http baseline in the same run. Goal: the work follows the page, not the window, so
 * the densest accepted rule answers within 2x of the weekly series. Two dense rules: one of the
 * arithmetic shape (DAILY with BYHOUR) and one expanded through the rule library (MONTHLY with
 * BYMONTHDAY and BYHOUR), whose total is counted within the answer's budget. Beside the HTTP
 * rows, the use case is timed directly.
 */
import type { CalendarActor } from '../src/domains/calendar/actor.ts';
import { RIGHTS } from '../src/platform/rights.ts';
import { updateOrganizationSettings } from '../src/platform/service.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import type { DatabaseKind } from '../test/helpers/harness.ts';
import { directMs } from './calendar.bench.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';

const list = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');
const CASES = [
  { name: 'weekly', rule: 'FREQ=WEEKLY' },
  { name: '24 a day, arithmetic', rule: `FREQ=DAILY;BYHOUR=${list(0, 23)}` },
  { name: '24 a day, rule library', rule: `FREQ=MONTHLY;BYMONTHDAY=${list(1, 31)};BYHOUR=${list(0, 23)}` },
];
const DAY = 86_400_000;

/** Each case on one database: its rows, and the cost of each dense rule against the weekly series. */
async function measure(kind: DatabaseKind): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const rows: BenchRow[] = [];
  const ratios = new Map<string, number>();
  const ctx = await servedContext(kind);
  try {
    for (const c of CASES) {
      const owner = await createPrincipal(ctx, { scopes: ['calendar:read', 'calendar:write'] });
      await updateOrganizationSettings(ctx.storage, owner.slug, { timeZone: 'Europe/Berlin' });
      const booked = await api(ctx, owner.token, 'POST', '/meetings', { body: { title: c.name, start_at: '2031-01-01T00:00:00+01:00', end_at: '2031-01-01T00:10:00+01:00', recurrence_rule: c.rule } });
      if (booked.statusCode !== 201) throw new Error(`booking ${c.name}: ${booked.statusCode} ${booked.body}`);
      const path = '/meetings';
      const sample = await api(ctx, owner.token, 'GET', path, { query: { from: '2031-03-01T00:00:00Z', to: '2032-03-01T00:00:00Z', limit: '50' } });
      const result = await againstBaseline(sample.body, 200, {
        baseUrl: ctx.baseUrl, path, headers: { 'x-api-token': owner.token }, connections: 4,
        variantModule: new URL('./calendar-crowded-variants.mjs', import.meta.url).href, variant: 'yearWindow',
      });
      const actor: CalendarActor = { orgId: owner.orgId, userId: owner.userId, rights: new Set(RIGHTS), orgSettings: {}, isAdmin: true };
      const direct = await directMs(ctx, actor, { firstFrom: '2031-02-01T00:00:00Z', stepMs: 13 * DAY + 3_600_000, days: 366, limit: 50 });
      ratios.set(c.name, result.server.rps / result.base.rps);
      rows.push(row(`GET /meetings, 366 days, limit 50, one series ${c.name}`, kind, result.server, result.base, '≤ 2x of weekly', result.peakRssMb, `total ${direct.total}; ${direct.ms} ms per direct call`));
    }
  } finally {
    await ctx.close();
  }
  const weekly = ratios.get('weekly') ?? 0;
  return { rows, notes: CASES.slice(1).map((c) => `${kind}: ${c.name} costs ×${(weekly / (ratios.get(c.name) ?? 1)).toFixed(2)} of weekly (ratios to the baseline compared)`) };
}

export default async function run(): Promise<void> {
  const measured = [];
  for (const kind of benchDatabases()) measured.push(await measure(kind));
  printRows('Calendar: the densest accepted rules over the widest window', measured.flatMap((m) => m.rows));
  console.log(`\nAgainst a plain weekly series, in the same run:\n${measured.flatMap((m) => m.notes).map((n) => `- ${n}`).join('\n')}`);
}
