/**
 * Rotating a subscription's secret: the new secret shown once, both secrets sign webhook-signature
 * during the overlap (checked with the standardwebhooks package over real HTTPS), only the new one
 * after it (the clock moved with mock timers, no waiting); rights, tenants, audit, CLI.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it, mock } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { runCli } from '../helpers/cli.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import type { Received, Receiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, endDelivery, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

interface Rotated {
  id: string;
  secret?: string;
  previousSecretExpiresAt: string | null;
  note: string;
}

function verifies(secret: string, got: Received): boolean {
  const headers = Object.fromEntries(Object.entries(got.headers).map(([k, v]) => [k, String(v)]));
  try {
    new Webhook(secret).verify(got.body.toString('utf8'), headers);
    return true;
  } catch {
    return false;
  }
}

describeEachDatabase(
  'rotating a webhook secret',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    const receivers: Receiver[] = [];
    afterEach(async () => {
      mock.timers.reset();
      await endDelivery(ctx(), running, receivers);
    });
    async function receiver(): Promise<Receiver> {
      const r = await startReceiver(cert);
      receivers.push(r);
      return r;
    }
    async function subscribe(p: Principal, url: string): Promise<{ id: string; secret: string }> {
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'rotating', url, events: '*' } });
      assert.equal(res.statusCode, 201, res.body);
      return json<{ id: string; secret: string }>(res);
    }
    const rotate = (p: Principal, id: string, headers: Record<string, string> = {}) => api(ctx(), p.token, 'POST', `/webhooks/${id}/rotate-secret`, { headers });

    it('shows a new secret once; during the overlap both secrets verify with standardwebhooks, after it only the new one', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(p, r.url);
      const res = await rotate(p, sub.id, { 'idempotency-key': 'rotate-1' });
      assert.equal(res.statusCode, 200, res.body);
      const rotated = json<Rotated>(res);
      assert.match(rotated.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.notEqual(rotated.secret, sub.secret);
      const overlapMs = Date.parse(rotated.previousSecretExpiresAt!) - Date.now();
      assert.ok(overlapMs > 23.9 * 3_600_000 && overlapMs <= 24 * 3_600_000, 'the default overlap is 24 hours');
      const again = json<Rotated>(await rotate(p, sub.id, { 'idempotency-key': 'rotate-1' }));
      assert.equal(again.secret, undefined, 'a replay does not show the secret again');
      assert.match(again.note, /shown only in the first response/);
      const stored = await ctx().storage.db.selectFrom('webhook_subscriptions').select(['secret', 'previous_secret']).where('id', '=', sub.id).executeTakeFirstOrThrow();
      for (const value of [stored.secret, stored.previous_secret]) {
        assert.match(String(value), /^sealed1:/);
        assert.ok(!String(value).includes(rotated.secret!) && !String(value).includes(sub.secret), 'sealed at rest');
      }
      const audit = await ctx().storage.db.selectFrom('audit_log').selectAll().where('org_id', '=', p.orgId).where('action', '=', 'webhook.rotate_secret').execute();
      assert.equal(audit.length, 1);
      assert.deepEqual([audit[0]!.target_id, audit[0]!.token_id, audit[0]!.via], [sub.id, p.tokenId, 'api']);
      const auditText = JSON.stringify(audit[0]);
      assert.ok(!auditText.includes(rotated.secret!) && !auditText.includes(sub.secret), 'never a secret in the audit trail');

      running.push(await startDelivery(ctx(), { webhookPollMs: 200 }));
      await emitClientCreated(ctx().storage, p.orgId);
      const [during] = await r.waitFor(1);
      assert.match(String(during!.headers['webhook-signature']), /^v1,\S+ v1,\S+$/, 'two signatures');
      assert.ok(verifies(rotated.secret!, during!), 'the new secret verifies');
      assert.ok(verifies(sub.secret, during!), 'the old secret verifies during the overlap');
      assert.equal(during!.headers['x-webhook-signature'], opensslHmac(rotated.secret!, during!.body, cert.dir), 'X-Webhook-Signature under the new secret');

      // 25 hours later (the clock moved, nothing waits): only the new secret signs.
      mock.timers.enable({ apis: ['Date'], now: Date.now() + 25 * 3_600_000 });
      await emitClientCreated(ctx().storage, p.orgId);
      const [, later] = await r.waitFor(2);
      assert.match(String(later!.headers['webhook-signature']), /^v1,\S+$/, 'one signature');
      assert.ok(verifies(rotated.secret!, later!), 'the new secret verifies');
      assert.equal(verifies(sub.secret, later!), false, 'the old secret no longer does');
      assert.equal(later!.headers['x-webhook-signature'], opensslHmac(rotated.secret!, later!.body, cert.dir));
    });

    it('needs admin:all and an administrator; another organization\'s subscription, an unknown id and a disabled one are refused', async () => {
      const p = await createPrincipal(ctx());
      const sub = await subscribe(p, 'https://hooks.example.com/in');
      const reader = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read', 'crm:write'] });
      assert.equal(json<{ details: { error: string } }>(await rotate(reader, sub.id)).details.error, 'insufficient_scope');
      const clerk = await createPrincipal(ctx(), { slug: p.slug, rights: ['crm.clients'], scopes: ['admin:all'] });
      assert.equal((await rotate(clerk, sub.id)).statusCode, 403);
      const other = await createPrincipal(ctx());
      const foreign = await rotate(other, sub.id);
      assert.equal(foreign.statusCode, 404);
      assert.equal(json<{ details: { error: string } }>(foreign).details.error, 'not_found');
      assert.equal((await rotate(p, '0190d1a0-0000-7000-8000-000000000000')).statusCode, 404);
      assert.equal((await rotate(p, 'not-a-uuid')).statusCode, 404);
      const before = await ctx().storage.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', sub.id).executeTakeFirstOrThrow();
      assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 200);
      assert.equal((await rotate(p, sub.id)).statusCode, 422);
      const afterAll = await ctx().storage.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', sub.id).executeTakeFirstOrThrow();
      assert.equal(afterAll.secret, before.secret, 'no refused call changed the secret');
    });

    it('is in the OpenAPI document as an extension, and `webhook rotate-secret --json` prints the new secret once', async () => {
      const document = json<{ paths: Record<string, Record<string, { summary: string; 'x-required-scope': string }>> }>(
        await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' }),
      );
      const operation = document.paths['/webhooks/{id}/rotate-secret']?.post;
      assert.match(String(operation?.summary), /extension of v1/);
      assert.equal(operation?.['x-required-scope'], 'admin:all');

      const p = await createPrincipal(ctx());
      const sub = await subscribe(p, 'https://hooks.example.com/cli');
      const run = await runCli(['webhook', 'rotate-secret', '--org', p.slug, '--subscription', sub.id, '--json'], { DATABASE_URL: ctx().config.databaseUrl });
      assert.equal(run.code, 0, run.stderr);
      const printed = JSON.parse(run.stdout.trim()) as Rotated;
      assert.equal(printed.id, sub.id);
      assert.match(printed.secret!, /^whsec_/);
      assert.ok(printed.previousSecretExpiresAt);
      const audit = await ctx().storage.db.selectFrom('audit_log').select(['via', 'target_id']).where('org_id', '=', p.orgId).where('action', '=', 'webhook.rotate_secret').execute();
      assert.deepEqual(audit, [{ via: 'cli', target_id: sub.id }]);
      const missing = await runCli(['webhook', 'rotate-secret', '--org', p.slug, '--subscription', '0190d1a0-0000-7000-8000-000000000000', '--json'], { DATABASE_URL: ctx().config.databaseUrl });
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, /not_found|not found/);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '200' } },
);
