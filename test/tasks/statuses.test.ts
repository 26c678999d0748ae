import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEFAULT_STATUSES } from '../../src/domains/tasks/statuses.ts';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { createTask, fieldsOf, patchTask } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

/** A task in `status`: created in the initial status, then moved along a path of allowed transitions. */
async function taskIn(ctx: TestContext, p: Principal, status: string): Promise<TaskRec> {
  return createTask(ctx, p, { title: `In ${status}`, status });
}

async function dictionary(ctx: TestContext, orgId: string) {
  return ctx.storage.db.selectFrom('task_statuses').select(['name', 'sort_order', 'is_initial', 'is_final', 'next']).where('org_id', '=', orgId).orderBy('sort_order').execute();
}

const CUSTOM = [
  { name: 'Open', order: 1, initial: true, next: ['Doing'] },
  { name: 'Doing', order: 2, next: ['Open', 'Closed'] },
  { name: 'Closed', order: 3, final: true, next: [] },
];

describeEachDatabase('Task status dictionary', (ctx) => {
  it('a new organization gets the default dictionary', async () => {
    const owner = await createPrincipal(ctx());
    const rows = await dictionary(ctx(), owner.orgId);
    assert.deepEqual(rows.map((r) => r.name), DEFAULT_STATUSES.map((s) => s.name));
    assert.deepEqual(rows.filter((r) => r.is_initial === true || r.is_initial === 1).map((r) => r.name), ['New']);
    assert.deepEqual(rows.filter((r) => r.is_final === true || r.is_final === 1).map((r) => r.name), ['Done', 'Cancelled']);
  });

  it('every allowed transition of the default dictionary passes', async () => {
    const owner = await createPrincipal(ctx());
    for (const from of DEFAULT_STATUSES) {
      for (const to of from.next) {
        const task = await taskIn(ctx(), owner, from.name);
        const res = await patchTask(ctx(), owner, task, { status: to });
        assert.equal(res.statusCode, 200, `${from.name} → ${to}: ${res.body}`);
        assert.equal(json<TaskRec>(res).status, to);
      }
    }
  });

  it('a forbidden transition is 422 naming status, and the task is unchanged', async () => {
    const owner = await createPrincipal(ctx());
    const forbidden: Array<[string, string]> = [];
    for (const from of DEFAULT_STATUSES) {
      for (const to of DEFAULT_STATUSES) if (to.name !== from.name && !from.next.includes(to.name)) forbidden.push([from.name, to.name]);
    }
    assert.ok(forbidden.length >= 8);
    for (const [from, to] of forbidden) {
      const task = await taskIn(ctx(), owner, from);
      const res = await patchTask(ctx(), owner, task, { status: to, title: 'Moved' });
      assert.equal(res.statusCode, 422, `${from} → ${to}`);
      assert.deepEqual(fieldsOf(res), ['status']);
      assert.deepEqual(json(await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`)), task);
    }
    const same = await taskIn(ctx(), owner, 'Review');
    assert.equal((await patchTask(ctx(), owner, same, { status: 'Review' })).statusCode, 200, 'staying put is no transition');
  });

  it('the taskStatuses import replaces the dictionary whole; new tasks follow it', async () => {
    const owner = await createPrincipal(ctx());
    assert.deepEqual(await importData(ctx().storage, owner.slug, { taskStatuses: CUSTOM }), { taskStatuses: 3 });
    assert.deepEqual((await dictionary(ctx(), owner.orgId)).map((r) => r.name), ['Open', 'Doing', 'Closed']);
    const task = await createTask(ctx(), owner, { title: 'Custom' });
    assert.equal(task.status, 'Open');
    assert.equal((await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Old name', status: 'New' } })).statusCode, 422);
    const doing = json<TaskRec>(await patchTask(ctx(), owner, task, { status: 'Doing' }));
    assert.equal((await patchTask(ctx(), owner, doing, { status: 'Open' })).statusCode, 200);
    const other = await createPrincipal(ctx());
    assert.equal((await createTask(ctx(), other, { title: 'Other org' })).status, 'New', 'another organization keeps its own');
  });

  it('refuses a dictionary without exactly one initial status, or with an unknown next, naming the record; nothing changes', async () => {
    const owner = await createPrincipal(ctx());
    const bad: Array<[unknown[], string]> = [
      [CUSTOM.map((s) => ({ ...s, initial: false })), 'taskStatuses'],
      [CUSTOM.map((s) => ({ ...s, initial: true })), 'taskStatuses[1].initial'],
      [[CUSTOM[0], { ...CUSTOM[1], next: ['Open', 'Nowhere'] }, CUSTOM[2]], 'taskStatuses[1].next[1]'],
      [[CUSTOM[0], CUSTOM[1], { ...CUSTOM[2], name: 'Doing' }], 'taskStatuses[2].name'],
      [[CUSTOM[0], { name: 'No order', next: [] }], 'taskStatuses[1].order'],
      [[], 'taskStatuses'],
    ];
    for (const [records, field] of bad) {
      await assert.rejects(importData(ctx().storage, owner.slug, { taskStatuses: records, projects: [{ id: 'prj-z', name: 'Z' }] }), (error: { status: number; details: Envelope['details'] }) => {
        assert.equal(error.status, 422);
        assert.ok((error.details.fields ?? []).some((f) => f.field === field), `${field} in ${JSON.stringify(error.details.fields)}`);
        return true;
      });
    }
    assert.deepEqual((await dictionary(ctx(), owner.orgId)).map((r) => r.name), DEFAULT_STATUSES.map((s) => s.name));
    assert.equal(json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/projects')).total, 0, 'the rejected file wrote nothing');
  });

  it('refuses a dictionary that leaves out a status tasks are in', async () => {
    const owner = await createPrincipal(ctx());
    await createTask(ctx(), owner, { title: 'Reviewing', status: 'Review' });
    await assert.rejects(importData(ctx().storage, owner.slug, { taskStatuses: CUSTOM }), /Review/);
    assert.equal((await dictionary(ctx(), owner.orgId)).length, DEFAULT_STATUSES.length);
  });
});
