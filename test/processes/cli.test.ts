import assert from 'node:assert/strict';
import { it } from 'node:test';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { handleEventsNow, importTemplate, member, readProcess, start, taskOf } from './helpers.ts';

interface Shown {
  status: string;
  progress: number;
  current_stage_ids: string[];
  stage_instances: Array<{ id: string; stage_title: string; status: string; decision: string | null }>;
  journal: Array<{ seq: number; kind: string; stage_title: string | null; actor_user_id: string | null; note: string | null }>;
}

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
    const cli = (...args: string[]) => runCli(['processes', ...args, '--org', owner.slug, '--json', '--db', db]);
    const refused = async (args: string[], code: number, error: string) => {
      const res = await cli(...args);
      assert.equal(res.code, code, res.stderr);
      assert.equal(res.stdout, '');
      assert.equal((JSON.parse(res.stderr.trim()) as { error: string }).error, error);
    };
    const started = await start(ctx(), owner, { template_id: 'ops' });
    const work = started.current_stage_ids[0]!;

    await refused(['decide', '--stage', work, '--decision', 'approve'], 1, 'validation_error');
    const done = onlyJson(await cli('complete-stage', '--stage', work)) as { changed: boolean; process: Shown };
    assert.equal(done.changed, true);
    assert.deepEqual(done.process.stage_instances.map((s) => [s.stage_title, s.status]), [['Work', 'completed'], ['Review', 'active']]);
    assert.equal((await taskOf(ctx(), owner.orgId, work)).status, 'Done', 'the stage task is closed');
    assert.equal((onlyJson(await cli('complete-stage', '--stage', work)) as { changed: boolean }).changed, false, 'a second completion changes nothing');

    const review = done.process.stage_instances[1]!.id;
    await refused(['decide', '--stage', review, '--decision', 'maybe'], 2, 'error');
    await refused(['complete-stage', '--stage', review], 1, 'validation_error');
    await refused(['complete-stage', '--stage', 'no-such-stage'], 1, 'not_found');
    const decided = onlyJson(await cli('decide', '--stage', review, '--decision', 'approve')) as { changed: boolean; process: Shown };
    assert.equal(decided.changed, true);
    assert.equal(decided.process.stage_instances[1]!.decision, 'approved');
    await handleEventsNow(ctx());

    const cancelled = onlyJson(await cli('cancel', '--id', started.id, '--reason', 'customer left')) as { changed: boolean };
    assert.equal(cancelled.changed, true);
    assert.equal((await taskOf(ctx(), owner.orgId, decided.process.current_stage_ids[0]!)).status, 'Cancelled');
    assert.equal((onlyJson(await cli('cancel', '--id', started.id)) as { changed: boolean }).changed, false);
    await handleEventsNow(ctx());

    const shown = onlyJson(await cli('show', '--id', started.id)) as unknown as Shown;
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
    await refused(['show', '--id', 'no-such'], 1, 'not_found');
  });
});
