import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { createTask } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

interface Seed {
  owner: Principal;
  task: TaskRec;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH';
  path: (s: Seed) => string;
  write: boolean;
  body?: Record<string, unknown>;
  ok: number;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: () => '/tasks', write: false, ok: 200 },
  { method: 'GET', path: (s) => `/tasks/${s.task.id}`, write: false, ok: 200 },
  { method: 'POST', path: () => '/tasks', write: true, body: { title: 'N' }, ok: 201 },
  { method: 'PATCH', path: (s) => `/tasks/${s.task.id}`, write: true, body: { description: 'changed' }, ok: 200 },
  { method: 'GET', path: () => '/projects', write: false, ok: 200 },
];

async function seed(ctx: TestContext): Promise<Seed> {
  const owner = await createPrincipal(ctx);
  await importData(ctx.storage, owner.slug, { projects: [{ id: 'prj-1', name: 'One' }] });
  return { owner, task: await createTask(ctx, owner, { title: 'Seed', project_id: 'prj-1' }) };
}

describeEachDatabase('Tasks access: scope × right matrix and tenant isolation', (ctx) => {
  it('needs tasks:read to read, tasks:write and tasks.edit to write; with them it succeeds', async () => {
    const s = await seed(ctx());
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path(s)}`;
      const scope = route.write ? 'tasks:write' : 'tasks:read';
      // The caller sees the seed task through tasks.view_all, so only scope and tasks.edit are under test.
      const noScope = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [route.write ? 'tasks:read' : 'crm:read'] });
      const r1 = await api(ctx(), noScope.token, route.method, route.path(s), { body: route.body });
      assert.equal(r1.statusCode, 403, `${label} without scope`);
      assert.equal(json<Envelope>(r1).details.error, 'insufficient_scope');
      if (route.write) {
        const noRight = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [scope], rights: RIGHTS.filter((r) => r !== 'tasks.edit') });
        const r2 = await api(ctx(), noRight.token, route.method, route.path(s), { body: route.body });
        assert.equal(r2.statusCode, 403, `${label} without tasks.edit`);
        assert.equal(json<Envelope>(r2).details.error, 'insufficient_scope');
      }
      const both = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [scope], rights: route.write ? ['tasks.edit', 'tasks.view_all'] : ['tasks.view_all'] });
      const r3 = await api(ctx(), both.token, route.method, route.path(s), { body: route.body });
      assert.equal(r3.statusCode, route.ok, `${label} with scope and right: ${r3.body}`);
      const admin = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: ['admin:all'] });
      assert.equal((await api(ctx(), admin.token, route.method, route.path(s), { body: route.body })).statusCode, route.ok, `${label} with admin:all`);
      const none = await api(ctx(), undefined, route.method, route.path(s), { body: route.body });
      assert.equal(none.statusCode, 401, `${label} without token`);
      assert.equal(json<Envelope>(none).details.error, 'api_token_required');
    }
  });

  it('keeps organizations apart: another org\'s task ids are 404, its lists empty, its users, projects and deals 422', async () => {
    const s = await seed(ctx());
    const other = await createPrincipal(ctx());
    for (const route of ROUTES.filter((r) => r.path(s).split('/').length > 2)) {
      const res = await api(ctx(), other.token, route.method, route.path(s), { body: route.body });
      assert.equal(res.statusCode, 404, `${route.method} ${route.path(s)}`);
      assert.equal(json<Envelope>(res).details.error, 'not_found');
    }
    for (const query of [{}, { project_id: 'prj-1' }, { assignee_id: s.owner.userId }, { status: 'New' }] as Array<Record<string, string>>) {
      const list = json<{ items: unknown[]; total: number }>(await api(ctx(), other.token, 'GET', '/tasks', { query }));
      assert.deepEqual([list.items, list.total], [[], 0], JSON.stringify(query));
    }
    const projects = json<{ items: unknown[]; total: number }>(await api(ctx(), other.token, 'GET', '/projects'));
    assert.deepEqual([projects.items, projects.total], [[], 0]);
    const deal = json<{ id: string }>(await api(ctx(), s.owner.token, 'POST', '/deals', { body: { title: 'Mine' } }));
    const links: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', assignee_id: s.owner.userId }, 'assignee_id'],
      [{ title: 'x', assignee_ids: [s.owner.userId] }, 'assignee_ids'],
      [{ title: 'x', watcher_ids: [s.owner.userId] }, 'watcher_ids'],
      [{ title: 'x', project_id: 'prj-1' }, 'project_id'],
      [{ title: 'x', deal_id: deal.id }, 'deal_id'],
    ];
    for (const [body, field] of links) {
      const res = await api(ctx(), other.token, 'POST', '/tasks', { body });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.deepEqual((json<Envelope>(res).details.fields ?? []).map((f) => f.field), [field]);
    }
    const mine = await createTask(ctx(), other, { title: 'Theirs' });
    const res = await api(ctx(), other.token, 'PATCH', `/tasks/${mine.id}`, { body: { project_id: 'prj-1' } });
    assert.equal(res.statusCode, 422);
    // Both organizations may use one project id without seeing each other's.
    await importData(ctx().storage, other.slug, { projects: [{ id: 'prj-1', name: 'Their one' }] });
    const theirs = json<{ items: Array<{ name: string }> }>(await api(ctx(), other.token, 'GET', '/projects'));
    assert.deepEqual(theirs.items.map((p) => p.name), ['Their one']);
  });
});
