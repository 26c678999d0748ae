/**
 * Deep pages of a large list, read directly through the list mechanism (src/storage/resource.ts),
 * each against the first page of the same list in the same run: an organization of
 * BENCH_LIST_ROWS clients (default 50,000, seeded with bulk inserts), pages of 50 from the first,
 * from the last by offset, from the last by cursor, and by updated_since from the middle.
 * Goal: a cursor page costs the same at any depth (ratio ≈ 1 to the first page); an offset
 * page costs the records it skips. `total` comes from the list counters (src/storage/list-counts.ts)
 * except by updated_since, where it is counted over the range; the page's own statement, the
 * count the total once was and the counters' read are also timed alone (raw SQL, in-process).
 */
import { sql } from 'kysely';
import { clients } from '../src/domains/crm/queries.ts';
import { newId } from '../src/storage/ids.ts';
import { createContext, createPrincipal } from '../test/helpers/harness.ts';
import type { Principal, TestContext } from '../test/helpers/harness.ts';
import { benchDatabases, median } from './lib.ts';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 50_000);
const LIMIT = 50;
const BATCH = 500;
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 41);
const START = Date.parse('2025-01-01T00:00:00Z');

async function seed(ctx: TestContext, p: Principal): Promise<void> {
  await ctx.storage.transaction(async (tx) => {
    for (let from = 0; from < ROWS; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(ROWS, from + BATCH); i++) {
        const at = new Date(START + i * 1000).toISOString();
        rows.push({
          org_id: p.orgId, id: newId(), version: 1, name: `Seeded client ${i}`, phone: null, email: null, company_name: null, inn: null,
          vat_number: null, industry: null, segment: null, city: null, source: null, tags: '[]', is_archived: false,
          search_text: `seeded client ${i}`, created_by_user_id: p.userId, created_at: at, updated_at: at,
        });
      }
      await tx.db.insertInto('crm_clients').values(rows).execute();
    }
  });
  await sql`analyze`.execute(ctx.storage.db);
}

/** The median of `SAMPLES` timed calls, in ms (the first few are a warm-up). */
async function medianMs(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

export default async function run(): Promise<void> {
  const lines: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await createContext(kind);
    try {
      const p = await createPrincipal(ctx);
      await seed(ctx, p);
      const db = ctx.storage.db;
      const page = (request: Partial<Parameters<typeof clients.list>[2]>) => clients.list(db, p.orgId, { limit: LIMIT, offset: 0, ...request });
      const deepCursor = (await page({ offset: ROWS - 2 * LIMIT })).next_cursor ?? undefined;
      const since = new Date(START + (ROWS / 2) * 1000).toISOString();
      const first = await medianMs(() => page({}));
      const measured: Array<[string, number]> = [
        ['first page (offset 0)', first],
        [`last page by offset (${ROWS - LIMIT})`, await medianMs(() => page({ offset: ROWS - LIMIT }))],
        ['last page by cursor', await medianMs(() => page({ cursor: deepCursor }))],
        ['updated_since, from the middle', await medianMs(() => page({ updatedSince: since }))],
      ];
      // The page's own statement without the count beside it: what the cursor makes flat.
      const live = `select t.id, t.name, t.created_at from crm_clients t where t.org_id = '${p.orgId}' and t.is_archived = ${kind === 'postgres' ? 'false' : '0'}`;
      const order = ' order by t.created_at desc, t.id desc limit 51';
      const last = (await sql.raw<{ id: string; created_at: string }>(`${live}${order} offset ${ROWS - 2 * LIMIT - 1}`).execute(db)).rows[0];
      const statement = (text: string) => () => sql.raw(text).execute(db);
      const firstRows = await medianMs(statement(`${live}${order}`));
      measured.push(
        ['page statement alone: first', firstRows],
        ['page statement alone: last by offset', await medianMs(statement(`${live}${order} offset ${ROWS - LIMIT}`))],
        ['page statement alone: last by keyset', await medianMs(statement(`${live} and (t.created_at, t.id) < ('${last?.created_at}', '${last?.id}')${order}`))],
        ['total as once counted: count(*) of the live list', await medianMs(statement(live.replace('t.id, t.name, t.created_at', 'count(*)')))],
        ['total from the counters', await medianMs(statement(`select coalesce(sum(n), 0) from list_counts where org_id = '${p.orgId}' and collection = 'crm_clients' and view = '*0'`))],
      );
      for (const [name, ms] of measured) lines.push(`| ${kind} | ${name} | ${ms.toFixed(2)} | ${(ms / (name.startsWith('page statement') || name.startsWith('total') ? firstRows : first)).toFixed(2)} |`);
    } finally {
      await ctx.close();
    }
  }
  console.log(`\nLists of ${ROWS.toLocaleString('en')} clients, pages of ${LIMIT} (median of ${SAMPLES} direct calls, ms; ratio to the first page)\n`);
  console.log('| db | page | ms | × first page (of its kind) |\n|---|---|---|---|');
  for (const line of lines) console.log(line);
}
