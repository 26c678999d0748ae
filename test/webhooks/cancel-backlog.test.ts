import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { pauseOutgoing, resumeOutgoing } from '../../src/events/outbox/pause.ts';
import { CANCEL_BATCH } from '../../src/domains/webhooks/cancelling.ts';
import { insertDeliveries, selectDueDeliveries } from '../../src/domains/webhooks/queries.ts';
import { newId } from '../../src/storage/ids.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { waitUntil } from '../helpers/patience.ts';
import { admin } from '../admin/helpers.ts';
import { emitClientCreated, endDelivery, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

/** `count` due deliveries queued for the subscription a second ago, written in bulk. */
async function queue(ctx: TestContext, orgId: string, subscriptionId: string, count: number): Promise<void> {
  const at = new Date(Date.now() - 1000).toISOString();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, () => {
      const eventId = newId();
      return { org_id: orgId, id: newId(), subscription_id: subscriptionId, event_id: eventId, event: 'client.created', body: JSON.stringify({ id: eventId, event: 'client.created', data: { entityType: 'client', entityId: newId() } }), created_at: at, next_attempt_at: at };
    });
    await ctx.storage.transaction((tx) => insertDeliveries(tx.db, rows));
  }
}

/** The subscription's deliveries by stored status, and whether its batches are still to come. */
async function stored(ctx: TestContext, orgId: string, subscriptionId: string): Promise<{ pending: number; cancelled: number; parked: number; cancelling: boolean }> {
  const rows = await ctx.storage.db.selectFrom('webhook_deliveries').select(['status', 'next_attempt_at']).where('org_id', '=', orgId).where('subscription_id', '=', subscriptionId).execute();
  const sub = await ctx.storage.db.selectFrom('webhook_subscriptions').select('cancelling').where('org_id', '=', orgId).where('id', '=', subscriptionId).executeTakeFirstOrThrow();
  return {
    pending: rows.filter((r) => r.status === 'pending').length,
    cancelled: rows.filter((r) => r.status === 'cancelled').length,
    parked: rows.filter((r) => r.status === 'pending' && r.next_attempt_at === null).length,
    cancelling: sub.cancelling === true || sub.cancelling === 1,
  };
}

async function attemptsTo(ctx: TestContext, subscriptionId: string): Promise<number> {
  return (await ctx.storage.db.selectFrom('webhook_attempts').select('seq').where('subscription_id', '=', subscriptionId).execute()).length;
}

/** How the delivery log (GET /api/admin/v1/webhooks/deliveries) counts the subscription's deliveries of a status. */
async function logged(ctx: TestContext, p: Principal, subscriptionId: string, status: string): Promise<Array<{ status: string; nextAttemptAt: string | null; completedAt: string | null }>> {
  const res = await admin(ctx, p.token, 'GET', '/webhooks/deliveries', { query: { subscription: subscriptionId, status, limit: '1000' } });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ deliveries: Array<{ status: string; nextAttemptAt: string | null; completedAt: string | null }> }>(res).deliveries;
}

/** A subscription of another organization, sent one event: proves the dispatcher is sending meanwhile. */
async function control(ctx: TestContext, receiver: Receiver): Promise<string> {
  const other = await createPrincipal(ctx);
  assert.equal((await api(ctx, other.token, 'POST', '/webhooks', { body: { name: 'control', url: receiver.url, events: '*' } })).statusCode, 201);
  return (await emitClientCreated(ctx.storage, other.orgId)).eventId;
}

