import assert from 'node:assert/strict';
import { it } from 'node:test';
import { taskAssignedRule } from '../../src/domains/tasks/events.ts';
import { tasksModule } from '../../src/domains/tasks/module.ts';
import { closeTask } from '../../src/domains/tasks/tasks.ts';
import { decodeEvent } from '../../src/events/registry.ts';
import { isEventNamed } from '../../src/events/types.ts';
import type { StoredEvent } from '../../src/events/types.ts';
import { importData } from '../../src/import.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { assignedEvents, createTask, dayFromToday, member, patchTask } from './helpers.ts';
import type { TaskRec } from './helpers.ts';

function stored(orgId: string, taskId: string, data: Record<string, unknown>): StoredEvent<'task.assigned'> {
  const { entityType: _type, entityId: _id, ...context } = data;
  const event = decodeEvent({ seq: 1, id: 'e', orgId, name: 'task.assigned', entityType: 'task', entityId: taskId, context, createdAt: new Date().toISOString() });
  assert.ok(isEventNamed(event, 'task.assigned'));
  return event;
}

async function people(ctx: TestContext) {
  const owner = await createPrincipal(ctx);
  return { owner, a: await member(ctx, owner, []), b: await member(ctx, owner, []), c: await member(ctx, owner, []) };
}

describeEachDatabase('task.assigned', (ctx) => {
  it('is raised when a task is created with an executor, with the context a notification needs', async () => {
    const { owner, a, b } = await people(ctx());
    const due = dayFromToday(2);
    const task = await createTask(ctx(), owner, { title: 'Ship it', assignee_id: a.userId, assignee_ids: [b.userId], end_date: due, end_time: '17:00' });
    const events = await assignedEvents(ctx(), owner.orgId, task.id);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0], {
      entityType: 'task', entityId: task.id, version: 1, title: 'Ship it', assigneeId: a.userId, assigneeIds: [b.userId],
      assignedUserIds: [a.userId, b.userId], actorUserId: owner.userId, endDate: due, endTime: '17:00',
    });
    const event = stored(owner.orgId, task.id, events[0]!);
    assert.deepEqual(taskAssignedRule.recipients(event), [a.userId, b.userId]);
    assert.equal(taskAssignedRule.actor?.(event), owner.userId);
    assert.match(taskAssignedRule.title(event), /Ship it/);
    assert.match(taskAssignedRule.text(event), new RegExp(`${due} 17:00`));
    assert.deepEqual(tasksModule.notifications?.map((r) => r.event), ['task.assigned']);
    assert.equal(tasksModule.events?.find((e) => e.name === 'task.assigned')?.visibility, 'catalog');
  });

  it('is not raised for a task without executors, nor by changes that assign nobody new', async () => {
    const { owner, a, c } = await people(ctx());
    const task = await createTask(ctx(), owner, { title: 'Alone', watcher_ids: [c.userId] });
    assert.deepEqual(await assignedEvents(ctx(), owner.orgId, task.id), []);
    const renamed = (await patchTask(ctx(), owner, task, { title: 'Still alone', watcher_ids: [a.userId] })).json() as TaskRec;
    assert.deepEqual(await assignedEvents(ctx(), owner.orgId, task.id), [], 'watchers are not executors');
    const assigned = (await patchTask(ctx(), owner, renamed, { assignee_id: a.userId })).json() as TaskRec;
    assert.equal((await assignedEvents(ctx(), owner.orgId, task.id)).length, 1);
    await patchTask(ctx(), owner, assigned, { assignee_id: a.userId, description: 'same executor' });
    const unassigned = (await ctx().storage.db.selectFrom('tasks').select('version').where('id', '=', task.id).executeTakeFirstOrThrow()).version;
    await patchTask(ctx(), owner, { id: task.id, version: unassigned }, { assignee_id: null });
    assert.equal((await assignedEvents(ctx(), owner.orgId, task.id)).length, 1, 'same executor or none: no event');
  });

  it('is raised when the executor changes and when co-executors are added, naming only the newly assigned', async () => {
    const { owner, a, b, c } = await people(ctx());
    const changer = await member(ctx(), owner, ['tasks.edit', 'tasks.view_all']);
    const task = await createTask(ctx(), owner, { title: 'Relay', assignee_id: a.userId });
    const moved = (await patchTask(ctx(), changer, task, { assignee_id: b.userId })).json() as TaskRec;
    const helped = (await patchTask(ctx(), changer, moved, { assignee_ids: [c.userId] })).json() as TaskRec;
    await patchTask(ctx(), changer, helped, { assignee_ids: [c.userId, a.userId], assignee_id: c.userId });
    const events = await assignedEvents(ctx(), owner.orgId, task.id);
    assert.deepEqual(events.map((e) => e.assignedUserIds), [[a.userId], [b.userId], [c.userId], [c.userId, a.userId]]);
    assert.deepEqual(events.map((e) => e.actorUserId), [owner.userId, changer.userId, changer.userId, changer.userId]);
    assert.deepEqual(events.map((e) => e.version), [1, 2, 3, 4]);
    assert.deepEqual(events.at(-1)?.assigneeIds, [c.userId, a.userId]);
    const last = stored(owner.orgId, task.id, events.at(-1)!);
    assert.deepEqual(taskAssignedRule.recipients(last), [c.userId, a.userId]);
    assert.equal(taskAssignedRule.actor?.(last), changer.userId);
  });

  it('a refused change raises nothing', async () => {
    const { owner, a } = await people(ctx());
    const other = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Guarded' });
    assert.equal((await patchTask(ctx(), owner, task, { assignee_id: a.userId, status: 'Done' })).statusCode, 422);
    assert.equal((await patchTask(ctx(), owner, task, { assignee_ids: [a.userId, other.userId] })).statusCode, 422);
    assert.deepEqual(await assignedEvents(ctx(), owner.orgId, task.id), []);
  });

  it('imported tasks raise none', async () => {
    const { owner, a } = await people(ctx());
    const id = '0193b1d2-7c4e-7a10-8f3e-5b2a9c1d4e6f';
    await importData(ctx().storage, owner.slug, { tasks: [{ id, title: 'Imported', assignee_id: a.userId }] });
    assert.deepEqual(await assignedEvents(ctx(), owner.orgId, id), []);
  });
});

describeEachDatabase('task.status_changed and closeTask', (ctx) => {
  async function statusEvents(orgId: string, taskId: string): Promise<Array<Record<string, unknown>>> {
    const rows = await ctx().storage.db.selectFrom('events').select('data').where('org_id', '=', orgId).where('entity_id', '=', taskId).where('event', '=', 'task.status_changed').orderBy('seq').execute();
    return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
  }

  it('is raised on every status change, telling whether the new status completes or cancels the task', async () => {
    const { owner, a } = await people(ctx());
    const task = await createTask(ctx(), owner, { title: 'Flow', assignee_id: a.userId });
    const renamed = (await patchTask(ctx(), owner, task, { title: 'Flow 2' })).json() as TaskRec;
    assert.deepEqual(await statusEvents(owner.orgId, task.id), [], 'no status change, no event');
    const started = (await patchTask(ctx(), owner, renamed, { status: 'In progress' })).json() as TaskRec;
    const done = (await patchTask(ctx(), owner, started, { status: 'Done' })).json() as TaskRec;
    const reopened = (await patchTask(ctx(), owner, done, { status: 'In progress' })).json() as TaskRec;
    await patchTask(ctx(), owner, reopened, { status: 'Cancelled' });
    const common = { entityType: 'task', entityId: task.id, actorUserId: owner.userId, asRight: null };
    assert.deepEqual(await statusEvents(owner.orgId, task.id), [
      { ...common, version: 3, fromStatus: 'New', status: 'In progress', closedAs: null },
      { ...common, version: 4, fromStatus: 'In progress', status: 'Done', closedAs: 'completed' },
      { ...common, version: 5, fromStatus: 'Done', status: 'In progress', closedAs: null },
      { ...common, version: 6, fromStatus: 'In progress', status: 'Cancelled', closedAs: 'cancelled' },
    ]);
  });

  it('closeTask moves an open task to the closing status whatever the transitions allow, and leaves a closed one alone', async () => {
    const { owner, a } = await people(ctx());
    const actor = { orgId: owner.orgId, userId: owner.userId, rights: new Set<string>(), orgSettings: {}, scopes: [] };
    const task = await createTask(ctx(), owner, { title: 'In review', assignee_id: a.userId, status: 'Review' });
    const closed = await ctx().storage.transaction((tx) => closeTask(tx, actor, task.id, 'cancelled'));
    assert.equal(closed?.status, 'Cancelled', 'Review → Cancelled is no transition of the dictionary, yet the task is closed');
    const again = await ctx().storage.transaction((tx) => closeTask(tx, actor, task.id, 'completed'));
    assert.deepEqual([again?.status, again?.version], ['Cancelled', 2]);
    assert.deepEqual((await statusEvents(owner.orgId, task.id)).map((e) => [e.status, e.closedAs]), [['Cancelled', 'cancelled']]);
    const other = await createTask(ctx(), owner, { title: 'Quick' });
    assert.equal((await ctx().storage.transaction((tx) => closeTask(tx, actor, other.id, 'completed')))?.status, 'Done');
    assert.equal(await ctx().storage.transaction((tx) => closeTask(tx, actor, 'no-such-task', 'completed')), undefined);
  });
});
