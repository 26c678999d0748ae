import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { after, afterEach, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import { emit } from '../../src/events/emit.ts';
import { redeliver } from '../../src/domains/webhooks/deliveries.ts';
import { upgradeStoredSubscriptions } from '../../src/domains/webhooks/secrets.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { ContractChecker } from '../helpers/contract.ts';
import type { OpenApiDocument } from '../helpers/contract.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, endDelivery, eventually, handleEventsNow, settle, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

interface Created {
  id: string;
  secret: string;
}
interface Sub {
  id: string;
  isActive: boolean;
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

describeEachDatabase(
  'webhook delivery to a real HTTPS receiver',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    const receivers: Receiver[] = [];
    // Each test runs its own dispatchers (they serve every organization): none outlives its test.
    afterEach(() => endDelivery(ctx(), running, receivers));

    async function dispatcher(config: Partial<Config> = {}): Promise<{ stop(): Promise<void> }> {
      const d = await startDelivery(ctx(), config);
      running.push(d);
      return d;
    }
    async function receiver(): Promise<Receiver> {
      const r = await startReceiver(cert);
      receivers.push(r);
      return r;
    }
    async function subscribe(c: TestContext, p: Principal, url: string, events: unknown = '*'): Promise<Created> {
      const res = await api(c, p.token, 'POST', '/webhooks', { body: { name: 'receiver', url, events } });
      assert.equal(res.statusCode, 201, res.body);
      return json<Created>(res);
    }
    async function subscription(p: Principal, id: string): Promise<Sub> {
      return json<{ items: Sub[] }>(await api(ctx(), p.token, 'GET', '/webhooks')).items.find((s) => s.id === id)!;
    }

    it('delivers the event with the exact signed body and headers (signature checked with openssl)', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(ctx(), p, r.url, ['client.created']);
      // Polling once an hour: only the commit's notification can bring the event out in time.
      await dispatcher({ webhookPollMs: 3_600_000, eventPollMs: 3_600_000 });
      await settle(100);
      const { eventId, entityId } = await emitClientCreated(ctx().storage, p.orgId, { version: 1 });
      const [got] = await r.waitFor(1);
      assert.equal(got!.headers['content-type'], 'application/json');
      assert.equal(got!.headers['x-webhook-id'], eventId);
      assert.match(String(got!.headers['x-webhook-timestamp']), /^\d{10}$/);
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(sub.secret, got!.body, cert.dir));
      assert.equal(got!.headers['x-webhook-signature-v2'], undefined, 'the timestamped signature is off by default');
      const body = JSON.parse(got!.body.toString('utf8')) as { event: string; data: Record<string, unknown>; ts: string; id: string; type: string };
      // The spec's three fields first, then the event's id (the headers' webhook-id) and its Standard Webhooks name.
      assert.deepEqual(Object.keys(body), ['event', 'data', 'ts', 'id', 'type']);
      assert.deepEqual([body.id, body.type], [eventId, 'client.created']);
      assert.equal(body.event, 'client.created');
      assert.deepEqual(body.data, { entityType: 'client', entityId, version: 1 });
      assert.match(body.ts, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
      // The delivery is what the served document's webhooks entry describes.
      const document = json<OpenApiDocument>(await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' }));
      new ContractChecker(document, '/api/public/v1').checkDelivery('client.created', got!.headers, got!.body.toString('utf8'));

      // An event the subscription did not ask for is not sent.
      await ctx().storage.transaction((tx) =>
        emit(tx, { orgId: p.orgId, name: 'deal.won', entityType: 'deal', entityId, context: { version: 2, stageId: entityId, stage: 'Won' } }),
      );
      await settle(300);
      assert.equal(r.received.length, 1);
      // Attempts are recorded in batches just after the answer: wait for the record, not a fixed time.
      const s = await eventually(() => subscription(p, sub.id), (x) => x.lastSuccessAt !== null);
      assert.equal(s.failureCount, 0);
      assert.match(String(s.lastSuccessAt), /\+00:00$/);
      assert.equal(s.lastFailureAt, null);
    });

    it('retries on the schedule after failures, counting them, and resets the count on success', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      // The successful third answer waits until the count after two failures is read: on a slow
      // machine the third attempt could otherwise succeed (and reset the count) before that read.
      let release = () => {};
      const readMid = new Promise<void>((resolve) => (release = resolve));
      r.respond = (n) => (n < 2 ? { status: 500 } : { status: 204, heldUntil: readMid });
      const sub = await subscribe(ctx(), p, r.url);
      await dispatcher({ webhookRetryScheduleSeconds: [0.2, 0.2, 0.2] });
      await emitClientCreated(ctx().storage, p.orgId);
      await r.waitFor(2);
      const mid = await eventually(() => subscription(p, sub.id), (s) => s.failureCount === 2);
      release();
      assert.equal(mid.failureCount, 2, 'two consecutive failures');
      assert.ok(mid.lastFailureAt);
      const all = await r.waitFor(3);
      assert.ok(all[1]!.at - all[0]!.at >= 180, `second attempt ${all[1]!.at - all[0]!.at} ms after the first`);
      assert.ok(all[2]!.at - all[1]!.at >= 180);
      assert.equal(new Set(all.map((x) => x.headers['x-webhook-id'])).size, 1, 'the same X-Webhook-Id on every attempt');
      assert.equal(new Set(all.map((x) => x.body.toString('hex'))).size, 1, 'the same bytes on every attempt');
      const end = await eventually(() => subscription(p, sub.id), (s) => s.lastSuccessAt !== null);
      assert.equal(end.failureCount, 0);
      assert.ok(end.lastSuccessAt);
      const deliveries = await ctx().storage.db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', p.orgId).execute();
      assert.equal(deliveries.length, 1);
      assert.equal(deliveries[0]!.status, 'succeeded');
      assert.equal(deliveries[0]!.attempts, 3);
      const log = await ctx().storage.db.selectFrom('webhook_attempts').selectAll().where('org_id', '=', p.orgId).orderBy('seq').execute();
      assert.deepEqual(log.map((a) => [a.attempt, a.status_code, Boolean(a.ok)]), [[1, 500, false], [2, 500, false], [3, 204, true]]);
      await settle(500);
      assert.equal(r.received.length, 3, 'nothing after the success');
    });

    it('marks the delivery failed after the last retry, counting 3xx (not followed) and time-outs as failures', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const target = await receiver();
      // The second answer never comes; the time-out is long enough for the others to arrive
      // however loaded the machine is.
      const never = new Promise<void>(() => {});
      r.respond = (n) => (n === 0 ? { status: 302, headers: { location: target.url } } : n === 1 ? { status: 200, heldUntil: never } : { status: 404 });
      const sub = await subscribe(ctx(), p, r.url);
      await dispatcher({ webhookRetryScheduleSeconds: [0.1, 0.1], webhookTimeoutMs: 20_000 });
      await emitClientCreated(ctx().storage, p.orgId);
      await r.waitFor(3);
      // The last answer is recorded just after it came: wait for the record, not a fixed time.
      const d = await eventually(
        () => ctx().storage.db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', p.orgId).executeTakeFirstOrThrow(),
        (row) => row.status !== 'pending',
      );
      await settle(400);
      assert.equal(r.received.length, 3, 'one attempt and two repeats');
      assert.equal(target.received.length, 0, 'the redirect was not followed');
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, 3);
      const log = await ctx().storage.db.selectFrom('webhook_attempts').selectAll().where('org_id', '=', p.orgId).orderBy('seq').execute();
      assert.equal(log[0]!.status_code, 302);
      assert.match(String(log[0]!.error), /redirect/);
      assert.equal(log[1]!.status_code, null);
      assert.match(String(log[1]!.error), /timed out/);
      assert.equal(log[2]!.status_code, 404);
      assert.equal((await subscription(p, sub.id)).failureCount, 3);
    });

    it('DELETE cancels pending deliveries and nothing is sent again', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      r.respond = () => ({ status: 503 });
      const sub = await subscribe(ctx(), p, r.url);
      await dispatcher({ webhookRetryScheduleSeconds: [0.3, 0.3, 0.3] });
      await emitClientCreated(ctx().storage, p.orgId);
      await r.waitFor(1);
      assert.deepEqual(json(await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)), { ok: true });
      await emitClientCreated(ctx().storage, p.orgId);
      await settle(900);
      assert.equal(r.received.length, 1);
      const statuses = await ctx().storage.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('org_id', '=', p.orgId).execute();
      assert.deepEqual(statuses.map((s) => s.status), ['cancelled']);
      await assert.rejects(redeliver(ctx().storage, ctx().config, p.slug, statuses[0]!.id), /disabled subscription/);
      await settle(700);
      assert.equal(r.received.length, 1, 'an operator cannot send to a disabled subscription either');
      const still = await ctx().storage.db.selectFrom('webhook_deliveries').select(['status', 'locked_until']).where('org_id', '=', p.orgId).executeTakeFirstOrThrow();
      assert.deepEqual(still, { status: 'cancelled', locked_until: null });
      assert.equal((await subscription(p, sub.id)).isActive, false);
    });

    it('keeps deliveries made while no dispatcher runs and sends them when one starts', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      await subscribe(ctx(), p, r.url);
      const first = await dispatcher();
      await first.stop();
      await emitClientCreated(ctx().storage, p.orgId);
      await emitClientCreated(ctx().storage, p.orgId);
      await settle(200);
      assert.equal(r.received.length, 0);
      await dispatcher();
      await r.waitFor(2);
      await settle(200);
      assert.equal(r.received.length, 2);
    });

    it('attempts again once the lease of a dispatcher that died mid-attempt expires', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      await subscribe(ctx(), p, r.url);
      // A dispatcher that claimed and died: the lease is set, nothing was recorded.
      await emitClientCreated(ctx().storage, p.orgId);
      await handleEventsNow(ctx());
      const leaseUntil = new Date(Date.now() + 700).toISOString();
      await ctx()
        .storage.db.updateTable('webhook_deliveries')
        .set({ locked_until: leaseUntil, lease_token: 'dead-worker' })
        .where('org_id', '=', p.orgId)
        .execute();
      await dispatcher({ webhookPollMs: 100 });
      const [got] = await r.waitFor(1);
      assert.ok(got!.at >= Date.parse(leaseUntil), 'not before the lease expired');
      const d = await eventually(
        () => ctx().storage.db.selectFrom('webhook_deliveries').selectAll().where('org_id', '=', p.orgId).executeTakeFirstOrThrow(),
        (row) => row.status !== 'pending',
      );
      assert.equal(d.status, 'succeeded');
      assert.equal(r.received.length, 1);
    });

    it('refuses at connect time a stored target that resolves to loopback (DNS rebinding)', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(ctx(), p, r.url);
      // The name passed the create-time check, then resolved to a private address.
      await ctx().storage.db.updateTable('webhook_subscriptions').set({ url: r.url.replace('127.0.0.1', 'localhost') }).where('id', '=', sub.id).execute();
      await dispatcher({ webhookAllowPrivate: false, webhookRetryScheduleSeconds: [] });
      await emitClientCreated(ctx().storage, p.orgId);
      const log = await eventually(() => ctx().storage.db.selectFrom('webhook_attempts').selectAll().where('org_id', '=', p.orgId).execute(), (rows) => rows.length > 0);
      await settle(600);
      assert.equal(r.received.length, 0);
      assert.equal(log.length, 1);
      assert.match(String(log[0]!.error), /may not reach/);
      const literal = await subscribe(ctx(), p, r.url);
      await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`);
      await emitClientCreated(ctx().storage, p.orgId);
      const refused = await eventually(() => ctx().storage.db.selectFrom('webhook_attempts').select('error').where('subscription_id', '=', literal.id).execute(), (rows) => rows.length > 0);
      await settle(600);
      assert.equal(r.received.length, 0, 'a literal loopback address is refused too');
      assert.equal(refused.length, 1);
      assert.match(String(refused[0]!.error), /may not reach/);
    });

    it('with BIZPLAT_WEBHOOK_SIGNATURE_V2 also signs the timestamp and the body; the spec signature is unchanged', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(ctx(), p, r.url);
      await dispatcher({ webhookSignatureV2: true });
      await emitClientCreated(ctx().storage, p.orgId);
      const [got] = await r.waitFor(1);
      const timestamp = String(got!.headers['x-webhook-timestamp']);
      assert.match(timestamp, /^\d{10}$/);
      assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 60, 'the time of the attempt');
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(sub.secret, got!.body, cert.dir), 'X-Webhook-Signature exactly as the spec defines it');
      // What a receiver checks: HMAC-SHA256 over "<timestamp>.<raw body>", computed by openssl.
      const signed = Buffer.concat([Buffer.from(`${timestamp}.`), got!.body]);
      assert.equal(got!.headers['x-webhook-signature-v2'], opensslHmac(sub.secret, signed, cert.dir));
      const shifted = Buffer.concat([Buffer.from(`${Number(timestamp) + 1}.`), got!.body]);
      assert.notEqual(got!.headers['x-webhook-signature-v2'], opensslHmac(sub.secret, shifted, cert.dir), 'another timestamp does not verify');
      assert.equal(loadConfig({ BIZPLAT_WEBHOOK_SIGNATURE_V2: '1' }).webhookSignatureV2, true);
      assert.equal(loadConfig({}).webhookSignatureV2, false);
      assert.throws(() => loadConfig({ BIZPLAT_WEBHOOK_SIGNATURE_V2: 'maybe' }), /BIZPLAT_WEBHOOK_SIGNATURE_V2/);
    });

    it('signs with the secret sealed at rest; a secret and URL stored in clear before are sealed and normalized at start', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(ctx(), p, r.url);
      // As a subscription was stored before: the secret as issued, the URL as given.
      const oldUrl = `${r.url.replace('https://', 'HTTPS://')}#fragment`;
      await ctx().storage.db.updateTable('webhook_subscriptions').set({ secret: sub.secret, url: oldUrl }).where('id', '=', sub.id).execute();
      await upgradeStoredSubscriptions({ storage: ctx().storage, config: ctx().config, log: ctx().app.log });
      const row = await ctx().storage.db.selectFrom('webhook_subscriptions').select(['secret', 'url']).where('id', '=', sub.id).executeTakeFirstOrThrow();
      assert.match(row.secret, /^sealed1:/);
      assert.equal(row.secret.includes(sub.secret), false);
      assert.equal(row.url, r.url);
      await dispatcher();
      await emitClientCreated(ctx().storage, p.orgId);
      const [got] = await r.waitFor(1);
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(sub.secret, got!.body, cert.dir));
    });

    it('a copy of the database without the server key cannot sign deliveries', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(ctx(), p, r.url);
      await emitClientCreated(ctx().storage, p.orgId);
      await handleEventsNow(ctx());
      const delivery = await ctx().storage.db.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', sub.id).executeTakeFirstOrThrow();
      // SQLite: the database file copied alone (not the key file beside it); PostgreSQL: the same
      // database read by a server with another key.
      const dir = mkdtempSync(join(tmpdir(), 'bizplat-copy-'));
      let copyUrl = ctx().config.databaseUrl;
      if (ctx().kind === 'sqlite') {
        await sql`vacuum into ${join(dir, 'copy.db')}`.execute(ctx().storage.db);
        copyUrl = `sqlite:${join(dir, 'copy.db')}`;
      }
      const copyConfig = { ...ctx().config, databaseUrl: copyUrl, secretsKey: ctx().kind === 'sqlite' ? undefined : 'another key, not the one that sealed'.padEnd(40, '!') };
      const copy = openStorage(copyConfig);
      try {
        const outcome = await redeliver(copy, copyConfig, p.slug, delivery.id);
        assert.equal(outcome.ok, false);
        assert.match(String(outcome.error), /does not open|key file .* is missing/);
        await settle(100);
        assert.equal(r.received.length, 0, 'nothing was sent');
      } finally {
        await copy.close();
        rmSync(dir, { recursive: true, force: true });
      }
      const original = await redeliver(ctx().storage, ctx().config, p.slug, delivery.id);
      assert.equal(original.ok, true, 'the server with its key signs');
      const [got] = await r.waitFor(1);
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(sub.secret, got!.body, cert.dir));
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '1000' } },
);