describeEachDatabase('DELETE /webhooks/{id} with a large backlog', (ctx) => {
  it('answers after cancelling one batch; the dispatcher cancels the rest, none is sent, and the log shows all cancelled throughout', async () => {
    const receiver = await startReceiver(cert);
    const running: Array<{ stop(): Promise<void> }> = [];
    try {
      const p = await createPrincipal(ctx());
      const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'big', url: receiver.url, events: '*' } }));
      const total = 4 * CANCEL_BATCH + 123;
      await queue(ctx(), p.orgId, sub.id, total);

      const res = await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(json(res), { ok: true });
      // No dispatcher runs yet: what is cancelled in storage is the request's own work.
      assert.deepEqual(await stored(ctx(), p.orgId, sub.id), { pending: total - CANCEL_BATCH, cancelled: CANCEL_BATCH, parked: 0, cancelling: true });
      const subs = json<{ items: Array<{ id: string; isActive: boolean }> }>(await api(ctx(), p.token, 'GET', '/webhooks')).items;
      assert.equal(subs.find((s) => s.id === sub.id)?.isActive, false);
      // The log already shows every one cancelled, as it will once the batches are done.
      assert.deepEqual(await logged(ctx(), p, sub.id, 'pending'), []);
      const shown = await logged(ctx(), p, sub.id, 'cancelled');
      assert.equal(shown.length, 1000);
      assert.ok(shown.every((d) => d.status === 'cancelled' && d.nextAttemptAt === null && d.completedAt !== null));
      const before = new Set(shown.map((d) => d.completedAt));
      // Deleting it for good waits for the batches.
      assert.equal((await admin(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 422);

      const controlEvent = await control(ctx(), receiver);
      running.push(await startDelivery(ctx(), { webhookPollMs: 100 }));
      await waitUntil('the dispatcher cancels the rest', async () => {
        const now = await stored(ctx(), p.orgId, sub.id);
        return now.pending === 0 && !now.cancelling;
      });
      assert.equal((await stored(ctx(), p.orgId, sub.id)).cancelled, total);
      await receiver.waitFor(1);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [controlEvent], 'only the other subscription is sent to');
      assert.equal(await attemptsTo(ctx(), sub.id), 0);
      const after = await logged(ctx(), p, sub.id, 'cancelled');
      assert.equal(after.length, 1000);
      assert.deepEqual(new Set(after.map((d) => d.completedAt)), before, 'stored as the log showed it');
      assert.equal((await admin(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 200, 'then it can be deleted for good');
    } finally {
      await endDelivery(ctx(), running, [receiver]);
    }
  });

  it('an enable does not send what was queued before the delete: a claim cancels it; later events go out', async () => {
    const receiver = await startReceiver(cert);
    const running: Array<{ stop(): Promise<void> }> = [];
    try {
      const p = await createPrincipal(ctx());
      const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'again', url: receiver.url, events: '*' } }));
      await queue(ctx(), p.orgId, sub.id, CANCEL_BATCH + 50);
      assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 200);
      assert.equal((await admin(ctx(), p.token, 'POST', `/webhooks/${sub.id}/enable`)).statusCode, 200);
      assert.deepEqual(await logged(ctx(), p, sub.id, 'pending'), [], 'still cancelled once enabled');

      // A claim that meets them (a dispatcher of a process whose batches have not reached them) cancels them.
      const claimed = await ctx().storage.transaction((tx) => selectDueDeliveries(tx, new Date().toISOString(), 1000));
      assert.deepEqual(claimed.filter((d) => d.subscription_id === sub.id), []);
      assert.deepEqual((await stored(ctx(), p.orgId, sub.id)).pending, 0);

      const later = await emitClientCreated(ctx().storage, p.orgId);
      running.push(await startDelivery(ctx(), { webhookPollMs: 100 }));
      await receiver.waitFor(1);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [later.eventId]);
      await waitUntil('the subscription has no batch left', async () => !(await stored(ctx(), p.orgId, sub.id)).cancelling);
      // Attempts are recorded just after the answer: wait for the record.
      await waitUntil('the later event\'s attempt is recorded', async () => (await attemptsTo(ctx(), sub.id)) === 1);
      assert.deepEqual((await stored(ctx(), p.orgId, sub.id)).cancelled, CANCEL_BATCH + 50);
    } finally {
      await endDelivery(ctx(), running, [receiver]);
    }
  });

  it('a paused organization\'s parked deliveries of a deleted subscription end cancelled and resume does not bring them back', async () => {
    const receiver = await startReceiver(cert);
    const running: Array<{ stop(): Promise<void> }> = [];
    try {
      const p = await createPrincipal(ctx());
      const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'held', url: receiver.url, events: '*' } }));
      await ctx().storage.transaction((tx) => pauseOutgoing(tx, [p.orgId], 'test'));
      const total = 2 * CANCEL_BATCH + 7;
      await queue(ctx(), p.orgId, sub.id, total);
      running.push(await startDelivery(ctx(), { webhookPollMs: 100 }));
      await waitUntil('the backlog is parked', async () => (await stored(ctx(), p.orgId, sub.id)).parked === total);

      assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 200);
      await waitUntil('the parked deliveries are cancelled', async () => {
        const now = await stored(ctx(), p.orgId, sub.id);
        return now.pending === 0 && !now.cancelling;
      });
      await ctx().storage.transaction((tx) => resumeOutgoing(tx, [p.orgId]));
      assert.deepEqual(await stored(ctx(), p.orgId, sub.id), { pending: 0, cancelled: total, parked: 0, cancelling: false });
      // The running dispatcher finds nothing pending to put back and forgets what it kept of the organization.
      await waitUntil('nothing stays parked', async () => {
        const kept = await ctx().storage.db.selectFrom('outbox_parked').select('id').where('org_id', '=', p.orgId).execute();
        const marked = await ctx().storage.db.selectFrom('outbox_parked_orgs').select('org_id').where('org_id', '=', p.orgId).execute();
        return kept.length === 0 && marked.length === 0;
      });
      assert.deepEqual(await stored(ctx(), p.orgId, sub.id), { pending: 0, cancelled: total, parked: 0, cancelling: false }, 'nothing comes back');

      const controlEvent = await control(ctx(), receiver);
      await receiver.waitFor(1);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [controlEvent]);
      assert.equal(await attemptsTo(ctx(), sub.id), 0);
      assert.deepEqual(await logged(ctx(), p, sub.id, 'pending'), []);
    } finally {
      await endDelivery(ctx(), running, [receiver]);
    }
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } });
