import assert from 'node:assert/strict';
import { it } from 'node:test';
import { cancelProcess, finishStage } from '../../src/domains/processes/engine.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { chain, countRows, handleEventsNow, importTemplate, journalKinds, member, moveTask, readProcess, start, taskOf } from './helpers.ts';

describeEachDatabase('the stage engine', (ctx) => {
  let owner: Principal;
  let executor: Principal;
  let approver: Principal;

  it('runs a three-stage process to completion through task status changes only, and the journal tells the story in order', async () => {
    owner = await createPrincipal(ctx());
    executor = await member(ctx(), owner);
    approver = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'chain', chain(executor.userId, approver.userId));
    const started = await start(ctx(), owner, { template_id: 'chain' });

    const prepare = await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!);
    await moveTask(ctx(), executor, prepare.id, ['In progress']);
    await handleEventsNow(ctx());
    assert.equal((await readProcess(ctx(), owner, started.id)).stage_instances.length, 1, 'a status that is not final does not advance');
    await moveTask(ctx(), executor, prepare.id, ['Done']);
    await handleEventsNow(ctx());

    let process = await readProcess(ctx(), owner, started.id);
    assert.equal(process.status, 'running');
    assert.equal(process.progress, 33);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status, s.decision, s.assignee_id]), [
      ['Prepare', 'completed', null, executor.userId],
      ['Approve', 'active', null, approver.userId],
    ]);
    assert.deepEqual(process.current_stage_ids, [process.stage_instances[1]!.id]);
    assert.ok(process.stage_instances[0]!.completed_at);

    const approve = await taskOf(ctx(), owner.orgId, process.stage_instances[1]!.id);
    assert.equal(approve.assignee_id, approver.userId);
    await moveTask(ctx(), approver, approve.id, ['In progress', 'Done']);
    await handleEventsNow(ctx());

    process = await readProcess(ctx(), owner, started.id);
    assert.equal(process.status, 'completed');
    assert.equal(process.progress, 100);
    assert.ok(process.completed_at);
    assert.deepEqual(process.current_stage_ids, []);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.stage_type, s.status, s.decision]), [
      ['Prepare', 'task', 'completed', null],
      ['Approve', 'approval', 'completed', 'approved'],
      ['Done', 'end', 'completed', null],
    ]);
    assert.deepEqual(await journalKinds(ctx(), owner.orgId, started.id), [
      'process.started',
      'stage.activated Prepare',
      'stage.completed Prepare',
      'stage.activated Approve',
      'stage.approved Approve',
      'stage.activated Done',
      'process.completed',
    ]);
    const actors = await ctx().storage.db.selectFrom('process_journal').select(['kind', 'actor_user_id']).where('process_id', '=', started.id).where('kind', 'in', ['stage.completed', 'stage.approved']).orderBy('seq').execute();
    assert.deepEqual(actors.map((a) => a.actor_user_id), [executor.userId, approver.userId]);
    // Reopening and closing a finished stage's task again changes nothing.
    await moveTask(ctx(), executor, prepare.id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    assert.equal((await journalKinds(ctx(), owner.orgId, started.id)).length, 7);
  });

  it('splits into parallel stages and joins when all incoming stages completed', async () => {
    const other = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'split', [
      { id: 'a', title: 'Kick-off', stage_type: 'task', start: true, next: ['b', 'c'] },
      { id: 'b', title: 'Legal', stage_type: 'task', next: ['d'], executor: executor.userId },
      { id: 'c', title: 'Finance', stage_type: 'task', next: ['d'], executor: other.userId },
      { id: 'd', title: 'Wrap-up', stage_type: 'task', next: ['e'] },
      { id: 'e', title: 'End', stage_type: 'end' },
    ]);
    const started = await start(ctx(), owner, { template_id: 'split' });
    const kickoff = await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!);
    await moveTask(ctx(), owner, kickoff.id, ['Cancelled']);
    await handleEventsNow(ctx());
    let process = await readProcess(ctx(), owner, started.id);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status]), [['Kick-off', 'completed'], ['Legal', 'active'], ['Finance', 'active']]);
    assert.equal(process.current_stage_ids.length, 2);

    await moveTask(ctx(), executor, (await taskOf(ctx(), owner.orgId, process.stage_instances[1]!.id)).id, ['Cancelled']);
    await handleEventsNow(ctx());
    process = await readProcess(ctx(), owner, started.id);
    assert.deepEqual(process.stage_instances.map((s) => s.stage_title), ['Kick-off', 'Legal', 'Finance'], 'the join waits for Finance');
    assert.equal(process.progress, 40);

    await moveTask(ctx(), other, (await taskOf(ctx(), owner.orgId, process.stage_instances[2]!.id)).id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    process = await readProcess(ctx(), owner, started.id);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status]), [['Kick-off', 'completed'], ['Legal', 'completed'], ['Finance', 'completed'], ['Wrap-up', 'active']]);
    assert.equal(process.status, 'running');
    assert.equal(process.stage_instances.filter((s) => s.stage_title === 'Wrap-up').length, 1);
  });

  it('an approval rejected through its task fails the process; reject_next leads elsewhere instead', async () => {
    const started = await start(ctx(), owner, { template_id: 'chain' });
    await moveTask(ctx(), executor, (await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!)).id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    let process = await readProcess(ctx(), owner, started.id);
    await moveTask(ctx(), approver, (await taskOf(ctx(), owner.orgId, process.current_stage_ids[0]!)).id, ['Cancelled']);
    await handleEventsNow(ctx());
    process = await readProcess(ctx(), owner, started.id);
    assert.equal(process.status, 'failed');
    assert.ok(process.completed_at);
    assert.equal(process.progress, 66);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status, s.decision]), [['Prepare', 'completed', null], ['Approve', 'completed', 'rejected']]);
    assert.deepEqual((await journalKinds(ctx(), owner.orgId, started.id)).slice(-2), ['stage.rejected Approve', 'process.failed']);

    await importTemplate(ctx(), owner, 'rework', [
      { id: 'ok', title: 'Approve', stage_type: 'approval', start: true, next: ['yes'], reject_next: ['fix'], executor: approver.userId },
      { id: 'fix', title: 'Fix it', stage_type: 'task', next: ['no'] },
      { id: 'yes', title: 'Approved', stage_type: 'end' },
      { id: 'no', title: 'Closed', stage_type: 'end' },
    ]);
    const second = await start(ctx(), owner, { template_id: 'rework' });
    await moveTask(ctx(), approver, (await taskOf(ctx(), owner.orgId, second.current_stage_ids[0]!)).id, ['Cancelled']);
    await handleEventsNow(ctx());
    process = await readProcess(ctx(), owner, second.id);
    assert.equal(process.status, 'running');
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status, s.decision]), [['Approve', 'completed', 'rejected'], ['Fix it', 'active', null]]);
  });

  it('cancel ends a running process: active stages cancelled, their tasks closed; a second cancel changes nothing', async () => {
    const started = await start(ctx(), owner, { template_id: 'split' });
    await moveTask(ctx(), owner, (await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!)).id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    const running = await readProcess(ctx(), owner, started.id);
    const open = await Promise.all(running.current_stage_ids.map((id) => taskOf(ctx(), owner.orgId, id)));
    assert.equal(open.length, 2);
    assert.equal(await ctx().storage.transaction((tx) => cancelProcess(tx, owner.orgId, started.id, null, 'no longer needed')), true);
    assert.equal(await ctx().storage.transaction((tx) => cancelProcess(tx, owner.orgId, started.id, null)), false);
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), owner, started.id);
    assert.equal(process.status, 'cancelled');
    assert.ok(process.completed_at);
    assert.deepEqual(process.current_stage_ids, []);
    assert.deepEqual(process.stage_instances.map((s) => s.status), ['completed', 'cancelled', 'cancelled']);
    for (const task of open) assert.equal((await taskOf(ctx(), owner.orgId, running.current_stage_ids[open.indexOf(task)]!)).status, 'Cancelled');
    assert.deepEqual((await journalKinds(ctx(), owner.orgId, started.id)).slice(-3), ['stage.cancelled Legal', 'stage.cancelled Finance', 'process.cancelled']);
  });

  it('20 concurrent completions of the same stage advance the process once', async () => {
    const started = await start(ctx(), owner, { template_id: 'chain' });
    const stageId = started.current_stage_ids[0]!;
    const tasksBefore = await countRows(ctx(), 'tasks', owner.orgId);
    const results = await Promise.all(Array.from({ length: 20 }, () => ctx().storage.transaction((tx) => finishStage(tx, owner.orgId, stageId, { closeTask: true }, null))));
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal(await countRows(ctx(), 'tasks', owner.orgId), tasksBefore + 1, 'one task for the next stage');
    await handleEventsNow(ctx());
    const process = await readProcess(ctx(), owner, started.id);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status]), [['Prepare', 'completed'], ['Approve', 'active']]);
    assert.equal((await taskOf(ctx(), owner.orgId, stageId)).status, 'Done', 'the operator closed the stage task');
    assert.deepEqual(await journalKinds(ctx(), owner.orgId, started.id), ['process.started', 'stage.activated Prepare', 'stage.completed Prepare', 'stage.activated Approve']);
  });
});
