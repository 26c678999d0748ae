/** verifyWebhook against signatures made by the Standard Webhooks library, written elsewhere. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { generateTestHeaders, verifyWebhook, WebhookSignatureError } from '@bizplat/client';
import type { WebhookFailure } from '@bizplat/client';
import { Webhook } from 'standardwebhooks';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ event: 'deal.won', data: { entityType: 'deal', entityId: 'd1', stage: 'Won' }, ts: '2025-03-01T09:30:00.000+00:00' });
const SENT_MS = Date.parse('2025-03-01T09:30:00Z');

function delivery(secrets: string[], at = SENT_MS, payload = body) {
  const signature = secrets.map((s) => new Webhook(s).sign('msg_1', new Date(at), payload)).join(' ');
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature };
}

function refused(reason: WebhookFailure, run: () => Promise<unknown>): Promise<void> {
  return assert.rejects(run, (error: unknown) => error instanceof WebhookSignatureError && error.reason === reason);
}

it('returns the event of a delivery signed under the secret, from Node headers or a fetch Headers', async () => {
  const s = secret();
  const now = () => SENT_MS + 1000;
  assert.equal((await verifyWebhook(body, delivery([s]), s, { now })).data.entityId, 'd1');
  assert.equal((await verifyWebhook(Buffer.from(body), new Headers(delivery([s])), s, { now })).event, 'deal.won');
});

it('refuses a changed body, another secret, a missing header and a malformed signature', async () => {
  const s = secret();
  const now = () => SENT_MS;
  await refused('signature_mismatch', () => verifyWebhook(body.replace('d1', 'd2'), delivery([s]), s, { now }));
  await refused('signature_mismatch', () => verifyWebhook(body, delivery([s]), secret(), { now }));
  await refused('signature_mismatch', () => verifyWebhook(body, { ...delivery([s]), 'webhook-signature': 'v1,zz' }, s, { now }));
  await refused('missing_headers', () => verifyWebhook(body, { ...delivery([s]), 'webhook-timestamp': undefined }, s, { now }));
  await refused('missing_headers', () => verifyWebhook(body, {}, s, { now }));
});

it('refuses a delivery older or newer than the tolerance (default 5 minutes), even with a right signature', async () => {
  const s = secret();
  const headers = delivery([s]);
  for (const offsetS of [-299, 0, 299]) assert.ok(await verifyWebhook(body, headers, s, { now: () => SENT_MS + offsetS * 1000 }));
  for (const offsetS of [-301, 301, 86_400]) await refused('timestamp_out_of_tolerance', () => verifyWebhook(body, headers, s, { now: () => SENT_MS + offsetS * 1000 }));
  assert.ok(await verifyWebhook(body, headers, s, { now: () => SENT_MS + 3_600_000, toleranceSeconds: 7200 }));
  await refused('timestamp_out_of_tolerance', () => verifyWebhook(body, headers, s, { now: () => SENT_MS + 61_000, toleranceSeconds: 60 }));
  await refused('timestamp_out_of_tolerance', () => verifyWebhook(body, { ...headers, 'webhook-timestamp': 'soon' }, s, { now: () => SENT_MS }));
});

it('during a rotation: a delivery signed under both secrets verifies with either, and a receiver holding both accepts either signature', async () => {
  const [old, fresh] = [secret(), secret()];
  const now = () => SENT_MS;
  const both = delivery([fresh, old]);
  assert.ok(await verifyWebhook(body, both, old, { now }));
  assert.ok(await verifyWebhook(body, both, fresh, { now }));
  assert.ok(await verifyWebhook(body, delivery([old]), [fresh, old], { now }));
  assert.ok(await verifyWebhook(body, delivery([fresh]), [fresh, old], { now }));
  await refused('signature_mismatch', () => verifyWebhook(body, delivery([old]), [fresh, secret()], { now }));
});

it('generateTestHeaders signs a payload as a real delivery is signed: the Standard Webhooks library and verifyWebhook accept it, and refuse it changed', async () => {
  const s = secret();
  const headers = await generateTestHeaders(body, s, { id: 'msg_test', timestamp: SENT_MS });
  assert.deepEqual(Object.keys(headers).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp']);
  assert.equal(headers['webhook-id'], 'msg_test');
  assert.equal(headers['webhook-timestamp'], String(SENT_MS / 1000));
  assert.equal(headers['webhook-signature'], new Webhook(s).sign('msg_test', new Date(SENT_MS), body));
  const now = () => SENT_MS;
  assert.equal((await verifyWebhook(body, headers, s, { now })).event, 'deal.won');
  await refused('signature_mismatch', () => verifyWebhook(body.replace('d1', 'd2'), headers, s, { now }));
  const fresh = await generateTestHeaders(body, s);
  assert.match(fresh['webhook-id'], /^msg_[0-9a-f]{32}$/);
  assert.deepEqual(new Webhook(s).verify(body, fresh), JSON.parse(body));
});
