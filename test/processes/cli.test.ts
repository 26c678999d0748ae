import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UsageError } from '../../src/cli/command.ts';
import { processesCommands } from '../../src/domains/processes/commands.ts';
import { AppError } from '../../src/http/errors.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { handleEventsNow, importTemplate, member, readProcess, start, taskOf } from './helpers.ts';

describeEachDatabase('processes CLI: show with the journal, complete-stage, decide, cancel', (ctx) => {
  it('an operator completes and decides stages and cancels a process, with --json', async () => {
    const owner = await createPrincipal(ctx());
    const executor = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'ops', [
      { id: 'a', title: 'Work', stage_type: 'task', start: true, next: ['b'], executor: executor.userId },
      { id: 'b', title: 'Review', stage_type: 'approval', next: ['c'] },
      { id: 'c', title: 'Ship', stage_type: 'task', next: ['d'] },
      { id: 'd', title: 'End', stage_type: 'end' },
    ]);
    const db = ctx().config.databaseUrl;
    // `show` runs as an operator does (a child process, --json); the others in this process, on the same database.
    const cli = (...args: string[]) => runCli(['processes', ...args, '--org', owner.slug, '--json', '--db', db]);
    const run = async (name: string, options: Record<string, string>): Promise<Record<string, unknown>> => {
      const command = processesCommands.find((c) => c.name === `processes ${name}`)!;
      const result = await command.run({ options: { ...options, org: owner.slug }, config: ctx().config, withStorage: (work) => work(ctx().storage) });
      return JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
    };
    const started = await start(ctx(), owner, { template_id: 'ops' });
    const work = started.current_stage_ids[0]!;

    await assert.rejects(run('decide', { stage: work, decision: 'approve' }), (e: unknown) => e instanceof AppError && e.code === 'validation_error');
    const done = (await run('complete-stage', { stage: work })) as { changed: boolean; process: { stage_instances: Array<{ id: string; stage_title: string; status: string }> } };
    assert.equal(done.changed, true);
    assert.deepEqual(done.process.stage_instances.map((s) => [s.stage_title, s.status]), [['Work', 'completed'], ['Review', 'active']]);
    assert.equal((await taskOf(ctx(), owner.orgId, work)).status, 'Done', 'the stage task is closed');
    assert.equal((await run('complete-stage', { stage: work })).changed, false, 'a second completion changes nothing');

    const review = done.process.stage_instances[1]!.id;
    await assert.rejects(run('decide', { stage: review, decision: 'maybe' }), UsageError);
    await assert.rejects(run('complete-stage', { stage: review }), (e: unknown) => e instanceof AppError && e.code === 'validation_error');
    const decided = (await run('decide', { stage: review, decision: 'approve' })) as { changed: boolean; process: { current_stage_ids: string[]; stage_instances: Array<{ decision: string | null }> } };
    assert.equal(decided.changed, true);
    assert.equal(decided.process.stage_instances[1]!.decision, 'approved');
    await handleEventsNow(ctx());

    const cancelled = (await run('cancel', { id: started.id, reason: 'customer left' })) as { changed: boolean };
    assert.equal(cancelled.changed, true);
    assert.equal((await taskOf(ctx(), owner.orgId, decided.process.current_stage_ids[0]!)).status, 'Cancelled');
    await handleEventsNow(ctx());

    const shown = onlyJson(await cli('show', '--id', started.id)) as { status: string; progress: number; journal: Array<{ seq: number; kind: string; stage_title: string | null; actor_user_id: string | null; note: string | null }> };
    assert.equal(shown.status, 'cancelled');
    assert.equal(shown.progress, 50);
    assert.deepEqual(shown.journal.map((j) => [j.seq, j.kind, j.stage_title]), [
      [1, 'process.started', null],
      [2, 'stage.activated', 'Work'],
      [3, 'stage.completed', 'Work'],
      [4, 'stage.activated', 'Review'],
      [5, 'stage.approved', 'Review'],
      [6, 'stage.activated', 'Ship'],
      [7, 'stage.cancelled', 'Ship'],
      [8, 'process.cancelled', null],
    ]);
    assert.equal(shown.journal[0]!.actor_user_id, owner.userId);
    assert.equal(shown.journal[2]!.actor_user_id, null);
    assert.equal(shown.journal[7]!.note, 'customer left');
    assert.equal((await readProcess(ctx(), owner, started.id)).status, 'cancelled');
    assert.equal((await run('cancel', { id: started.id })).changed, false);
    await assert.rejects(run('show', { id: 'no-such' }), (e: unknown) => e instanceof AppError && e.code === 'not_found');
  });
});
