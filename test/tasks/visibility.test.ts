import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { createTask, member, patchTask } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

interface Cast {
  owner: Principal;
  creator: Principal;
  assignee: Principal;
  helper: Principal;
  watcher: Principal;
  viewAll: Principal;
  stranger: Principal;
  task: TaskRec;
  unrelated: TaskRec;
}

async function cast(ctx: TestContext): Promise<Cast> {
  const owner = await createPrincipal(ctx);
  const edit = ['tasks.edit'];
  const creator = await member(ctx, owner, edit);
  const assignee = await member(ctx, owner, edit);
  const helper = await member(ctx, owner, edit);
  const watcher = await member(ctx, owner, edit);
  const viewAll = await member(ctx, owner, ['tasks.edit', 'tasks.view_all']);
  const stranger = await member(ctx, owner, edit);
  const task = await createTask(ctx, creator, { title: 'Shared', assignee_id: assignee.userId, assignee_ids: [helper.userId], watcher_ids: [watcher.userId] });
  const unrelated = await createTask(ctx, owner, { title: 'Owner only' });
  return { owner, creator, assignee, helper, watcher, viewAll, stranger, task, unrelated };
}

const page = async (ctx: TestContext, p: Principal, query: Record<string, string> = {}) => json<{ items: TaskRec[]; total: number }>(await api(ctx, p.token, 'GET', '/tasks', { query }));

