import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { deactivate, refusalNaming } from '../helpers/members.ts';
import { createTask, member, patchTask } from './helpers.ts';
import type { Envelope, TaskRec } from './helpers.ts';

async function taskCount(ctx: TestContext, orgId: string): Promise<number> {
  return Number((await ctx.storage.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
}

describeEachDatabase('tasks: deactivated users are left alone', (ctx) => {
  async function team(): Promise<{ owner: Principal; gone: Principal; stranger: Principal }> {
    const owner = await createPrincipal(ctx(), { rights: ['tasks.edit'], scopes: ['tasks:read', 'tasks:write'] });
    const gone = await member(ctx(), owner, []);
    await deactivate(ctx(), owner.orgId, gone.userId);
    return { owner, gone, stranger: await createPrincipal(ctx()) };
  }

  it('POST /tasks refuses a deactivated member as assignee, co-executor or watcher exactly as a stranger: 422 naming the field, nothing written', async () => {
    const { owner, gone, stranger } = await team();
    const bodies: Array<[string, (id: string) => Record<string, unknown>]> = [
      ['assignee_id', (id) => ({ title: 'Call', assignee_id: id })],
      ['assignee_ids', (id) => ({ title: 'Call', assignee_ids: [id] })],
      ['watcher_ids', (id) => ({ title: 'Call', watcher_ids: [id] })],
    ];
    for (const [field, body] of bodies) {
      const deactivated = await api(ctx(), owner.token, 'POST', '/tasks', { body: body(gone.userId) });
      const foreign = await api(ctx(), owner.token, 'POST', '/tasks', { body: body(stranger.userId) });
      assert.equal(deactivated.statusCode, 422, deactivated.body);
      assert.equal(foreign.statusCode, 422, foreign.body);
      const answer = refusalNaming(deactivated, gone.userId);
      assert.deepEqual(answer.details.fields?.map((f) => f.field), [field]);
      assert.equal(answer.details.error, 'validation_error');
      assert.deepEqual(answer, refusalNaming(foreign, stranger.userId), `${field}: the same answer as for a user of another organization`);
    }
    assert.equal(await taskCount(ctx(), owner.orgId), 0);
  });

  it('PATCH /tasks refuses to newly link a deactivated member in each field; those linked before their deactivation stay through other changes', async () => {
    const { owner } = await team();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => member(ctx(), owner, [])));
    const task = await createTask(ctx(), owner, { title: 'Ship', assignee_id: a!.userId, assignee_ids: [b!.userId], watcher_ids: [c!.userId] });
    await deactivate(ctx(), owner.orgId, b!.userId);

    const renamed = await patchTask(ctx(), owner, task, { title: 'Ship it' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    let current = json<TaskRec>(renamed);
    const kept = await patchTask(ctx(), owner, current, { assignee_ids: [b!.userId, d!.userId] });
    assert.equal(kept.statusCode, 200, kept.body);
    current = json<TaskRec>(kept);
    assert.deepEqual(current.assignee_ids, [b!.userId, d!.userId]);

    for (const [field, body] of [
      ['assignee_id', { assignee_id: b!.userId }],
      ['watcher_ids', { watcher_ids: [c!.userId, b!.userId] }],
    ] as const) {
      const refused = await patchTask(ctx(), owner, current, body);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual((refused.json() as Envelope).details.fields?.map((f) => f.field), [field]);
    }
    await deactivate(ctx(), owner.orgId, d!.userId);
    const readded = await patchTask(ctx(), owner, current, { assignee_ids: [d!.userId], watcher_ids: [c!.userId] });
    assert.equal(readded.statusCode, 200, 'd stays a co-executor it already was');
    const after = json<TaskRec>(await api(ctx(), owner.token, 'GET', `/tasks/${task.id}`));
    assert.deepEqual([after.assignee_id, after.assignee_ids, after.watcher_ids, after.version], [a!.userId, [d!.userId], [c!.userId], current.version + 1]);
  });

  it('an import keeps a deactivated member linked to a task of the past; a user of another organization is still refused', async () => {
    const { owner, gone, stranger } = await team();
    await importData(ctx().storage, owner.slug, { tasks: [{ title: 'Old work', assignee_id: gone.userId, assignee_ids: [gone.userId], watcher_ids: [gone.userId], created_by_user_id: gone.userId }] });
    const admin = await createPrincipal(ctx(), { slug: owner.slug });
    const [task] = json<{ items: TaskRec[] }>(await api(ctx(), admin.token, 'GET', '/tasks')).items;
    assert.deepEqual([task?.assignee_id, task?.assignee_ids, task?.watcher_ids, task?.created_by_user_id], [gone.userId, [gone.userId], [gone.userId], gone.userId]);
    await assert.rejects(importData(ctx().storage, owner.slug, { tasks: [{ title: 'Foreign', assignee_id: stranger.userId }] }), (error: { status: number; details: Envelope['details'] }) => {
      assert.equal(error.status, 422);
      assert.deepEqual(error.details.fields?.map((f) => f.field), ['tasks[0].assignee_id']);
      return true;
    });
  });
});
