/**
 * POST /processes/{id}/cancel: the initiator or a bpm.admin cancels (audited, process.cancelled
 * raised, the stage's task closed); a participant who is neither is refused, a stranger does
 * not see the process. Stage instances name their task (task_id).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { chain, importTemplate, member, readProcess, start, taskOf } from './helpers.ts';

describeEachDatabase('cancelling a process through the API', (ctx) => {
  it('is for the initiator and a bpm.admin; a participant is refused and a stranger sees nothing; stages show their task_id', async () => {
    const owner = await createPrincipal(ctx());
    const initiator = await member(ctx(), owner);
    const executor = await member(ctx(), owner);
    const stranger = await member(ctx(), owner);
    const admin = await member(ctx(), owner, ['bpm.admin'], ['bpm:read', 'bpm:execute']);
    const template = await importTemplate(ctx(), owner, 'cancel-me', chain(executor.userId, executor.userId));

    const first = await start(ctx(), initiator, { template_id: template });
    const shown = await readProcess(ctx(), initiator, first.id);
    const stage = shown.stage_instances[0]!;
    assert.equal(stage.task_id, (await taskOf(ctx(), owner.orgId, stage.id)).id, 'the stage names the task it became');

    const byStranger = await api(ctx(), stranger.token, 'POST', `/processes/${first.id}/cancel`);
    assert.equal(byStranger.statusCode, 404, byStranger.body);
    const byExecutor = await api(ctx(), executor.token, 'POST', `/processes/${first.id}/cancel`);
    assert.equal(byExecutor.statusCode, 403, byExecutor.body);
    assert.equal(json<{ details: { error: string } }>(byExecutor).details.error, 'insufficient_scope');
    assert.equal((await readProcess(ctx(), initiator, first.id)).status, 'running', 'a refused cancel changes nothing');

    const byInitiator = await api(ctx(), initiator.token, 'POST', `/processes/${first.id}/cancel`);
    assert.equal(byInitiator.statusCode, 200, byInitiator.body);
    const cancelled = json<{ status: string; stage_instances: Array<{ status: string }> }>(byInitiator);
    assert.equal(cancelled.status, 'cancelled');
    assert.deepEqual(cancelled.stage_instances.map((s) => s.status), ['cancelled']);
    assert.equal((await taskOf(ctx(), owner.orgId, stage.id)).status, 'Cancelled', 'the stage task is closed');
    const again = await api(ctx(), initiator.token, 'POST', `/processes/${first.id}/cancel`);
    assert.equal(again.statusCode, 200, 'repeating it answers the cancelled process');

    const second = await start(ctx(), initiator, { template_id: template });
    const byAdmin = await api(ctx(), admin.token, 'POST', `/processes/${second.id}/cancel`);
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    const readOnly = await createPrincipal(ctx(), { slug: owner.slug, rights: ['bpm.admin'], scopes: ['bpm:read'] });
    const third = await start(ctx(), initiator, { template_id: template });
    assert.equal((await api(ctx(), readOnly.token, 'POST', `/processes/${third.id}/cancel`)).statusCode, 403, 'bpm:execute is needed');

    const events = await ctx().storage.db.selectFrom('events').select(['event', 'entity_id']).where('org_id', '=', owner.orgId).where('event', '=', 'process.cancelled').execute();
    assert.deepEqual(events.map((e) => e.entity_id).sort(), [first.id, second.id].sort(), 'one process.cancelled each, none for the repeat');
    const audit = await ctx().storage.db.selectFrom('audit_log').select(['target_id', 'user_id']).where('org_id', '=', owner.orgId).where('action', '=', 'process.cancel').execute();
    assert.deepEqual(audit.map((a) => [a.target_id, a.user_id]).sort(), [[first.id, initiator.userId], [second.id, admin.userId]].sort());
  });
});
