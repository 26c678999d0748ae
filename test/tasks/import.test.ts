import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seedDemoData } from '../../src/demo.ts';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { member } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

const T1 = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e01';
const T2 = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e02';

async function rejects(ctx: TestContext, p: Principal, file: Record<string, unknown>, field: string): Promise<void> {
  await assert.rejects(importData(ctx.storage, p.slug, file), (error: { status: number; details: Envelope['details'] }) => {
    assert.equal(error.status, 422);
    assert.ok((error.details.fields ?? []).some((f) => f.field === field), `${field} in ${JSON.stringify(error.details.fields)}`);
    return true;
  });
}

async function counts(ctx: TestContext, orgId: string): Promise<number[]> {
  const n = async (table: 'tasks' | 'task_projects' | 'task_members') =>
    Number((await ctx.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  return [await n('task_projects'), await n('tasks'), await n('task_members')];
}

describeEachDatabase('Import of projects, taskStatuses and tasks; GET /projects', (ctx) => {
  it('imports projects and tasks keeping ids, authors, archive flags and times', async () => {
    const owner = await createPrincipal(ctx());
    const author = await member(ctx(), owner, ['tasks.edit']);
    const executor = await member(ctx(), owner, []);
    const result = await importData(ctx().storage, owner.slug, {
      projects: [{ id: 'prj-b', name: 'Beta', icon: 'star', color: '#00ff00' }, { id: 'prj-a', name: 'Alpha' }, { id: 'prj-old', name: 'Old', is_archived: true }],
      taskStatuses: [{ name: 'Todo', order: 1, initial: true, next: ['Done'] }, { name: 'Done', order: 2, final: true, next: [] }],
      tasks: [
        { id: T1, version: 7, title: 'Past work', status: 'Done', project_id: 'prj-a', assignee_id: executor.userId, created_by_user_id: author.userId, end_date: '2020-01-31', created_at: '2020-01-01T10:00:00+05:00', updated_at: '2020-01-02T10:00:00Z' },
        { id: T2, title: 'Archived', is_archived: true },
      ],
    });
    assert.deepEqual(result, { projects: 3, taskStatuses: 2, tasks: 2 });
    const task = json<TaskRec>(await api(ctx(), owner.token, 'GET', `/tasks/${T1}`));
    assert.equal(task.version, 1);
    assert.equal(task.status, 'Done');
    assert.equal(task.created_by_user_id, author.userId);
    assert.equal(task.end_date, '2020-01-31', 'imported deadlines may be past');
    assert.equal(task.created_at, '2020-01-01T05:00:00.000+00:00');
    assert.equal(task.updated_at, '2020-01-02T10:00:00.000+00:00');
    const archived = json<TaskRec>(await api(ctx(), owner.token, 'GET', `/tasks/${T2}`));
    assert.equal(archived.status, 'Todo', 'the initial status of the imported dictionary');
    assert.equal(archived.created_by_user_id, owner.userId, 'the first administrator by default');
    assert.deepEqual(json<{ items: TaskRec[] }>(await api(ctx(), owner.token, 'GET', '/tasks')).items.map((t) => t.id), [T1]);
    // The executor, without tasks.view_all, sees the imported task through the members index.
    assert.deepEqual(json<{ items: TaskRec[] }>(await api(ctx(), executor.token, 'GET', '/tasks')).items.map((t) => t.id), [T1]);
    const bystander = await createPrincipal(ctx(), { slug: owner.slug, rights: [], scopes: ['tasks:read'] });
    assert.equal(json<{ total: number }>(await api(ctx(), bystander.token, 'GET', '/tasks')).total, 0);
    const projects = await api(ctx(), owner.token, 'GET', '/projects');
    assert.equal(projects.statusCode, 200);
    assert.deepEqual(json(projects), { items: [{ id: 'prj-a', name: 'Alpha', icon: null, color: null }, { id: 'prj-b', name: 'Beta', icon: 'star', color: '#00ff00' }], total: 2, limit: 50, offset: 0, next_cursor: null });
    const paged = json<{ items: Array<{ id: string }>; total: number; limit: number; offset: number }>(await api(ctx(), owner.token, 'GET', '/projects', { query: { limit: '1', offset: '1' } }));
    assert.deepEqual([paged.items.map((p) => p.id), paged.total, paged.limit, paged.offset], [['prj-b'], 2, 1, 1]);
    assert.equal((await api(ctx(), owner.token, 'GET', '/projects', { query: { limit: '0' } })).statusCode, 422);
  });

  it('rejects a bad record naming it, and writes nothing of the file', async () => {
    const owner = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const good = { projects: [{ id: 'prj-1', name: 'One' }] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, tasks: [{ title: 'ok' }, { title: 'bad status', status: 'Nowhere' }] }, 'tasks[1].status'],
      [{ ...good, tasks: [{ title: 'stranger', assignee_id: other.userId }] }, 'tasks[0].assignee_id'],
      [{ ...good, tasks: [{ title: 'stranger', watcher_ids: [other.userId] }] }, 'tasks[0].watcher_ids'],
      [{ ...good, tasks: [{ title: 'stranger author', created_by_user_id: other.userId }] }, 'tasks[0].created_by_user_id'],
      [{ ...good, tasks: [{ title: 'no project', project_id: 'prj-2' }] }, 'tasks[0].project_id'],
      [{ ...good, tasks: [{ title: 'bad date', end_date: '2020-02-31' }] }, 'tasks[0].end_date'],
      [{ ...good, tasks: [{ title: 'bad order', start_date: '2031-01-02', end_date: '2031-01-01' }] }, 'tasks[0].end_date'],
      [{ ...good, tasks: [{ id: T1, title: 'a' }, { id: T1, title: 'b' }] }, 'tasks[1].id'],
      [{ ...good, tasks: [{ title: 'x', surprise: true }] }, 'tasks[0].surprise'],
      [{ projects: [{ id: 'prj-1', name: 'One' }, { id: 'prj-1', name: 'Again' }] }, 'projects[1].id'],
      [{ projects: [{ id: 'prj-1' }] }, 'projects[0].name'],
    ];
    for (const [file, field] of cases) await rejects(ctx(), owner, file, field);
    assert.deepEqual(await counts(ctx(), owner.orgId), [0, 0, 0]);
  });

  it('the demo data set brings projects and tasks', async () => {
    const owner = await createPrincipal(ctx());
    const result = await seedDemoData(ctx().storage, owner.slug);
    assert.equal(result.projects, 2);
    assert.equal(result.tasks, 4);
    assert.equal(json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/tasks')).total, 4);
  });
});
