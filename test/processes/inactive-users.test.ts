import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { importError } from '../helpers/envelope.ts';
import type { Envelope } from '../helpers/envelope.ts';
import { deactivate } from '../helpers/members.ts';
import { chain, countRows, handleEventsNow, importTemplate, journalKinds, member, moveTask, readProcess, start, taskOf } from './helpers.ts';

const lastJournalNote = async (ctx: TestContext, orgId: string, processId: string) =>
  (await ctx.storage.db.selectFrom('process_journal').select(['kind', 'note']).where('org_id', '=', orgId).where('process_id', '=', processId).orderBy('seq', 'desc').executeTakeFirstOrThrow());

describeEachDatabase('processes: deactivated users are left alone', (ctx) => {
  it('a template naming a deactivated executor is refused as one naming a stranger, nothing written', async () => {
    const owner = await createPrincipal(ctx());
    const gone = await member(ctx(), owner);
    await deactivate(ctx(), owner.orgId, gone.userId);
    const error = await importError(importData(ctx().storage, owner.slug, { processTemplates: [{ id: 't', title: 'T', published: true, stages: chain(gone.userId, owner.userId).map((s) => ({ title: s.id, next: [], ...s })) }] }));
    assert.equal(error.status, 422);
    assert.deepEqual(error.details.fields, [{ field: 'processTemplates[0].stages[0].executor', message: `${gone.userId} is not an active user of this organization, nor "initiator"` }]);
    assert.equal(await countRows(ctx(), 'process_templates', owner.orgId), 0);
  });

  it('POST /processes whose start stage\'s executor was deactivated answers 422 naming template_id, and writes nothing', async () => {
    const owner = await createPrincipal(ctx());
    const gone = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'chain', chain(gone.userId, owner.userId));
    await deactivate(ctx(), owner.orgId, gone.userId);
    const res = await api(ctx(), owner.token, 'POST', '/processes', { body: { template_id: 'chain' } });
    assert.equal(res.statusCode, 422, res.body);
    const body = res.json() as Envelope;
    assert.deepEqual(body.details.fields?.map((f) => f.field), ['template_id']);
    assert.match(body.message, new RegExp(`Prepare.*${gone.userId}.*not an active user`));
    for (const table of ['processes', 'process_stages', 'process_journal', 'tasks'] as const) assert.equal(await countRows(ctx(), table, owner.orgId), 0, table);
  });

  it('an advance to a stage whose executor was deactivated fails the process with a journal entry naming the stage and the executor; no task is made for them', async () => {
    const owner = await createPrincipal(ctx());
    const executor = await member(ctx(), owner);
    const approver = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'chain', chain(executor.userId, approver.userId));
    const started = await start(ctx(), owner, { template_id: 'chain' });
    await deactivate(ctx(), owner.orgId, approver.userId);
    const prepare = await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!);
    await moveTask(ctx(), executor, prepare.id, ['In progress', 'Done']);
    await handleEventsNow(ctx());

    const process = await readProcess(ctx(), owner, started.id);
    assert.equal(process.status, 'failed');
    assert.deepEqual(process.current_stage_ids, []);
    assert.deepEqual(process.stage_instances.map((s) => [s.stage_title, s.status]), [['Prepare', 'completed']]);
    assert.deepEqual(await journalKinds(ctx(), owner.orgId, started.id), ['process.started', 'stage.activated Prepare', 'stage.completed Prepare', 'process.failed']);
    assert.deepEqual(await lastJournalNote(ctx(), owner.orgId, started.id), {
      kind: 'process.failed',
      note: `stage "Approve" cannot be assigned: its executor ${approver.userId} is not an active user of this organization`,
    });
    assert.equal(await countRows(ctx(), 'tasks', owner.orgId), 1, 'only the first stage\'s task');
  });

  it('a stage given to the initiator fails the process the same way once the initiator is deactivated', async () => {
    const owner = await createPrincipal(ctx());
    const initiator = await member(ctx(), owner);
    const executor = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'back', [
      { id: 'work', title: 'Work', stage_type: 'task', start: true, next: ['check'], executor: executor.userId },
      { id: 'check', title: 'Check', stage_type: 'task', next: [], executor: 'initiator' },
    ]);
    const started = await start(ctx(), initiator, { template_id: 'back' });
    await deactivate(ctx(), owner.orgId, initiator.userId);
    await moveTask(ctx(), executor, (await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!)).id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    assert.equal((await readProcess(ctx(), owner, started.id)).status, 'failed');
    assert.match(String((await lastJournalNote(ctx(), owner.orgId, started.id)).note), new RegExp(`"Check" cannot be assigned: its executor ${initiator.userId}`));
  });
});
