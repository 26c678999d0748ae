import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { chain, handleEventsNow, importTemplate, member, moveTask, start, taskOf } from './helpers.ts';

describeEachDatabase('who sees a process', (ctx) => {
  it('the initiator and the executors of its activated stages see it; a stranger gets 404 and an empty list; bpm.admin sees all', async () => {
    const owner = await createPrincipal(ctx());
    const initiator = await member(ctx(), owner);
    const executor = await member(ctx(), owner);
    const approver = await member(ctx(), owner);
    const stranger = await member(ctx(), owner);
    const admin = await member(ctx(), owner, ['bpm.admin'], ['bpm:read']);
    await importTemplate(ctx(), owner, 'chain', chain(executor.userId, approver.userId));
    const started = await start(ctx(), initiator, { template_id: 'chain' });

    const sees = async (p: typeof owner): Promise<[number, number]> => [
      (await api(ctx(), p.token, 'GET', `/processes/${started.id}`)).statusCode,
      json<{ total: number }>(await api(ctx(), p.token, 'GET', '/processes')).total,
    ];
    assert.deepEqual(await sees(initiator), [200, 1]);
    assert.deepEqual(await sees(executor), [200, 1]);
    assert.deepEqual(await sees(approver), [404, 0], 'the approval stage is not active yet');
    assert.deepEqual(await sees(stranger), [404, 0]);
    assert.deepEqual(await sees(admin), [200, 1]);

    await moveTask(ctx(), executor, (await taskOf(ctx(), owner.orgId, started.current_stage_ids[0]!)).id, ['In progress', 'Done']);
    await handleEventsNow(ctx());
    assert.deepEqual(await sees(approver), [200, 1], 'an executor once their stage is active');
    assert.deepEqual(await sees(stranger), [404, 0]);
    const byStatus = json<{ total: number }>(await api(ctx(), stranger.token, 'GET', '/processes', { query: { status: 'running', template_id: 'chain' } }));
    assert.equal(byStatus.total, 0);
    // A process the stranger starts is theirs alone (the stages of "chain" go to others: they see their own start only).
    const own = await start(ctx(), stranger, { template_id: 'chain' });
    assert.deepEqual(json<{ items: Array<{ id: string }> }>(await api(ctx(), stranger.token, 'GET', '/processes')).items.map((p) => p.id), [own.id]);
    assert.equal(json<{ total: number }>(await api(ctx(), admin.token, 'GET', '/processes')).total, 2);
    assert.equal(json<{ total: number }>(await api(ctx(), initiator.token, 'GET', '/processes')).total, 1);
  });
});
