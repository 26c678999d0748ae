import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import { admin, auditOf } from '../admin/helpers.ts';
import { emitClientCreated, startDelivery } from '../webhooks/helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

describeEachDatabase(
  'deliveries pause and resume',
  (ctx) => {
    const cli = async (...args: string[]) => onlyJson(await runCli([...args, '--db', ctx().config.databaseUrl, '--json']));

    it('a paused organization\'s webhooks stay queued, others go out; after resume they are sent; both audited', async () => {
      const receiver = await startReceiver(cert);
      let dispatcher: { stop(): Promise<void> } | undefined;
      try {
        const held = await createPrincipal(ctx());
        const other = await createPrincipal(ctx());
        for (const p of [held, other]) {
          assert.equal((await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'n', url: receiver.url, events: '*' } })).statusCode, 201);
        }
        assert.deepEqual(await cli('deliveries', 'pause', '--org', held.slug, '--reason', 'staging copy'), { paused: [held.slug] });
        assert.deepEqual(await cli('deliveries', 'pause', '--org', held.slug), { paused: [] }, 'pausing again changes nothing');
        const status = (await cli('deliveries', 'status', '--org', held.slug)).organizations as Array<{ slug: string; paused: boolean; reason: string }>;
        assert.deepEqual(status.map((s) => [s.slug, s.paused, s.reason]), [[held.slug, true, 'staging copy']]);

        dispatcher = await startDelivery(ctx(), { webhookPollMs: 100 });
        const heldEvent = await emitClientCreated(ctx().storage, held.orgId);
        const otherEvent = await emitClientCreated(ctx().storage, other.orgId);
        await receiver.waitFor(1);
        assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [otherEvent.eventId], 'the other organization is not held');
        const queued = await ctx().storage.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('org_id', '=', held.orgId).execute();
        assert.deepEqual(queued, [{ status: 'pending', attempts: 0 }], 'the paused delivery waits, unattempted');

        const [delivery] = json<{ deliveries: Array<{ id: string }> }>(await admin(ctx(), held.token, 'GET', '/webhooks/deliveries')).deliveries;
        const redeliver = await admin(ctx(), held.token, 'POST', `/webhooks/deliveries/${delivery!.id}/redeliver`);
        assert.equal(redeliver.statusCode, 409, 'an operator\'s redeliver does not go out either');
        assert.equal(json<{ details: { error: string } }>(redeliver).details.error, 'deliveries_paused');
        assert.equal(receiver.received.length, 1);

        assert.deepEqual(await cli('deliveries', 'resume', '--org', held.slug), { resumed: [held.slug] });
        await receiver.waitFor(2);
        assert.equal(receiver.received[1]!.headers['x-webhook-id'], heldEvent.eventId, 'the queued delivery goes out after resume');

        const actions = (await auditOf(ctx(), held.token)).filter((e) => e.action.startsWith('deliveries.'));
        assert.deepEqual(actions.map((e) => [e.action, e.actor.via, e.changes.deliveriesPaused]), [
          ['deliveries.resume', 'cli', { before: true, after: false }],
          ['deliveries.pause', 'cli', { before: false, after: true }],
        ]);
      } finally {
        await dispatcher?.stop();
        await receiver.close();
      }
    });

    it('without --org every organization is switched; an unknown organization is refused', async () => {
      const a = await createPrincipal(ctx());
      const b = await createPrincipal(ctx());
      const paused = (await cli('deliveries', 'pause')).paused as string[];
      assert.ok(paused.includes(a.slug) && paused.includes(b.slug));
      const resumed = (await cli('deliveries', 'resume')).resumed as string[];
      assert.ok(resumed.includes(a.slug) && resumed.includes(b.slug));
      const refused = await runCli(['deliveries', 'pause', '--org', 'no-such-org', '--db', ctx().config.databaseUrl, '--json']);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /no-such-org/);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);

describeEachDatabase('deliveries switch in the admin API', (ctx) => {
  it('an administrator reads and flips their own organization\'s switch, audited; another organization is untouched', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    assert.deepEqual(json(await admin(ctx(), p.token, 'GET', '/deliveries')), { paused: false, pausedAt: null, reason: null });
    const paused = await admin(ctx(), p.token, 'PATCH', '/deliveries', { body: { paused: true, reason: 'receiver moving' } });
    assert.equal(paused.statusCode, 200, paused.body);
    const state = json<{ paused: boolean; pausedAt: string; reason: string }>(paused);
    assert.deepEqual([state.paused, state.reason], [true, 'receiver moving']);
    assert.match(state.pausedAt, /\+00:00$/);
    assert.equal(json<{ paused: boolean }>(await admin(ctx(), other.token, 'GET', '/deliveries')).paused, false, 'only the caller\'s organization');
    assert.equal((await admin(ctx(), p.token, 'PATCH', '/deliveries', { body: { paused: 'yes' } })).statusCode, 422);
    assert.equal((await admin(ctx(), p.token, 'PATCH', '/deliveries', { body: { paused: false, extra: 1 } })).statusCode, 422);
    const clerk = await createPrincipal(ctx(), { slug: p.slug, rights: ['crm.clients'], scopes: ['admin:all'] });
    assert.equal((await admin(ctx(), clerk.token, 'PATCH', '/deliveries', { body: { paused: false } })).statusCode, 403, 'administrators only');
    const resumed = json<{ paused: boolean }>(await admin(ctx(), p.token, 'PATCH', '/deliveries', { body: { paused: false } }));
    assert.equal(resumed.paused, false);
    const actions = (await auditOf(ctx(), p.token)).filter((e) => e.action.startsWith('deliveries.'));
    assert.deepEqual(actions.map((e) => [e.action, e.actor.via, e.actor.tokenId]), [['deliveries.resume', 'api', p.tokenId], ['deliveries.pause', 'api', p.tokenId]]);
  });
});
