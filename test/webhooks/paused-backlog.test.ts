import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { insertDeliveries } from '../../src/domains/webhooks/queries.ts';
import { insertsParked, parkPausedJobs, unparkResumed } from '../../src/events/outbox/parking.ts';
import { pauseOutgoing, resumeOutgoing } from '../../src/events/outbox/pause.ts';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import { waitUntil } from '../helpers/patience.ts';
import { emitClientCreated, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

/** The organization's pending deliveries still in the due range (what every claim reads), and all its pending ones. */
async function pendingOf(ctx: TestContext, orgId: string): Promise<{ inDueRange: number; pending: number; times: string[] }> {
  const rows = await ctx.storage.db.selectFrom('webhook_deliveries').select(['next_attempt_at']).where('org_id', '=', orgId).where('status', '=', 'pending').execute();
  return { inDueRange: rows.filter((r) => r.next_attempt_at !== null).length, pending: rows.length, times: rows.map((r) => r.next_attempt_at ?? '').sort() };
}

describeEachDatabase('a paused organization\'s backlog', (ctx) => {
  it('leaves the due range, so no claim steps over it, while the others\' deliveries go out; resume puts back each due time and sends it all', async () => {
    const receiver = await startReceiver(cert);
    let delivery: { stop(): Promise<void> } | undefined;
    try {
      const held = await createPrincipal(ctx());
      const other = await createPrincipal(ctx());
      for (const p of [held, other]) assert.equal((await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'n', url: receiver.url, events: '*' } })).statusCode, 201);
      await ctx().storage.transaction((tx) => pauseOutgoing(tx, [held.orgId], 'test'));
      const heldEvents = [];
      for (let i = 0; i < 5; i++) heldEvents.push((await emitClientCreated(ctx().storage, held.orgId)).eventId);
      const otherEvent = await emitClientCreated(ctx().storage, other.orgId);

      delivery = await startDelivery(ctx(), { webhookPollMs: 100 });
      await receiver.waitFor(1);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [otherEvent.eventId], 'the other organization is not held');
      await waitUntil('the held deliveries are queued', async () => (await pendingOf(ctx(), held.orgId)).pending === 5);
      assert.equal((await pendingOf(ctx(), held.orgId)).inDueRange, 0, 'queued parked: never in the due range');
      await delivery.stop();
      delivery = undefined;
      assert.equal((await ctx().storage.db.selectFrom('outbox_parked').select('id').where('org_id', '=', held.orgId).execute()).length, 0, 'inserted parked, no time kept aside');
      assert.deepEqual(await ctx().storage.db.selectFrom('outbox_parked_orgs').select('job_table').where('org_id', '=', held.orgId).execute(), [{ job_table: 'webhook_deliveries' }]);

      await ctx().storage.transaction((tx) => resumeOutgoing(tx, [held.orgId]));
      assert.equal((await pendingOf(ctx(), held.orgId)).inDueRange, 0, 'the resume itself changes no delivery (its cost does not follow the backlog)');
      delivery = await startDelivery(ctx(), { webhookPollMs: 100 });
      await receiver.waitFor(6);
      assert.deepEqual(new Set(receiver.received.slice(1).map((r) => r.headers['x-webhook-id'])), new Set(heldEvents), 'the held deliveries go out after resume');
      await waitUntil('nothing stays parked', async () => (await ctx().storage.db.selectFrom('outbox_parked_orgs').select('org_id').where('org_id', '=', held.orgId).execute()).length === 0);
    } finally {
      await delivery?.stop();
      await receiver.close();
    }
  });

  it('parks a paused organization\'s delivery only once it is due, and resume gives it back its time', async () => {
    const held = await createPrincipal(ctx());
    assert.equal((await api(ctx(), held.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } })).statusCode, 201);
    await ctx().storage.transaction((tx) => pauseOutgoing(tx, [held.orgId], 'test'));
    await emitClientCreated(ctx().storage, held.orgId);
    const delivery = await startDelivery(ctx(), { webhookPollMs: 60_000 });
    try {
      await waitUntil('the delivery is queued', async () => (await pendingOf(ctx(), held.orgId)).pending === 1);
    } finally {
      await delivery.stop();
    }
    // A retry an hour ahead is not due: it stays where it is.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await ctx().storage.db.updateTable('webhook_deliveries').set({ next_attempt_at: later }).where('org_id', '=', held.orgId).execute();
    assert.equal(await parkPausedJobs(ctx().storage, 'webhook_deliveries', new Date().toISOString()), 0);
    assert.equal((await pendingOf(ctx(), held.orgId)).inDueRange, 1, 'not due, not parked');
    // An hour on, it is due and parked; resume gives it back the time it was due.
    assert.equal(await parkPausedJobs(ctx().storage, 'webhook_deliveries', new Date(Date.now() + 3_600_001).toISOString()), 1);
    assert.equal((await pendingOf(ctx(), held.orgId)).inDueRange, 0);
    await ctx().storage.transaction((tx) => resumeOutgoing(tx, [held.orgId]));
    assert.ok((await unparkResumed(ctx().storage, 'webhook_deliveries')) > 0);
    const row = await ctx().storage.db.selectFrom('webhook_deliveries').select('next_attempt_at').where('org_id', '=', held.orgId).executeTakeFirstOrThrow();
    assert.equal(Date.parse(row.next_attempt_at!), Date.parse(later));
    assert.equal(await unparkResumed(ctx().storage, 'webhook_deliveries'), 0, 'nothing left to put back');
  });

  it('puts a large parked backlog back a batch per transaction after resume, each job due when it was created, and leaves a still-paused organization parked', async () => {
    const held = await createPrincipal(ctx());
    const still = await createPrincipal(ctx());
    const subscriptions: Record<string, string> = {};
    for (const p of [held, still]) {
      const created = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } });
      subscriptions[p.orgId] = (created.json() as { id: string }).id;
    }
    await ctx().storage.transaction((tx) => pauseOutgoing(tx, [held.orgId, still.orgId], 'test'));
    const created = new Date(Date.now() - 60_000).toISOString();
    for (const p of [held, still]) {
      const count = p === held ? 1_200 : 3;
      await ctx().storage.transaction(async (tx) => {
        assert.equal(await insertsParked(tx, 'webhook_deliveries', p.orgId), true);
        const body = JSON.stringify({ type: 'client.created', data: { entityId: '1' } });
        const rows = Array.from({ length: count }, (_, i) => ({ org_id: p.orgId, id: crypto.randomUUID(), subscription_id: subscriptions[p.orgId]!, event_id: `ev-${p.orgId}-${i}`, event: 'client.created', body, created_at: created, next_attempt_at: null }));
        for (let i = 0; i < rows.length; i += 300) await insertDeliveries(tx.db, rows.slice(i, i + 300));
      });
    }
    await ctx().storage.transaction((tx) => resumeOutgoing(tx, [held.orgId]));
    const batches: number[] = [];
    for (let n = await unparkResumed(ctx().storage, 'webhook_deliveries'); n > 0; n = await unparkResumed(ctx().storage, 'webhook_deliveries')) batches.push(n);
    assert.deepEqual(batches, [500, 500, 200], 'a bounded batch per transaction');
    const back = await pendingOf(ctx(), held.orgId);
    assert.equal(back.inDueRange, 1_200);
    assert.ok(back.times.every((t) => Date.parse(t) === Date.parse(created)), 'due when it was queued');
    assert.equal((await pendingOf(ctx(), still.orgId)).inDueRange, 0, 'the organization still paused stays parked');
    assert.equal((await ctx().storage.db.selectFrom('outbox_parked_orgs').select('org_id').where('org_id', '=', still.orgId).execute()).length, 1);
  });

  it('a resume racing a fan-out that queues parked never leaves a job parked without a pause', async () => {
    const held = await createPrincipal(ctx());
    const created = await api(ctx(), held.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } });
    const subscriptionId = (created.json() as { id: string }).id;
    await ctx().storage.transaction((tx) => pauseOutgoing(tx, [held.orgId], 'test'));
    let resumed: Promise<unknown> | undefined;
    await ctx().storage.transaction(async (tx) => {
      assert.equal(await insertsParked(tx, 'webhook_deliveries', held.orgId), true);
      // The resume starts while this transaction holds the pause, and ends after it.
      resumed = ctx().storage.transaction((other) => resumeOutgoing(other, [held.orgId]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await insertDeliveries(tx.db, [{ org_id: held.orgId, id: crypto.randomUUID(), subscription_id: subscriptionId, event_id: 'ev-race', event: 'client.created', body: '{}', created_at: new Date().toISOString(), next_attempt_at: null }]);
    });
    await resumed;
    assert.equal((await ctx().storage.db.selectFrom('outbox_pauses').select('org_id').where('org_id', '=', held.orgId).execute()).length, 0);
    assert.ok((await unparkResumed(ctx().storage, 'webhook_deliveries')) > 0);
    assert.equal((await pendingOf(ctx(), held.orgId)).inDueRange, 1, 'put back once the resume committed');
  });

  it('an organization that is not paused has nothing parked', async () => {
    const free = await createPrincipal(ctx());
    assert.equal((await api(ctx(), free.token, 'POST', '/webhooks', { body: { name: 'n', url: 'https://hooks.example.com/x', events: '*' } })).statusCode, 201);
    await emitClientCreated(ctx().storage, free.orgId);
    const delivery = await startDelivery(ctx(), { webhookPollMs: 60_000 });
    try {
      await waitUntil('the delivery is queued', async () => (await ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', free.orgId).execute()).length === 1);
    } finally {
      await delivery.stop();
    }
    assert.equal(await parkPausedJobs(ctx().storage, 'webhook_deliveries', new Date(Date.now() + 3_600_000).toISOString()), 0);
    assert.equal((await ctx().storage.db.selectFrom('outbox_parked').select('id').where('org_id', '=', free.orgId).execute()).length, 0);
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } });
