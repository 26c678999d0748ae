/**
 * Tasks hot paths against a raw node:http baseline sending the same bytes, in one run: POST /tasks
 * with an executor (the task, its members and task.assigned in one transaction; fresh
 * Idempotency-Key per request), and GET /tasks?limit=50 in an organization of 100,000 tasks —
 * unfiltered (a user with tasks.view_all) and visibility-filtered (a user who sees 1 % of them,
 * through the task_members index). The tasks are seeded with bulk inserts, not through HTTP.
 * Goal: the filtered page costs at most 2× the unfiltered one.
 *
 * While the collection's counter stands still the server sends a page it serialized before
 * without reading rows (http/response-cache.ts), so the HTTP rows measure what a polling client
 * gets; the cost of actually reading the page is measured beside them by calling the use case
 * directly (no cache), alternating the two readers.
 */
import { sql } from 'kysely';
import type { TasksActor } from '../src/domains/tasks/actor.ts';
import { listTasks } from '../src/domains/tasks/tasks.ts';
import { RIGHTS } from '../src/platform/rights.ts';
import { newId } from '../src/storage/ids.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import type { Principal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow, ServedContext } from './lib.ts';

const TASKS = 100_000;
/** One task in this many is the viewer's (as executor). */
const VISIBLE_EVERY = 100;
const BATCH = 500;

async function seedTasks(ctx: ServedContext, owner: Principal, viewer: Principal): Promise<void> {
  const start = Date.parse('2025-01-01T00:00:00Z');
  await ctx.storage.transaction(async (tx) => {
    for (let from = 0; from < TASKS; from += BATCH) {
      const tasks = [];
      const members = [];
      for (let i = from; i < Math.min(TASKS, from + BATCH); i++) {
        const id = newId();
        const mine = i % VISIBLE_EVERY === 0;
        const at = new Date(start + i * 60_000).toISOString();
        tasks.push({
          org_id: owner.orgId, id, version: 1, title: `Seeded task ${i}`, description: null, status: 'New', priority: 'normal',
          assignee_id: mine ? viewer.userId : null, assignee_ids: '[]', project_id: null, start_date: null, end_date: null, end_time: null,
          deal_id: null, tags: '[]', watcher_ids: '[]', created_by_user_id: owner.userId, is_archived: false, created_at: at, updated_at: at,
        });
        members.push({ org_id: owner.orgId, user_id: owner.userId, task_id: id, role: 'creator' as const });
        if (mine) members.push({ org_id: owner.orgId, user_id: viewer.userId, task_id: id, role: 'assignee' as const });
      }
      await tx.db.insertInto('tasks').values(tasks).execute();
      await tx.db.insertInto('task_members').values(members).execute();
    }
  });
  await sql`analyze`.execute(ctx.storage.db);
}

/** Mean milliseconds of one uncached page read for each actor, alternating them. */
async function directReads(ctx: ServedContext, actors: TasksActor[], rounds = 30): Promise<number[]> {
  const totals = actors.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (const [i, actor] of actors.entries()) {
      const began = performance.now();
      await listTasks(ctx.storage.db, actor, { limit: 50, offset: 0 });
      totals[i]! += performance.now() - began;
    }
  }
  return totals.map((t) => Number((t / rounds).toFixed(2)));
}

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  const directNotes: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const owner = await createPrincipal(ctx);
      const viewer = await createPrincipal(ctx, { slug: owner.slug, rights: ['tasks.edit'], scopes: ['tasks:read', 'tasks:write'] });
      const began = Date.now();
      await seedTasks(ctx, owner, viewer);
      const seeded = `${TASKS} tasks seeded in ${((Date.now() - began) / 1000).toFixed(1)} s`;
      const path = '/tasks?limit=50';

      const all = await api(ctx, owner.token, 'GET', path);
      const unfiltered = await againstBaseline(all.body, 200, { baseUrl: ctx.baseUrl, path, headers: { 'x-api-token': owner.token } });
      rows.push(row(`GET ${path}, ${TASKS} tasks, tasks.view_all`, kind, unfiltered.server, unfiltered.base, '-', unfiltered.peakRssMb, seeded));

      const mine = await api(ctx, viewer.token, 'GET', path);
      const total = (mine.json() as { total: number }).total;
      const filtered = await againstBaseline(mine.body, 200, { baseUrl: ctx.baseUrl, path, headers: { 'x-api-token': viewer.token } });
      const cost = unfiltered.server.rps / filtered.server.rps;
      rows.push(row(`GET ${path}, ${TASKS} tasks, visibility-filtered (sees ${total})`, kind, filtered.server, filtered.base, '≤ 2× the unfiltered cost', filtered.peakRssMb, `cost ${cost.toFixed(2)}× the unfiltered page`));

      const as = (p: Principal, rights: string[]): TasksActor => ({ orgId: p.orgId, userId: p.userId, rights: new Set(rights), orgSettings: {}, scopes: [] });
      const [allMs, mineMs] = await directReads(ctx, [as(owner, [...RIGHTS]), as(viewer, ['tasks.edit'])]);
      directNotes.push(`${kind}: unfiltered ${allMs} ms, filtered ${mineMs} ms per uncached page read (cost ${(mineMs! / allMs!).toFixed(2)}×)`);

      const sample = await api(ctx, owner.token, 'POST', '/tasks', { body: { title: 'Bench task 0', assignee_id: viewer.userId, tags: ['bench'] } });
      const post = await againstBaseline(sample.body, 201, {
        baseUrl: ctx.baseUrl,
        path: '/tasks',
        method: 'POST',
        headers: { 'x-api-token': owner.token, 'content-type': 'application/json', 'x-bench-assignee': viewer.userId },
        body: sample.payload,
        variantModule: new URL('./tasks-variants.mjs', import.meta.url).href,
        variant: 'freshTask',
      });
      rows.push(row('POST /tasks with an executor (fresh Idempotency-Key)', kind, post.server, post.base, '-', post.peakRssMb));
    } finally {
      await ctx.close();
    }
  }
  printRows('Tasks', rows);
  console.log(`\nGET /tasks?limit=50 read without the answer cache (listTasks called directly, 30 alternating reads each):\n${directNotes.map((n) => `- ${n}`).join('\n')}`);
}
