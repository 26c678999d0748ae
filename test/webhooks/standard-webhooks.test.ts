/**
 * Deliveries verified by a receiver library written elsewhere: the `standardwebhooks` package
 * (`new Webhook(secret).verify(body, headers)`), over real HTTPS, beside the spec's
 * X-Webhook-Signature checked with openssl.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../../src/config.ts';
import { sealSecret } from '../../src/domains/webhooks/secrets.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import type { Received, Receiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, endDelivery, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

/** The headers as a receiver library takes them (single values). */
function headersOf(got: Received): Record<string, string> {
  return Object.fromEntries(Object.entries(got.headers).map(([k, v]) => [k, String(v)]));
}

/** What `standardwebhooks` makes of the delivery with this secret: the parsed body, or the library's error. */
function verifiedBy(secret: string, got: Received): unknown {
  return new Webhook(secret).verify(got.body.toString('utf8'), headersOf(got));
}

describeEachDatabase(
  'Standard Webhooks deliveries',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    const receivers: Receiver[] = [];
    afterEach(() => endDelivery(ctx(), running, receivers));
    async function dispatcher(config: Partial<Config> = {}): Promise<void> {
      running.push(await startDelivery(ctx(), config));
    }
    async function receiver(): Promise<Receiver> {
      const r = await startReceiver(cert);
      receivers.push(r);
      return r;
    }
    async function subscribe(p: Principal, url: string): Promise<{ id: string; secret: string }> {
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'standard', url, events: '*' } });
      assert.equal(res.statusCode, 201, res.body);
      return json<{ id: string; secret: string }>(res);
    }

    it('signs every attempt so that standardwebhooks verifies it with the secret as returned, with one webhook-id across retries', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      r.respond = (n) => ({ status: n === 0 ? 503 : 200 });
      const sub = await subscribe(p, r.url);
      assert.match(sub.secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'whsec_ and 32 random bytes in base64');
      await dispatcher({ webhookRetryScheduleSeconds: [0.2] });
      const { eventId, entityId } = await emitClientCreated(ctx().storage, p.orgId, { version: 1 });
      const attempts = await r.waitFor(2);
      for (const got of attempts) {
        assert.equal(got.headers['webhook-id'], eventId, 'the event id, the same on every attempt');
        assert.equal(got.headers['webhook-timestamp'], got.headers['x-webhook-timestamp']);
        assert.match(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);
        assert.deepEqual(verifiedBy(sub.secret, got), { event: 'client.created', data: { entityType: 'client', entityId, version: 1 }, ts: JSON.parse(got.body.toString()).ts, id: eventId, type: 'client.created' });
        // The spec's signature is unchanged: hex HMAC-SHA256 of the raw body keyed with the secret string.
        assert.equal(got.headers['x-webhook-signature'], opensslHmac(sub.secret, got.body, cert.dir));
      }
      assert.throws(() => verifiedBy(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, attempts[1]!), /No matching signature/, 'another secret does not verify');
      const tampered = { ...attempts[1]!, body: Buffer.from(attempts[1]!.body.toString().replace('client', 'clienT')) };
      assert.throws(() => verifiedBy(sub.secret, tampered), /No matching signature/, 'a changed body does not verify');
    });

    it('a secret issued before the whsec_ form (64 hex characters) verifies with standardwebhooks too', async () => {
      const p = await createPrincipal(ctx());
      const r = await receiver();
      const sub = await subscribe(p, r.url);
      const hex = 'a1'.repeat(32);
      await ctx().storage.db.updateTable('webhook_subscriptions').set({ secret: sealSecret(ctx().app.sealer, p.orgId, sub.id, hex) }).where('id', '=', sub.id).execute();
      await dispatcher();
      await emitClientCreated(ctx().storage, p.orgId);
      const [got] = await r.waitFor(1);
      assert.ok(verifiedBy(hex, got!));
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(hex, got!.body, cert.dir));
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '200' } },
);
