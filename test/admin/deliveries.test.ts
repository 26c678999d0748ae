import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { ADMIN_PREFIX } from '../../src/admin/api.ts';
import { checkEveryAnswer } from '../helpers/contract.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, eventually, settle, startDelivery } from '../webhooks/helpers.ts';
import { admin, auditOf } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

interface Delivery {
  id: string;
  eventId: string;
  status: string;
  attempts: Array<{ ok: boolean; statusCode: number | null; durationMs: number }>;
}

describeEachDatabase(
  'admin API: webhook deliveries',
  (ctx) => {
    it('lists deliveries with filters and attempts, redelivers one, replays since a time, counts per hour, and audits', async () => {
      await checkEveryAnswer(ctx().app, ADMIN_PREFIX);
      const receiver = await startReceiver(cert);
      let dispatcher: { stop(): Promise<void> } | undefined;
      try {
        receiver.respond = () => ({ status: 500 });
        const p = await createPrincipal(ctx());
        const sub = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'ops', url: receiver.url, events: '*' } }));
        dispatcher = await startDelivery(ctx(), { webhookRetryScheduleSeconds: [], webhookPollMs: 200 });
        const first = await emitClientCreated(ctx().storage, p.orgId);
        await receiver.waitFor(1);
        // The answer is recorded just after it came: wait for the record, not a fixed time.
        await eventually(
          () => ctx().storage.db.selectFrom('webhook_deliveries').select('status').where('event_id', '=', first.eventId).executeTakeFirstOrThrow(),
          (row) => row.status === 'failed',
        );

        const failedOnly = json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { status: 'failed', subscription: sub.id } }));
        assert.equal(failedOnly.deliveries.length, 1);
        const failed = failedOnly.deliveries[0]!;
        assert.deepEqual([failed.eventId, failed.status, failed.attempts.map((a) => [a.ok, a.statusCode])], [first.eventId, 'failed', [[false, 500]]]);
        assert.deepEqual(json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { status: 'succeeded' } })).deliveries, []);
        assert.equal((await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { status: 'lost' } })).statusCode, 422);

        receiver.respond = () => ({ status: 200 });
        const redelivered = json<{ ok: boolean; statusCode: number }>(await admin(ctx(), p.token, 'POST', `/webhooks/deliveries/${failed.id}/redeliver`));
        assert.deepEqual([redelivered.ok, redelivered.statusCode], [true, 200]);
        assert.equal(receiver.received[1]!.headers['x-webhook-id'], first.eventId);
        const log = json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries')).deliveries;
        assert.deepEqual(log[0]!.attempts.map((a) => [a.ok, a.statusCode]), [[false, 500], [true, 200]]);
        assert.equal((await admin(ctx(), p.token, 'POST', '/webhooks/deliveries/0190d1a0-0000-7000-8000-000000000000/redeliver')).statusCode, 404);

        const since = new Date().toISOString();
        await settle(5);
        const second = await emitClientCreated(ctx().storage, p.orgId);
        await receiver.waitFor(3);
        const replayed = await admin(ctx(), p.token, 'POST', `/webhooks/${sub.id}/replay`, { body: { since } });
        assert.equal(json<{ queued: number }>(replayed).queued, 1, 'only the event since that time');
        await receiver.waitFor(4);
        assert.equal(receiver.received[3]!.headers['x-webhook-id'], second.eventId);
        assert.equal((await admin(ctx(), p.token, 'POST', `/webhooks/${sub.id}/replay`, { body: { since: 'yesterday' } })).statusCode, 422);

        type Hour = { hour: string; succeeded: number; failed: number };
        const totalOf = (hours: Hour[]) => hours.reduce((sum, h) => ({ succeeded: sum.succeeded + h.succeeded, failed: sum.failed + h.failed }), { succeeded: 0, failed: 0 });
        // Attempts are recorded in batches just after they are answered.
        const hours = await eventually(
          async () => json<{ hours: Hour[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries/hourly')).hours,
          (h) => totalOf(h).succeeded === 3,
        );
        assert.equal(hours.length, 168);
        assert.deepEqual(totalOf(hours), { succeeded: 3, failed: 1 });
        assert.ok(hours[167]!.succeeded + hours[166]!.succeeded >= 1, 'the latest hours hold them');

        // The log pages by cursor, newest first, without overlap; filters by record, event and time; a cursor keeps its filters.
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { deliveries: Delivery[]; nextCursor: string | null } = json(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { limit: '1', ...(cursor ? { cursor } : {}) } }));
          seen.push(...page.deliveries.map((d) => d.id));
          cursor = page.nextCursor;
        } while (cursor !== null && seen.length < 10);
        assert.deepEqual(seen, json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries')).deliveries.map((d) => d.id));
        assert.equal(seen.length, 3);
        const ofRecord = json<{ deliveries: Array<Delivery & { recordId: string }> }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { recordId: second.entityId } })).deliveries;
        assert.deepEqual(ofRecord.map((d) => [d.eventId, d.recordId]), [[second.eventId, second.entityId], [second.eventId, second.entityId]]);
        assert.equal(json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { event: 'deal.won' } })).deliveries.length, 0);
        assert.equal(json<{ deliveries: Delivery[] }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { from: new Date(Date.now() + 60_000).toISOString() } })).deliveries.length, 0);
        const firstPage = json<{ nextCursor: string }>(await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { limit: '1' } }));
        const mixed = await admin(ctx(), p.token, 'GET', '/webhooks/deliveries', { query: { limit: '1', status: 'failed', cursor: firstPage.nextCursor } });
        assert.equal(mixed.statusCode, 422);
        assert.match(mixed.body, /other filters/);

        const audit = await auditOf(ctx(), p.token);
        const redeliverEntry = audit.find((e) => e.action === 'webhook.redeliver')!;
        assert.deepEqual([redeliverEntry.target, redeliverEntry.actor.tokenId], [{ type: 'webhook_delivery', id: failed.id }, p.tokenId]);
        const replayEntry = audit.find((e) => e.action === 'webhook.replay')!;
        assert.deepEqual(replayEntry.changes.queued, { before: null, after: 1 });

        // A change made with the CLI is audited as the operating-system user, from "cli"; the user's token stops.
        const clerk = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read'] });
        const cli = onlyJson(await runCli(['user', 'deactivate', '--org', p.slug, '--id', clerk.userId, '--db', ctx().config.databaseUrl, '--json']));
        assert.deepEqual(cli, { id: clerk.userId, orgUserId: clerk.orgUserId, active: false });
        assert.equal((await api(ctx(), clerk.token, 'GET', '/ping')).statusCode, 401);
        const listed = onlyJson(await runCli(['audit', 'list', '--org', p.slug, '--limit', '1', '--db', ctx().config.databaseUrl, '--json']));
        const [entry] = listed.items as Array<{ action: string; actor: { via: string; name: string; userId: string | null }; address: string; target: { id: string } }>;
        assert.deepEqual([entry!.action, entry!.target.id, entry!.actor.via, entry!.address, entry!.actor.userId], ['user.deactivate', clerk.userId, 'cli', 'cli', null]);
        assert.ok(entry!.actor.name.length > 0);
        assert.equal(typeof listed.nextCursor, 'string');
      } finally {
        await dispatcher?.stop();
        await receiver.close();
      }
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);
