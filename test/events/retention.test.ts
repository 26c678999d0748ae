import assert from 'node:assert/strict';
import { it } from 'node:test';
import { domainModules } from '../../src/domains/index.ts';
import { loadConfig } from '../../src/config.ts';
import { ConsumerRunner } from '../../src/events/runner.ts';
import { pruneEvents, retentionCutoff } from '../../src/events/retention.ts';
import { toJson } from '../../src/storage/codecs.ts';
import { newId } from '../../src/storage/ids.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';

const webhooksPrune = domainModules.find((m) => m.name === 'webhooks')!.prune!;
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** An event with one progress row for a consumer; returns the event's seq. */
async function event(ctx: TestContext, orgId: string, createdDaysAgo: number, progress: { status: 'pending' | 'done'; completedDaysAgo?: number }): Promise<number> {
  const id = newId();
  const entityId = newId();
  const { seq } = await ctx.storage.db
    .insertInto('events')
    .values({ id, org_id: orgId, event: 'client.created', entity_type: 'client', entity_id: entityId, data: toJson({ entityType: 'client', entityId, version: 1 }), created_at: ago(createdDaysAgo) })
    .returning('seq')
    .executeTakeFirstOrThrow();
  await ctx.storage.db
    .insertInto('event_progress')
    .values({
      consumer: 'some.consumer',
      event_seq: seq,
      org_id: orgId,
      entity_type: 'client',
      entity_id: entityId,
      status: progress.status,
      next_attempt_at: ago(createdDaysAgo),
      last_error: null,
      created_at: ago(createdDaysAgo),
      completed_at: progress.completedDaysAgo === undefined ? null : ago(progress.completedDaysAgo),
    })
    .execute();
  return Number(seq);
}

async function delivery(ctx: TestContext, orgId: string, status: 'pending' | 'succeeded' | 'failed' | 'cancelled', completedDaysAgo: number | null): Promise<string> {
  const id = newId();
  const subscriptionId = newId();
  await ctx.storage.db
    .insertInto('webhook_deliveries')
    .values({ org_id: orgId, id, subscription_id: subscriptionId, event_id: newId(), event: 'client.created', body: '{}', status, created_at: ago(40), completed_at: completedDaysAgo === null ? null : ago(completedDaysAgo), next_attempt_at: null })
    .execute();
  await ctx.storage.db
    .insertInto('webhook_attempts')
    .values({ org_id: orgId, delivery_id: id, subscription_id: subscriptionId, attempt: 1, started_at: ago(40), duration_ms: 5, status_code: 500, ok: false, error: 'HTTP 500' })
    .execute();
  return id;
}

/** The storage, counting its transactions and the largest number of rows one of them deleted. */
function counting(storage: Storage): { storage: Storage; transactions: () => number } {
  let n = 0;
  return {
    storage: { ...storage, transaction: (work) => ((n += 1), storage.transaction(work)) },
    transactions: () => n,
  };
}

describeEachDatabase('retention: old events, finished consumer records and finished deliveries are pruned in batches', (ctx) => {
  it('deletes what is older than the cut-off and finished, keeps the rest', async () => {
    const p = await createPrincipal(ctx());
    const oldDone = [];
    for (let i = 0; i < 5; i++) oldDone.push(await event(ctx(), p.orgId, 40, { status: 'done', completedDaysAgo: 40 }));
    const oldPending = await event(ctx(), p.orgId, 40, { status: 'pending' });
    const oldRecentlyDone = await event(ctx(), p.orgId, 40, { status: 'done', completedDaysAgo: 2 });
    const young = await event(ctx(), p.orgId, 1, { status: 'done', completedDaysAgo: 1 });
    const oldFinished = [await delivery(ctx(), p.orgId, 'succeeded', 40), await delivery(ctx(), p.orgId, 'failed', 35), await delivery(ctx(), p.orgId, 'cancelled', 31)];
    const stillPending = await delivery(ctx(), p.orgId, 'pending', null);
    const recentFailed = await delivery(ctx(), p.orgId, 'failed', 3);

    const counted = counting(ctx().storage);
    const before = retentionCutoff(30);
    const deliveries = await webhooksPrune(counted.storage, before);
    assert.equal(deliveries, 3);
    const pruned = await pruneEvents(counted.storage, before, 2);
    assert.deepEqual(pruned, { progress: 5, events: 5 });
    // Batches of at most 2: five progress rows take three transactions, five events three more.
    assert.ok(counted.transactions() >= 1 + 3 + 3, `${counted.transactions()} transactions`);

    const events = (await ctx().storage.db.selectFrom('events').select('seq').where('org_id', '=', p.orgId).orderBy('seq').execute()).map((e) => Number(e.seq));
    assert.deepEqual(events, [oldPending, oldRecentlyDone, young]);
    const progress = (await ctx().storage.db.selectFrom('event_progress').select('event_seq').where('org_id', '=', p.orgId).orderBy('event_seq').execute()).map((r) => Number(r.event_seq));
    assert.deepEqual(progress, [oldPending, oldRecentlyDone, young]);
    for (const seq of oldDone) assert.ok(!events.includes(seq));
    const left = (await ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', p.orgId).orderBy('id').execute()).map((d) => d.id);
    assert.deepEqual(left, [stillPending, recentFailed].sort());
    const attempts = (await ctx().storage.db.selectFrom('webhook_attempts').select('delivery_id').where('org_id', '=', p.orgId).execute()).map((a) => a.delivery_id);
    assert.deepEqual(attempts.sort(), [stillPending, recentFailed].sort());
    for (const id of oldFinished) assert.ok(!attempts.includes(id));
  });

  it('the consumer runner prunes with the configured retention (BIZPLAT_EVENT_RETENTION_DAYS)', async () => {
    const p = await createPrincipal(ctx());
    const old = await event(ctx(), p.orgId, 12, { status: 'done', completedDaysAgo: 12 });
    const kept = await event(ctx(), p.orgId, 8, { status: 'done', completedDaysAgo: 8 });
    const finished = await delivery(ctx(), p.orgId, 'succeeded', 12);
    assert.equal(loadConfig({}).eventRetentionDays, 30, 'thirty days unless set');
    const config = { ...ctx().config, eventRetentionDays: loadConfig({ BIZPLAT_EVENT_RETENTION_DAYS: '10' }).eventRetentionDays };
    const runner = new ConsumerRunner({ storage: ctx().storage, config, log: ctx().app.log }, [], [webhooksPrune]);
    await runner.prune();
    const seqs = (await ctx().storage.db.selectFrom('events').select('seq').where('org_id', '=', p.orgId).execute()).map((e) => Number(e.seq));
    assert.ok(!seqs.includes(old));
    assert.ok(seqs.includes(kept));
    assert.equal((await ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('id', '=', finished).execute()).length, 0);
  });
});
