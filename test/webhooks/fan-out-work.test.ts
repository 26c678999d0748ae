/**
 * The fan-out queues work only where it can produce deliveries: an organization without an
 * active subscription gets no fan-out row for its events, and a subscription receives the
 * events written after it was created, never earlier ones still waiting to be fanned out.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { emitClientCreated, handleEventsNow, settle } from './helpers.ts';

async function fanOutRows(ctx: TestContext, eventId: string): Promise<number> {
  const rows = await ctx.storage.db
    .selectFrom('event_progress as p')
    .innerJoin('events as e', 'e.seq', 'p.event_seq')
    .select('p.consumer')
    .where('e.id', '=', eventId)
    .where('p.consumer', '=', 'webhooks.fan-out')
    .execute();
  return rows.length;
}

async function subscribe(ctx: TestContext, token: string, name: string): Promise<string> {
  const res = await api(ctx, token, 'POST', '/webhooks', { body: { name, url: `https://hooks.example.com/${name}`, events: ['client.created'] } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ id: string }>(res).id;
}

async function deliveredTo(ctx: TestContext, eventId: string): Promise<string[]> {
  const rows = await ctx.storage.db.selectFrom('webhook_deliveries').select('subscription_id').where('event_id', '=', eventId).execute();
  return rows.map((r) => r.subscription_id).sort();
}

describeEachDatabase('webhook fan-out only where a subscription can receive it', (ctx) => {
  it('an organization without an active subscription queues no fan-out; with one it does; after DELETE it no longer does', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    await subscribe(ctx(), other.token, 'elsewhere');
    const before = await emitClientCreated(ctx().storage, p.orgId);
    assert.equal(await fanOutRows(ctx(), before.eventId), 0, "another organization's subscription queues nothing here");

    const id = await subscribe(ctx(), p.token, 'mine');
    const during = await emitClientCreated(ctx().storage, p.orgId);
    assert.equal(await fanOutRows(ctx(), during.eventId), 1);
    await handleEventsNow(ctx());
    assert.deepEqual(await deliveredTo(ctx(), during.eventId), [id]);
    assert.deepEqual(await deliveredTo(ctx(), before.eventId), [], 'nothing reaches it from before it existed');

    assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${id}`)).statusCode, 200);
    const after = await emitClientCreated(ctx().storage, p.orgId);
    assert.equal(await fanOutRows(ctx(), after.eventId), 0);
  });

  it('a subscription created while an event waits to be fanned out does not receive it; the one that existed does', async () => {
    const p = await createPrincipal(ctx());
    const first = await subscribe(ctx(), p.token, 'first');
    const waiting = await emitClientCreated(ctx().storage, p.orgId);
    // Its creation time is after the event's, whatever the clock's resolution.
    await settle(5);
    const second = await subscribe(ctx(), p.token, 'second');
    const later = await emitClientCreated(ctx().storage, p.orgId);
    await handleEventsNow(ctx());
    assert.deepEqual(await deliveredTo(ctx(), waiting.eventId), [first]);
    assert.deepEqual(await deliveredTo(ctx(), later.eventId), [first, second].sort());
  });
});
