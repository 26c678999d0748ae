import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { parkPausedJobs } from '../../src/events/outbox/parking.ts';
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
      await waitUntil('the held deliveries are parked', async () => {
        const now = await pendingOf(ctx(), held.orgId);
        return now.pending === 5 && now.inDueRange === 0;
      });
      await delivery.stop();
      delivery = undefined;

      const parked = await ctx().storage.db.selectFrom('outbox_parked').select(['job_table', 'next_attempt_at']).where('org_id', '=', held.orgId).execute();
      assert.equal(parked.length, 5);
      assert.ok(parked.every((p) => p.job_table === 'webhook_deliveries'));
      await ctx().storage.transaction((tx) => resumeOutgoing(tx, [held.orgId]));
      const back = await pendingOf(ctx(), held.orgId);
      assert.equal(back.inDueRange, 5, 'resume puts every delivery back in the due range');
      assert.deepEqual(back.times.map((t) => Date.parse(t)), parked.map((p) => Date.parse(p.next_attempt_at)).sort((a, b) => a - b), 'each with the time it was due');
      assert.equal((await ctx().storage.db.selectFrom('outbox_parked').select('id').execute()).length, 0, 'nothing stays parked');

      delivery = await startDelivery(ctx(), { webhookPollMs: 100 });
      await receiver.waitFor(6);
      assert.deepEqual(new Set(receiver.received.slice(1).map((r) => r.headers['x-webhook-id'])), new Set(heldEvents), 'the held deliveries go out after resume');
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
    const row = await ctx().storage.db.selectFrom('webhook_deliveries').select('next_attempt_at').where('org_id', '=', held.orgId).executeTakeFirstOrThrow();
    assert.equal(Date.parse(row.next_attempt_at!), Date.parse(later));
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
