/**
 * Webhooks on a developer's machine: with BIZPLAT_WEBHOOK_ALLOW_PRIVATE=1 a receiver on a
 * loopback or private address may be plain http (no certificate, no CA file, no restart);
 * a public address still needs https, and without the setting every receiver does.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { api, createContext, createPrincipal, json } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';
import { emitClientCreated, startDelivery } from './helpers.ts';

describe('webhooks to a plain http receiver on this machine', () => {
  let developing: Awaited<ReturnType<typeof createContext>>;
  let production: Awaited<ReturnType<typeof createContext>>;
  const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  let hook = '';
  const stops: Array<() => Promise<void>> = [];
  before(async () => {
    developing = await createContext('sqlite', { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' });
    production = await createContext('sqlite');
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  after(async () => {
    receiver.closeAllConnections();
    await new Promise((done) => receiver.close(done));
    await developing?.close();
    await production?.close();
  });

  it('delivers a signed event to http://127.0.0.1 when private targets are allowed', async () => {
    const p = await createPrincipal(developing);
    const made = await api(developing, p.token, 'POST', '/webhooks', { body: { name: 'laptop', url: hook, events: ['client.created'] } });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(json<{ url: string }>(made).url, hook);
    const delivery = await startDelivery(developing, { webhookPollMs: 3_600_000, eventPollMs: 3_600_000 });
    stops.push(() => delivery.stop());
    const { eventId } = await emitClientCreated(developing.storage, p.orgId);
    await waitUntil('the plain http receiver to get the event', () => received.some((r) => r.headers['webhook-id'] === eventId));
    const got = received.find((r) => r.headers['webhook-id'] === eventId)!;
    assert.match(String(got.headers['webhook-signature']), /^v1,/);
    assert.equal((JSON.parse(got.body) as { event: string }).event, 'client.created');
  });

  it('a test event to a receiver that is down answers its failure; a disabled or unknown subscription is refused', async () => {
    const p = await createPrincipal(developing);
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise((done) => closed.close(done));
    const sub = json<{ id: string }>(await api(developing, p.token, 'POST', '/webhooks', { body: { name: 'down', url: down, events: ['client.created'] } }));
    const tested = await api(developing, p.token, 'POST', `/webhooks/${sub.id}/test`);
    assert.equal(tested.statusCode, 200, tested.body);
    const outcome = json<{ ok: boolean; statusCode: number | null; error: string | null }>(tested);
    assert.equal(outcome.ok, false);
    assert.equal(outcome.statusCode, null);
    assert.match(outcome.error ?? '', /ECONNREFUSED/);
    assert.equal((await api(developing, p.token, 'DELETE', `/webhooks/${sub.id}`)).statusCode, 200);
    assert.equal((await api(developing, p.token, 'POST', `/webhooks/${sub.id}/test`)).statusCode, 422, 'a disabled subscription is sent nothing');
    assert.equal((await api(developing, p.token, 'POST', '/webhooks/0193b1f0-4d5e-7f60-8172-839405a6b7c8/test')).statusCode, 404);
  });

  it('refuses plain http to a public address even then, and to any address without the setting', async () => {
    const p = await createPrincipal(developing);
    const pub = await api(developing, p.token, 'POST', '/webhooks', { body: { name: 'public', url: 'http://93.184.216.34/hook', events: ['client.created'] } });
    assert.equal(pub.statusCode, 422, pub.body);
    assert.match(pub.body, /plain http only for a loopback or private address/);
    const q = await createPrincipal(production);
    const local = await api(production, q.token, 'POST', '/webhooks', { body: { name: 'local', url: hook, events: ['client.created'] } });
    assert.equal(local.statusCode, 422, local.body);
    assert.match(local.body, /must use https/);
  });
});