describeEachDatabase('Task visibility', (ctx) => {
  it('creator, assignee, co-executor and watcher see the task; view_all sees everything; a stranger nothing', async () => {
    const c = await cast(ctx());
    for (const [who, p] of [['creator', c.creator], ['assignee', c.assignee], ['co-executor', c.helper], ['watcher', c.watcher]] as const) {
      const list = await page(ctx(), p);
      assert.deepEqual(list.items.map((t) => t.id), [c.task.id], who);
      assert.equal(list.total, 1, who);
      assert.equal((await api(ctx(), p.token, 'GET', `/tasks/${c.task.id}`)).statusCode, 200, who);
      assert.equal((await api(ctx(), p.token, 'GET', `/tasks/${c.unrelated.id}`)).statusCode, 404, who);
    }
    const all = await page(ctx(), c.viewAll);
    assert.deepEqual(all.items.map((t) => t.id).sort(), [c.task.id, c.unrelated.id].sort());
    assert.equal(all.total, 2);
    assert.equal((await api(ctx(), c.viewAll.token, 'GET', `/tasks/${c.unrelated.id}`)).statusCode, 200);
    const none = await page(ctx(), c.stranger);
    assert.deepEqual([none.items, none.total], [[], 0]);
    const hidden = await api(ctx(), c.stranger.token, 'GET', `/tasks/${c.task.id}`);
    assert.equal(hidden.statusCode, 404);
    assert.equal(json<Envelope>(hidden).details.error, 'not_found');
    const unknown = await api(ctx(), c.stranger.token, 'GET', '/tasks/no-such-task');
    assert.deepEqual([unknown.statusCode, json<Envelope>(unknown).message], [404, json<Envelope>(hidden).message], 'a task out of sight answers as one that does not exist');
  });

  it('a stranger\'s PATCH is 404 whatever its If-Match, and changes nothing', async () => {
    const c = await cast(ctx());
    for (const version of [c.task.version, 99]) {
      const res = await patchTask(ctx(), c.stranger, { id: c.task.id, version }, { title: 'Hijacked' });
      assert.equal(res.statusCode, 404, `If-Match ${version}`);
    }
    assert.equal(json<TaskRec>(await api(ctx(), c.creator.token, 'GET', `/tasks/${c.task.id}`)).title, 'Shared');
    const byWatcher = await patchTask(ctx(), c.watcher, c.task, { title: 'Watcher edit' });
    assert.equal(byWatcher.statusCode, 200, 'a watcher with tasks.edit may change what they see');
  });

  it('visibility follows changes: a removed assignee stops seeing the task, a new one starts', async () => {
    const c = await cast(ctx());
    const moved = await patchTask(ctx(), c.creator, c.task, { assignee_id: c.stranger.userId, assignee_ids: [], watcher_ids: [] });
    assert.equal(moved.statusCode, 200, moved.body);
    for (const p of [c.assignee, c.helper, c.watcher]) {
      assert.equal((await page(ctx(), p)).total, 0);
      assert.equal((await api(ctx(), p.token, 'GET', `/tasks/${c.task.id}`)).statusCode, 404);
    }
    assert.deepEqual((await page(ctx(), c.stranger)).items.map((t) => t.id), [c.task.id]);
    assert.equal((await page(ctx(), c.creator)).total, 1, 'the creator keeps seeing it');
  });

  it('conditional reads never answer 304 across visibility', async () => {
    const c = await cast(ctx());
    const read = await api(ctx(), c.assignee.token, 'GET', `/tasks/${c.task.id}`);
    const tag = read.headers.etag as string;
    assert.equal((await api(ctx(), c.assignee.token, 'GET', `/tasks/${c.task.id}`, { headers: { 'if-none-match': tag } })).statusCode, 304);
    const probe = await api(ctx(), c.stranger.token, 'GET', `/tasks/${c.task.id}`, { headers: { 'if-none-match': tag } });
    assert.equal(probe.statusCode, 404, 'a stranger replaying the tag learns nothing');
    const listed = await api(ctx(), c.assignee.token, 'GET', '/tasks');
    const listTag = listed.headers.etag as string;
    assert.equal((await api(ctx(), c.assignee.token, 'GET', '/tasks', { headers: { 'if-none-match': listTag } })).statusCode, 304);
    const other = await api(ctx(), c.stranger.token, 'GET', '/tasks', { headers: { 'if-none-match': listTag } });
    assert.equal(other.statusCode, 200);
    assert.notEqual(other.headers.etag, listTag);
    // Losing sight of the task moves the counter: the former assignee's tag no longer answers 304.
    await patchTask(ctx(), c.creator, c.task, { assignee_id: null });
    const after = await api(ctx(), c.assignee.token, 'GET', `/tasks/${c.task.id}`, { headers: { 'if-none-match': tag } });
    assert.equal(after.statusCode, 404);
  });

  it('filters: status, assignee_id (executor or co-executor), project_id, updated_since, limit and offset', async () => {
    const owner = await createPrincipal(ctx());
    const a = await member(ctx(), owner, ['tasks.edit']);
    const b = await member(ctx(), owner, ['tasks.edit']);
    const { importData } = await import('../../src/import.ts');
    await importData(ctx().storage, owner.slug, { projects: [{ id: 'prj-x', name: 'X' }] });
    const t1 = await createTask(ctx(), owner, { title: 'A executes', assignee_id: a.userId });
    const t2 = await createTask(ctx(), owner, { title: 'A helps', assignee_id: b.userId, assignee_ids: [a.userId] });
    const t3 = await createTask(ctx(), owner, { title: 'A watches', watcher_ids: [a.userId], status: 'In progress', project_id: 'prj-x' });
    const ids = async (query: Record<string, string>, p: Principal = owner) => (await page(ctx(), p, query)).items.map((t) => t.id).sort();
    assert.deepEqual(await ids({ assignee_id: a.userId }), [t1.id, t2.id].sort());
    assert.deepEqual(await ids({ assignee_id: b.userId }), [t2.id]);
    assert.deepEqual(await ids({ status: 'In progress' }), [t3.id]);
    assert.deepEqual(await ids({ status: 'in progress' }), [], 'status is the exact name');
    assert.deepEqual(await ids({ project_id: 'prj-x' }), [t3.id]);
    assert.deepEqual(await ids({ assignee_id: a.userId }, a), [t1.id, t2.id].sort(), 'filters combine with visibility');
    assert.deepEqual(await ids({}, a), [t1.id, t2.id, t3.id].sort());
    const since = new Date(Date.parse(t3.updated_at) + 1).toISOString();
    assert.deepEqual(await ids({ updated_since: since }), []);
    assert.deepEqual(await ids({ updated_since: t3.updated_at }), [t3.id], 'at or after');
    await new Promise((r) => setTimeout(r, 5));
    const changed = json<TaskRec>(await patchTask(ctx(), owner, t1, { title: 'A executes, renamed' }));
    assert.deepEqual(await ids({ updated_since: changed.updated_at.replace('+00:00', '-05:00') }), [], 'the offset is honoured (five hours later)');
    assert.equal((await ids({ updated_since: changed.updated_at.replace('+00:00', '+05:00') })).length, 3, 'five hours earlier');
    assert.deepEqual(await ids({ updated_since: since }), [t1.id]);
    for (const bad of ['yesterday', '2026-01-01', '2026-01-01T10:00:00', '2026-13-01T00:00:00Z']) {
      const res = await api(ctx(), owner.token, 'GET', '/tasks', { query: { updated_since: bad } });
      assert.equal(res.statusCode, 422, bad);
      assert.ok(((json<Envelope>(res).details.fields) ?? []).some((f) => f.field.includes('updated_since')), bad);
    }
    const first = await page(ctx(), owner, { limit: '2' });
    assert.equal(first.items.length, 2);
    assert.equal(first.total, 3);
    const rest = await page(ctx(), owner, { limit: '2', offset: '2' });
    assert.equal(rest.items.length, 1);
    assert.deepEqual([...first.items, ...rest.items].map((t) => t.id), [t3.id, t2.id, t1.id], 'newest first');
  });
});
