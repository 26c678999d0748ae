import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { domainModules } from '../../src/domains/index.ts';
import { EVENT_NAMES } from '../../src/domains/webhooks/catalog.ts';
import { replay } from '../../src/domains/webhooks/deliveries.ts';
import { emit } from '../../src/events/emit.ts';
import { newId } from '../../src/storage/ids.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { noteEventsModule } from '../helpers/note-events-module.ts';
import { emitClientCreated, settle, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

it('every event a domain declares as catalog is in the webhook catalog, and no internal one is', () => {
  for (const module of [...domainModules, noteEventsModule]) {
    for (const e of module.events ?? []) {
      assert.equal((EVENT_NAMES as readonly string[]).includes(e.name), e.visibility === 'catalog', `${module.name}: ${e.name}`);
    }
  }
});

describeEachDatabase(
  'internal events travel the spine and never reach webhooks',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    let receiver: Receiver | undefined;
    afterEach(async () => {
      for (const r of running.splice(0)) await r.stop();
      await receiver?.close();
    });

    it('a `*` subscription gets catalog events only, live and on replay', async () => {
      const p = await createPrincipal(ctx());
      receiver = await startReceiver(cert);
      const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'all', url: receiver.url, events: '*' } }));
      const catalog = await api(ctx(), p.token, 'GET', '/webhooks/event-catalog');
      assert.deepEqual(JSON.stringify(catalog.json()).includes('note.'), false, 'the catalog lists no internal event');
      running.push(await startDelivery(ctx()));
      const since = new Date().toISOString();
      await settle(5);
      const internal = await ctx().storage.transaction((tx) => emit(tx, { orgId: p.orgId, name: 'note.created', entityType: 'note', entityId: newId(), context: {} }));
      const { eventId } = await emitClientCreated(ctx().storage, p.orgId);
      await receiver.waitFor(1);
      await settle(400);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [eventId]);
      const internalRows = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select('p.consumer')
        .where('e.id', '=', internal)
        .orderBy('p.consumer')
        .execute();
      assert.deepEqual(internalRows.map((r) => r.consumer), ['test.effects', 'test.flaky'], 'the internal event reached its consumers, not the webhook one');
      assert.equal((await ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', internal).execute()).length, 0);

      const replayed = await replay(ctx().storage, p.slug, sub.id, since);
      assert.equal(replayed.queued, 1, 'replay queues the catalog event only');
      await receiver.waitFor(2);
      await settle(300);
      assert.deepEqual(receiver.received.map((r) => r.headers['x-webhook-id']), [eventId, eventId]);
    });
  },
  { modules: [...domainModules, noteEventsModule], env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);
