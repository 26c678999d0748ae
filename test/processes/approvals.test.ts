import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { handleEventsNow, importTemplate, member, readProcess, start, taskOf } from './helpers.ts';
import type { StageSpec } from './helpers.ts';

/** One approval stage given to `approver`, then the end. */
const approval = (approver: string): StageSpec[] => [
  { id: 'approve', title: 'Approve', stage_type: 'approval', start: true, next: ['done'], executor: approver },
  { id: 'done', title: 'Done', stage_type: 'end' },
];

interface TaskView {
  version: number;
  status: string;
  assignee_id: string | null;
  created_by_user_id: string;
  watcher_ids: string[];
  is_archived?: boolean;
}

function patch(ctx: TestContext, p: Principal, taskId: string, version: number, body: Record<string, unknown>) {
  return api(ctx, p.token, 'PATCH', `/tasks/${taskId}`, { body, headers: { 'if-match': String(version) } });
}

async function taskRow(ctx: TestContext, orgId: string, id: string) {
  return ctx.storage.db.selectFrom('tasks').select(['version', 'status', 'assignee_id', 'is_archived']).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirstOrThrow();
}

async function statusEvents(ctx: TestContext, orgId: string, taskId: string): Promise<number> {
  const rows = await ctx.storage.db.selectFrom('events').select('id').where('org_id', '=', orgId).where('entity_id', '=', taskId).where('event', '=', 'task.status_changed').execute();
  return rows.length;
}

async function decisions(ctx: TestContext, orgId: string, processId: string) {
  return ctx.storage.db.selectFrom('process_journal').select(['kind', 'actor_user_id', 'actor_right']).where('org_id', '=', orgId).where('process_id', '=', processId)
    .where('kind', 'in', ['stage.approved', 'stage.rejected', 'stage.completed']).orderBy('seq').execute();
}

