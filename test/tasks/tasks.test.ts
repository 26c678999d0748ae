import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { TASK_FIELDS, assignedEvents, createTask, dayFromToday, fieldsOf, member, patchTask } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

describeEachDatabase('POST /tasks, GET /tasks/{id}, PATCH /tasks/{id}', (ctx) => {
  it('creates a task with every field, authored by the token owner, in the initial status at version 1', async () => {
    const owner = await createPrincipal(ctx());
    const executor = await member(ctx(), owner, ['tasks.edit']);
    const helper = await member(ctx(), owner, []);
    const watcher = await member(ctx(), owner, []);
    const project = await importProject(owner.slug, 'Website');
    const deal = json<{ id: string }>(await api(ctx(), owner.token, 'POST', '/deals', { body: { title: 'Spring order' } }));
    const body = {
      title: '  Call Northwind  ', description: 'Confirm quantities', priority: 'high', assignee_id: executor.userId, assignee_ids: [helper.userId, helper.userId],
      project_id: project, start_date: dayFromToday(0), end_date: dayFromToday(3), end_time: '18:30', deal_id: deal.id, tags: ['sales', 'sales', 'q1'], watcher_ids: [watcher.userId],
    };
    const res = await api(ctx(), owner.token, 'POST', '/tasks', { body });
    assert.equal(res.statusCode, 201, res.body);
    const task = json<TaskRec>(res);
    assert.deepEqual(Object.keys(task), TASK_FIELDS);
    assert.equal(task.version, 1);
    assert.equal(task.title, 'Call Northwind');
    assert.equal(task.status, 'New');
    assert.equal(task.priority, 'high');
    assert.equal(task.created_by_user_id, owner.userId);
    assert.deepEqual(task.assignee_ids, [helper.userId]);
    assert.deepEqual(task.tags, ['sales', 'q1']);
    assert.deepEqual(task.watcher_ids, [watcher.userId]);
    assert.equal(task.project_id, project);
    assert.equal(task.deal_id, deal.id);
    assert.equal(task.end_time, '18:30');
    assert.equal(task.is_archived, false);
    assert.match(task.created_at, /\+00:00$/);
    const read = await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`);
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers.etag, '"1"');
    assert.deepEqual(json(read), task);
  });

  it('defaults: initial status, priority normal, empty arrays and nulls', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Minimal' });
    assert.equal(task.status, 'New');
    assert.equal(task.priority, 'normal');
    assert.deepEqual([task.assignee_id, task.project_id, task.deal_id, task.end_date, task.end_time, task.description], [null, null, null, null, null, null]);
    assert.deepEqual([task.assignee_ids, task.watcher_ids, task.tags], [[], [], []]);
    const given = await createTask(ctx(), owner, { title: 'Started', status: 'In progress' });
    assert.equal(given.status, 'In progress');
  });

  it('refuses bad bodies with 422 naming the field, and writes nothing', async () => {
    const owner = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const otherProject = await importProject(other.slug, 'Theirs');
    const otherDeal = json<{ id: string }>(await api(ctx(), other.token, 'POST', '/deals', { body: { title: 'Their deal' } }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x', status: 'Nonexistent' }, 'status'],
      [{ title: 'x', priority: 'critical' }, 'priority'],
      [{ title: 'x', assignee_id: other.userId }, 'assignee_id'],
      [{ title: 'x', assignee_ids: [owner.userId, other.userId] }, 'assignee_ids'],
      [{ title: 'x', watcher_ids: ['no-such-user'] }, 'watcher_ids'],
      [{ title: 'x', project_id: otherProject }, 'project_id'],
      [{ title: 'x', project_id: 'no-such-project' }, 'project_id'],
      [{ title: 'x', deal_id: otherDeal.id }, 'deal_id'],
      [{ title: 'x', deal_id: 'no-such-deal' }, 'deal_id'],
      [{ title: 'x', start_date: '2030-13-01' }, 'start_date'],
      [{ title: 'x', end_date: '2030-02-30' }, 'end_date'],
      [{ title: 'x', end_date: '20300301' }, 'end_date'],
      [{ title: 'x', end_date: dayFromToday(5), end_time: '24:00' }, 'end_time'],
      [{ title: 'x', end_date: dayFromToday(5), end_time: '9:30' }, 'end_time'],
      [{ title: 'x', end_time: '09:30' }, 'end_time'],
      [{ title: 'x', start_date: dayFromToday(5), end_date: dayFromToday(4) }, 'end_date'],
      [{ title: 'x', end_date: dayFromToday(-1) }, 'end_date'],
      [{ title: 'x', unknown: 1 }, 'unknown'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ctx(), owner.token, 'POST', '/tasks', { body });
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(json<Envelope>(res).error, 'validation_error');
      assert.ok(fieldsOf(res).some((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}/`)), `${JSON.stringify(body)} names ${field}: ${res.body}`);
    }
    const list = json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/tasks'));
    assert.equal(list.total, 0);
  });

  it('a deadline today without a time, or later today, is accepted; earlier today is refused (UTC by default)', async () => {
    const owner = await createPrincipal(ctx());
    const today = new Date().toISOString().slice(0, 10);
    await createTask(ctx(), owner, { title: 'Today', end_date: today });
    const hour = new Date().getUTCHours();
    if (hour < 23) await createTask(ctx(), owner, { title: 'Later', end_date: today, end_time: '23:59' });
    if (hour > 0) {
      const res = await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Earlier', end_date: today, end_time: '00:00' } });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(fieldsOf(res), ['end_date']);
    }
  });

  it('patches with If-Match: new version, ETag, changed fields only; stale is 409; unknown is 404', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Patch me', tags: ['a'] });
    const res = await patchTask(ctx(), owner, task, { title: 'Patched', end_date: dayFromToday(2), description: 'more' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers.etag, '"2"');
    const patched = json<TaskRec>(res);
    assert.equal(patched.version, 2);
    assert.equal(patched.title, 'Patched');
    assert.deepEqual(patched.tags, ['a']);
    const stale = await patchTask(ctx(), owner, task, { title: 'Again' });
    assert.equal(stale.statusCode, 409);
    assert.equal(json<Envelope>(stale).details.error, 'stale_version');
    assert.equal(json<TaskRec>(await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`)).title, 'Patched');
    const missing = await patchTask(ctx(), owner, { id: '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f', version: 1 }, { title: 'x' });
    assert.equal(missing.statusCode, 404);
    assert.equal((await api(ctx(), owner.token, 'GET', '/tasks/0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f')).statusCode, 404);
    const empty = await patchTask(ctx(), owner, patched, {});
    assert.equal(empty.statusCode, 422);
  });

  it('PATCH refuses bad values with 422 and leaves the task unchanged', async () => {
    const owner = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Keep', start_date: dayFromToday(1), end_date: dayFromToday(3) });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ assignee_id: other.userId }, 'assignee_id'],
      [{ watcher_ids: [other.userId] }, 'watcher_ids'],
      [{ end_date: dayFromToday(0), start_date: dayFromToday(1) }, 'end_date'],
      [{ start_date: dayFromToday(4) }, 'end_date'],
      [{ end_date: dayFromToday(-2) }, 'end_date'],
      [{ status: 'Nope' }, 'status'],
      [{ priority: 'whenever' }, 'priority'],
      [{ title: '' }, 'title'],
      [{ end_date: null, end_time: '10:00' }, 'end_time'],
    ];
    for (const [body, field] of cases) {
      const res = await patchTask(ctx(), owner, task, body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(fieldsOf(res).some((f) => f === field || f.startsWith(`${field}`)), `${JSON.stringify(body)} names ${field}: ${res.body}`);
    }
    const after = json<TaskRec>(await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`));
    assert.deepEqual(after, task);
  });

  it('a PATCH without If-Match applies to the current version', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'No if-match' });
    const res = await api(ctx(), owner.token, 'PATCH', `/tasks/${task.id}`, { body: { title: 'Changed' } });
    assert.equal(res.statusCode, 200);
    assert.equal(json<TaskRec>(res).version, 2);
  });

  it('priority: setting a non-default one or changing it needs tasks.set_priority (403, nothing changes)', async () => {
    const owner = await createPrincipal(ctx());
    const editor = await member(ctx(), owner, ['tasks.edit']);
    const denied = await api(ctx(), editor.token, 'POST', '/tasks', { body: { title: 'Urgent', priority: 'urgent' } });
    assert.equal(denied.statusCode, 403);
    assert.equal(json<Envelope>(denied).error, 'forbidden');
    assert.equal(json<Envelope>(denied).details.required_right, 'tasks.set_priority');
    const plain = await createTask(ctx(), editor, { title: 'Plain', priority: 'normal' });
    const change = await patchTask(ctx(), editor, plain, { priority: 'high', title: 'Renamed' });
    assert.equal(change.statusCode, 403);
    assert.equal(json<Envelope>(change).error, 'forbidden');
    assert.deepEqual(json(await api(ctx(), editor.token, 'GET', `/tasks/${plain.id}`)), plain);
    const same = await patchTask(ctx(), editor, plain, { priority: 'normal', title: 'Renamed' });
    assert.equal(same.statusCode, 200, 'sending the current priority is no change');
    const prioritizer = await member(ctx(), owner, ['tasks.edit', 'tasks.set_priority']);
    const ok = await patchTask(ctx(), prioritizer, json<TaskRec>(same), { priority: 'high' });
    assert.equal(ok.statusCode, 404, 'the prioritizer does not see a task they have no part in');
    const byOwner = await patchTask(ctx(), owner, json<TaskRec>(same), { priority: 'high' });
    assert.equal(byOwner.statusCode, 200);
    assert.equal(json<TaskRec>(byOwner).priority, 'high');
  });

  it('archives through is_archived: not listed any more, still read by id, restorable', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Old' });
    const archived = await patchTask(ctx(), owner, task, { is_archived: true });
    assert.equal(archived.statusCode, 200);
    assert.equal(json<TaskRec>(archived).is_archived, true);
    const list = json<{ items: TaskRec[]; total: number }>(await api(ctx(), owner.token, 'GET', '/tasks'));
    assert.equal(list.total, 0);
    assert.equal((await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`)).statusCode, 200);
    assert.equal((await api(ctx(), owner.token, 'GET', '/tasks', { query: { include_archived: 'true' } })).statusCode, 422, 'no include_archived on tasks');
    const restored = await patchTask(ctx(), owner, json<TaskRec>(archived), { is_archived: false });
    assert.equal(json<TaskRec>(restored).is_archived, false);
    assert.equal(json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/tasks')).total, 1);
  });

  it('a POST repeated with its Idempotency-Key answers the stored task once, raising task.assigned once', async () => {
    const owner = await createPrincipal(ctx());
    const executor = await member(ctx(), owner, []);
    const headers = { 'idempotency-key': 'ticket-1' };
    const body = { title: 'Once', assignee_id: executor.userId };
    const first = await api(ctx(), owner.token, 'POST', '/tasks', { body, headers });
    const again = await api(ctx(), owner.token, 'POST', '/tasks', { body, headers });
    assert.equal(first.statusCode, 201);
    assert.equal(again.statusCode, 201);
    assert.equal(again.body, first.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/tasks')).total, 1);
    assert.equal((await assignedEvents(ctx(), owner.orgId, json<TaskRec>(first).id)).length, 1);
  });

  async function importProject(slug: string, name: string): Promise<string> {
    const { importData } = await import('../../src/import.ts');
    const id = `prj-${Math.random().toString(36).slice(2, 10)}`;
    await importData(ctx().storage, slug, { projects: [{ id, name }] });
    return id;
  }
});
