/** verifyWebhook against signatures made by the Standard Webhooks library, written elsewhere. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { verifyWebhook, WebhookSignatureError } from '@bizplat/client';
import type { WebhookFailure } from '@bizplat/client';
import { Webhook } from 'standardwebhooks';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ event: 'deal.won', data: { entityType: 'deal', entityId: 'd1', stage: 'Won' }, ts: '2025-03-01T09:30:00.000+00:00' });
const SENT_MS = Date.parse('2025-03-01T09:30:00Z');

function delivery(secrets: string[], at = SENT_MS, payload = body) {
  const signature = secrets.map((s) => new Webhook(s).sign('msg_1', new Date(at), payload)).join(' ');
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature };
}

function refused(reason: WebhookFailure, run: () => unknown): void {
  assert.throws(run, (error: unknown) => error instanceof WebhookSignatureError && error.reason === reason);
}

it('returns the event of a delivery signed under the secret, from Node headers or a fetch Headers', () => {
  const s = secret();
  const now = () => SENT_MS + 1000;
  assert.equal(verifyWebhook(body, delivery([s]), s, { now }).data.entityId, 'd1');
  assert.equal(verifyWebhook(Buffer.from(body), new Headers(delivery([s])), s, { now }).event, 'deal.won');
});

it('refuses a changed body, another secret, a missing header and a malformed signature', () => {
  const s = secret();
  const now = () => SENT_MS;
  refused('signature_mismatch', () => verifyWebhook(body.replace('d1', 'd2'), delivery([s]), s, { now }));
  refused('signature_mismatch', () => verifyWebhook(body, delivery([s]), secret(), { now }));
  refused('signature_mismatch', () => verifyWebhook(body, { ...delivery([s]), 'webhook-signature': 'v1,zz' }, s, { now }));
  refused('missing_headers', () => verifyWebhook(body, { ...delivery([s]), 'webhook-timestamp': undefined }, s, { now }));
  refused('missing_headers', () => verifyWebhook(body, {}, s, { now }));
});

it('refuses a delivery older or newer than the tolerance (default 5 minutes), even with a right signature', () => {
  const s = secret();
  const headers = delivery([s]);
  for (const offsetS of [-299, 0, 299]) assert.ok(verifyWebhook(body, headers, s, { now: () => SENT_MS + offsetS * 1000 }));
  for (const offsetS of [-301, 301, 86_400]) refused('timestamp_out_of_tolerance', () => verifyWebhook(body, headers, s, { now: () => SENT_MS + offsetS * 1000 }));
  assert.ok(verifyWebhook(body, headers, s, { now: () => SENT_MS + 3_600_000, toleranceSeconds: 7200 }));
  refused('timestamp_out_of_tolerance', () => verifyWebhook(body, headers, s, { now: () => SENT_MS + 61_000, toleranceSeconds: 60 }));
  refused('timestamp_out_of_tolerance', () => verifyWebhook(body, { ...headers, 'webhook-timestamp': 'soon' }, s, { now: () => SENT_MS }));
});

it('during a rotation: a delivery signed under both secrets verifies with either, and a receiver holding both accepts either signature', () => {
  const [old, fresh] = [secret(), secret()];
  const now = () => SENT_MS;
  const both = delivery([fresh, old]);
  assert.ok(verifyWebhook(body, both, old, { now }));
  assert.ok(verifyWebhook(body, both, fresh, { now }));
  assert.ok(verifyWebhook(body, delivery([old]), [fresh, old], { now }));
  assert.ok(verifyWebhook(body, delivery([fresh]), [fresh, old], { now }));
  refused('signature_mismatch', () => verifyWebhook(body, delivery([old]), [fresh, secret()], { now }));
});