describeEachDatabase('process stages are decided by their executor only', (ctx) => {
  let owner: Principal;
  let initiator: Principal;
  let approver: Principal;

  /** Starts an approval process given to the approver; the approver adds `co` as co-executor and `watcher` as watcher. */
  async function approvalTask(co?: Principal, watcher?: Principal): Promise<{ processId: string; stageId: string; taskId: string }> {
    const started = await start(ctx(), initiator, { template_id: 'approval' });
    const stageId = started.current_stage_ids[0]!;
    const task = await taskOf(ctx(), owner.orgId, stageId);
    if (co !== undefined || watcher !== undefined) {
      const res = await patch(ctx(), approver, task.id, task.version, {
        ...(co === undefined ? {} : { assignee_ids: [co.userId] }),
        ...(watcher === undefined ? {} : { watcher_ids: [initiator.userId, watcher.userId] }),
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    return { processId: started.id, stageId, taskId: task.id };
  }

  it('authors a stage task by its executor, watched by the initiator', async () => {
    owner = await createPrincipal(ctx());
    initiator = await member(ctx(), owner);
    approver = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'approval', approval(approver.userId));
    const { taskId } = await approvalTask();
    const task = json<TaskView>(await api(ctx(), approver.token, 'GET', `/tasks/${taskId}`));
    assert.equal(task.created_by_user_id, approver.userId, 'the executor is the author, not the initiator');
    assert.equal(task.assignee_id, approver.userId);
    assert.deepEqual(task.watcher_ids, [initiator.userId], 'the initiator follows the stage as a watcher');
    assert.equal((await api(ctx(), initiator.token, 'GET', `/tasks/${taskId}`)).statusCode, 200);
  });

  it('refuses a status change of a stage task by the initiator, a co-executor, a watcher and a tasks.view_all + tasks.edit holder: 403, nothing written, the stage undecided', async () => {
    const co = await member(ctx(), owner);
    const watcher = await member(ctx(), owner);
    const viewAll = await member(ctx(), owner, ['tasks.edit', 'tasks.view_all']);
    const { processId, taskId } = await approvalTask(co, watcher);
    const before = await taskRow(ctx(), owner.orgId, taskId);
    for (const [who, p] of [['initiator', initiator], ['co-executor', co], ['watcher', watcher], ['view_all + edit', viewAll]] as const) {
      for (const body of [{ status: 'Cancelled' }, { status: 'In progress' }, { is_archived: true }]) {
        const res = await patch(ctx(), p, taskId, before.version, body);
        const envelope = assertEnvelope(res, 403, 'forbidden', 'executor_only');
        assert.match(envelope.message, /only its executor/, `${who} ${JSON.stringify(body)}`);
        assert.equal(envelope.details.executor_id, approver.userId);
      }
    }
    assert.deepEqual(await taskRow(ctx(), owner.orgId, taskId), before, 'nothing was written');
    assert.equal(await statusEvents(ctx(), owner.orgId, taskId), 0);
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), initiator, processId);
    assert.deepEqual(process.stage_instances.map((s) => [s.status, s.decision]), [['active', null]]);
    assert.equal(process.status, 'running');
    // Changes that decide nothing are still theirs to make.
    assert.equal((await patch(ctx(), watcher, taskId, before.version, { title: 'Approve: read the contract first' })).statusCode, 200);
  });

  it('refuses completing a task stage by anyone but its executor, as for an approval', async () => {
    const worker = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'work', [
      { id: 'work', title: 'Work', stage_type: 'task', start: true, next: ['done'], executor: worker.userId },
      { id: 'done', title: 'Done', stage_type: 'end' },
    ]);
    const started = await start(ctx(), initiator, { template_id: 'work' });
    const task = await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!);
    assertEnvelope(await patch(ctx(), initiator, task.id, task.version, { status: 'Cancelled' }), 403, 'forbidden', 'executor_only');
    assert.equal((await patch(ctx(), worker, task.id, task.version, { status: 'In progress' })).statusCode, 200);
    assert.equal((await patch(ctx(), worker, task.id, task.version + 1, { status: 'Done' })).statusCode, 200);
    await handleEventsNow(ctx());
    assert.equal((await readProcess(ctx(), initiator, started.id)).status, 'completed');
    assert.deepEqual(await decisions(ctx(), owner.orgId, started.id), [{ kind: 'stage.completed', actor_user_id: worker.userId, actor_right: null }]);
  });

  it('the executor decides, and the journal names them', async () => {
    const { processId, taskId } = await approvalTask();
    const task = await taskRow(ctx(), owner.orgId, taskId);
    assert.equal((await patch(ctx(), approver, taskId, task.version, { status: 'In progress' })).statusCode, 200);
    assert.equal((await patch(ctx(), approver, taskId, task.version + 1, { status: 'Done' })).statusCode, 200);
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), initiator, processId);
    assert.deepEqual([process.status, process.stage_instances[0]!.decision], ['completed', 'approved']);
    assert.deepEqual(await decisions(ctx(), owner.orgId, processId), [{ kind: 'stage.approved', actor_user_id: approver.userId, actor_right: null }]);
  });

  it('a bpm.admin decides in the executor\'s place, and the journal says so; without the scope bpm:execute the right does not count', async () => {
    const admin = await member(ctx(), owner, ['tasks.edit', 'tasks.view_all', 'bpm.admin']);
    const adminTasksOnly = await member(ctx(), owner, ['tasks.edit', 'tasks.view_all', 'bpm.admin'], ['tasks:read', 'tasks:write']);
    const { processId, taskId } = await approvalTask();
    const task = await taskRow(ctx(), owner.orgId, taskId);
    const refused = assertEnvelope(await patch(ctx(), adminTasksOnly, taskId, task.version, { status: 'Cancelled' }), 403, 'forbidden', 'executor_only');
    assert.match(refused.message, /bpm\.admin/);
    const res = await patch(ctx(), admin, taskId, task.version, { status: 'Cancelled' });
    assert.equal(res.statusCode, 200, res.body);
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), initiator, processId);
    assert.deepEqual([process.status, process.stage_instances[0]!.decision], ['failed', 'rejected']);
    assert.deepEqual(await decisions(ctx(), owner.orgId, processId), [{ kind: 'stage.rejected', actor_user_id: admin.userId, actor_right: 'bpm.admin' }]);
    const note = await ctx().storage.db.selectFrom('process_journal').select('note').where('process_id', '=', processId).where('kind', '=', 'stage.rejected').executeTakeFirstOrThrow();
    assert.match(note.note ?? '', /as bpm\.admin/);
  });

  it('refuses a change of a stage task\'s executor through PATCH /tasks, to anyone', async () => {
    const admin = await member(ctx(), owner, ['tasks.edit', 'tasks.view_all', 'bpm.admin']);
    const { taskId } = await approvalTask();
    const before = await taskRow(ctx(), owner.orgId, taskId);
    for (const [p, to] of [[initiator, initiator.userId], [approver, initiator.userId], [admin, admin.userId], [approver, null]] as const) {
      const envelope = assertEnvelope(await patch(ctx(), p, taskId, before.version, { assignee_id: to }), 422, 'validation_error', 'validation_error');
      assert.deepEqual(envelope.details.fields?.map((f) => f.field), ['assignee_id']);
      assert.match(envelope.message, /business process/);
    }
    assert.deepEqual(await taskRow(ctx(), owner.orgId, taskId), before);
    assert.equal((await patch(ctx(), approver, taskId, before.version, { assignee_id: approver.userId, title: 'Approve now' })).statusCode, 200, 'naming the same executor changes nothing');
  });

  it('a stage task made before stage tasks had a steward: a close by someone else than the executor decides nothing, and the journal says who closed it', async () => {
    const { processId, taskId } = await approvalTask();
    await ctx().storage.db.updateTable('tasks').set({ steward_right: null, steward_scope: null }).where('org_id', '=', owner.orgId).where('id', '=', taskId).execute();
    const task = await taskRow(ctx(), owner.orgId, taskId);
    assert.equal((await patch(ctx(), initiator, taskId, task.version, { status: 'Cancelled' })).statusCode, 200, 'the tasks domain has no steward to check');
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), initiator, processId);
    assert.deepEqual([process.status, process.stage_instances[0]!.status, process.stage_instances[0]!.decision], ['running', 'active', null]);
    const ignored = await ctx().storage.db.selectFrom('process_journal').select(['actor_user_id', 'note']).where('process_id', '=', processId).where('kind', '=', 'stage.close_ignored').execute();
    assert.equal(ignored.length, 1);
    assert.equal(ignored[0]!.actor_user_id, initiator.userId);
    assert.match(ignored[0]!.note ?? '', /not the stage's executor/);
    // The executor reopens and decides.
    assert.equal((await patch(ctx(), approver, taskId, task.version + 1, { status: 'New' })).statusCode, 200);
    assert.equal((await patch(ctx(), approver, taskId, task.version + 2, { status: 'In progress' })).statusCode, 200);
    assert.equal((await patch(ctx(), approver, taskId, task.version + 3, { status: 'Done' })).statusCode, 200);
    await handleEventsNow(ctx());
    assert.deepEqual(await decisions(ctx(), owner.orgId, processId), [{ kind: 'stage.approved', actor_user_id: approver.userId, actor_right: null }]);
  });

  it('POST /processes answers for a task the caller cannot see exactly as for one that does not exist', async () => {
    await importTemplate(ctx(), owner, 'about-task', [{ id: 'a', stage_type: 'task', start: true }], { trigger_entity: 'task' });
    const hidden = json<{ id: string }>(await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Private' } })).id;
    const mine = json<{ id: string }>(await api(ctx(), initiator.token, 'POST', '/tasks', { body: { title: 'Mine' } })).id;
    const answer = async (entityId: string) => {
      const res = await api(ctx(), initiator.token, 'POST', '/processes', { body: { template_id: 'about-task', entity_type: 'task', entity_id: entityId } });
      const { request_id: _id, ...body } = json<Record<string, unknown>>(res);
      return { status: res.statusCode, body };
    };
    const unknown = await answer('00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 422);
    assert.deepEqual(await answer(hidden), unknown);
    assert.equal((await answer(mine)).status, 201);
  });
});
