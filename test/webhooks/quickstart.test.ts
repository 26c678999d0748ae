/**
 * The README's webhook quickstart, step by step, as a developer runs it on a laptop: a plain
 * http receiver on 127.0.0.1 that verifies with the `standardwebhooks` package, a subscription,
 * a test event, a change of the subscription with PATCH, then `bizplat webhooks listen` (a real
 * child process) forwarding 100 events of every domain in commit order, stopped half-way and
 * resumed from its state file.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { endWithTest, exited } from '../helpers/children.ts';
import { startCli } from '../helpers/cli.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';
import { importTemplate } from '../processes/helpers.ts';
import { startDelivery } from './helpers.ts';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
interface FeedItem {
  id: string;
  event: string;
  data: { entityType: string; entityId: string } & Record<string, unknown>;
  ts: string;
}

const dir = mkdtempSync(join(tmpdir(), 'bizplat-listen-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The receiver of step 2: answers 204 to every POST and keeps what it got, by path. */
async function startLaptopReceiver(): Promise<{ base: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

/** Starts `bizplat webhooks listen` and resolves with the secret it prints once it is ready. */
async function startListen(t: Parameters<typeof endWithTest>[0], args: string[]): Promise<{ child: ChildProcess; secret: string; output: () => string }> {
  const child = endWithTest(t, startCli(['webhooks', 'listen', ...args]));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitUntil('webhooks listen to print its secret', () => /whsec_\S+/.test(output) || child.exitCode !== null, undefined, () => output);
  const secret = /(whsec_[A-Za-z0-9+/=]+)/.exec(output)?.[1];
  assert.ok(secret, `listen printed a secret: ${output}`);
  return { child, secret, output: () => output };
}

describeEachDatabase(
  'the README webhook quickstart, on a laptop',
  (ctx) => {
    it('subscribes a plain http receiver, tests it, changes it, and listens to 100 events of every domain in commit order', async (t) => {
      const c = ctx();
      const server = await c.app.listen({ port: 0, host: '127.0.0.1' });
      const api = `${server}/api/public/v1`;
      const receiver = await startLaptopReceiver();
      t.after(() => receiver.close());
      const call = async (p: Principal, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${api}${path}`, {
          method,
          headers: { 'x-api-token': p.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string; version: number } };
      };
      const ok = async (expected: number, pending: ReturnType<typeof call>) => {
        const res = await pending;
        assert.equal(res.status, expected, JSON.stringify(res.body));
        return res.body;
      };
      const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as FeedItem & { type: string };

      // Steps 1 to 3: a subscription to a plain http receiver on this machine.
      const p = await createPrincipal(c);
      const hookUrl = `${receiver.base}/webhooks`;
      const sub = await ok(201, call(p, 'POST', '/webhooks', { name: 'laptop', url: hookUrl, events: ['client.created'] }));
      const secret = String(sub.secret);
      const delivery = await startDelivery(c);
      t.after(() => delivery.stop());

      // Step 4: the test event, answered with the receiver's outcome and verified by the receiver.
      const tested = await ok(200, call(p, 'POST', `/webhooks/${sub.id}/test`));
      assert.equal(tested.ok, true, JSON.stringify(tested));
      assert.equal(tested.statusCode, 204);
      assert.equal(tested.event, 'webhook.test');
      const testHit = receiver.received.find((r) => r.headers['webhook-id'] === tested.id);
      assert.ok(testHit, 'the test delivery reached the receiver before the answer');
      const testBody = verified(secret, testHit);
      assert.deepEqual({ type: testBody.type, data: testBody.data, id: testBody.id }, { type: 'webhook.test', data: { entityType: 'webhook_subscription', entityId: sub.id }, id: tested.id });

      // Step 5: PATCH with If-Match, checked as on create; the change holds for the next events.
      await ok(422, call(p, 'PATCH', `/webhooks/${sub.id}`, { url: 'ftp://127.0.0.1/hook' }, { 'if-match': '1' }));
      await ok(422, call(p, 'PATCH', `/webhooks/${sub.id}`, { events: ['client.created', 'no.such_event'] }, { 'if-match': '1' }));
      const changed = await ok(200, call(p, 'PATCH', `/webhooks/${sub.id}`, { name: 'laptop (contacts)', events: ['contact.created'] }, { 'if-match': '1' }));
      assert.deepEqual({ version: changed.version, name: changed.name, events: changed.events, url: changed.url }, { version: 2, name: 'laptop (contacts)', events: ['contact.created'], url: hookUrl });
      await ok(409, call(p, 'PATCH', `/webhooks/${sub.id}`, { name: 'late' }, { 'if-match': '1' }));
      const audit = await c.storage.db.selectFrom('audit_log').select('action').where('org_id', '=', p.orgId).where('target_id', '=', sub.id).execute();
      assert.deepEqual(audit.map((a) => a.action).sort(), ['webhook.create', 'webhook.test', 'webhook.update']);
      const client = await ok(201, call(p, 'POST', '/clients', { name: 'Not subscribed any more' }));
      const contact = await ok(201, call(p, 'POST', '/contacts', { name: 'Subscribed', client_id: client.id }));
      await waitUntil('contact.created to reach the receiver', () => receiver.received.some((r) => r.path === '/webhooks' && r.body.includes(contact.id)));
      const hooks = receiver.received.filter((r) => r.path === '/webhooks').map((r) => verified(secret, r));
      assert.deepEqual(hooks.map((h) => h.type), ['webhook.test', 'contact.created'], 'after the PATCH, client.created is no longer sent');

      // Step 6: `webhooks listen` for another organization: its events from now on, forwarded in commit order.
      const q = await createPrincipal(c);
      const feed = async (): Promise<FeedItem[]> => {
        const items: FeedItem[] = [];
        for (let cursor = ''; ;) {
          const page = (await ok(200, call(q, 'GET', `/events?limit=500${cursor === '' ? '' : `&cursor=${encodeURIComponent(cursor)}`}`))) as unknown as { items: FeedItem[]; next_cursor: string };
          items.push(...page.items);
          if (page.items.length < 500) return items;
          cursor = page.next_cursor;
        }
      };
      const before = (await feed()).length;
      const state = join(dir, `${c.kind}.json`);
      const listenArgs = ['--forward-to', `${receiver.base}/listen`, '--url', server, '--token', q.token, '--state', state];
      const first = await startListen(t, listenArgs);
      const forwarded = () => receiver.received.filter((r) => r.path === '/listen');

      await importTemplate(c, q, 'review', [
        { id: 'work', title: 'Work', stage_type: 'task', start: true, next: ['done'], executor: q.userId },
        { id: 'done', title: 'Done', stage_type: 'end' },
      ]);
      const warehouse = (await c.storage.db.selectFrom('warehouses').select('id').where('org_id', '=', q.orgId).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      /** One change in every domain: about 20 events. */
      const round = async (i: number) => {
        const cl = await ok(201, call(q, 'POST', '/clients', { name: `Client ${i}` }));
        const co = await ok(201, call(q, 'POST', '/contacts', { name: `Contact ${i}`, client_id: cl.id }));
        await ok(200, call(q, 'PATCH', `/contacts/${co.id}`, { is_archived: true }, { 'if-match': String(co.version) }));
        await ok(201, call(q, 'POST', '/deals', { title: `Deal ${i}`, client_id: cl.id }));
        const product = await ok(201, call(q, 'POST', '/products', { name: `Product ${i}` }));
        await ok(201, call(q, 'POST', '/movements', { kind: 'in', warehouse_id: warehouse, lines: [{ item_id: product.id, qty: '1' }] }));
        await ok(201, call(q, 'POST', '/tasks', { title: `Task ${i}`, assignee_id: q.userId }));
        await ok(201, call(q, 'POST', '/meetings', { title: `Meeting ${i}`, start_at: tomorrow }));
        await ok(201, call(q, 'POST', '/finance-requests', { title: `Request ${i}`, amount: '10.00' }));
        const process = await ok(201, call(q, 'POST', '/processes', { template_id: 'review' }));
        await ok(200, call(q, 'POST', `/processes/${process.id}/cancel`));
      };
      const count = async () => (await feed()).length - before;
      let i = 0;
      while ((await count()) < 40) await round(i++);
      await waitUntil('listen to forward the first events', async () => forwarded().length === (await count()), undefined, first.output);

      // Stopped (Ctrl-C), events happen meanwhile, and a new run resumes with the next one.
      first.child.kill('SIGTERM');
      await exited(first.child);
      assert.equal(first.child.exitCode, 0, first.output());
      const atStop = forwarded().length;
      const perRound = Math.ceil(atStop / i);
      while ((await count()) + perRound <= 100) await round(i++);
      while ((await count()) < 100) await ok(201, call(q, 'POST', '/clients', { name: `Top-up ${i++}` }));
      assert.equal(forwarded().length, atStop, 'nothing is forwarded while listen is stopped');
      const second = await startListen(t, listenArgs);
      assert.equal(second.secret, first.secret, 'the signing secret is kept in the state file');
      assert.match(second.output(), /resuming/);
      await waitUntil('listen to forward all 100 events', () => forwarded().length >= 100, undefined, second.output);

      const expected = (await feed()).slice(before);
      assert.equal(expected.length, 100);
      const got = forwarded().map((r) => verified(second.secret, r));
      assert.equal(got.length, 100, 'each event once: none skipped, none repeated across the restart');
      assert.deepEqual(got.map((g) => g.id), expected.map((e) => e.id), 'in commit order');
      for (const [n, g] of got.entries()) {
        const e = expected[n]!;
        assert.deepEqual(g, { event: e.event, data: e.data, ts: e.ts, id: e.id, type: e.event }, 'the body of a real delivery');
      }
      const kinds = new Set(got.map((g) => g.data.entityType));
      assert.deepEqual([...kinds].sort(), ['client', 'contact', 'deal', 'finance_request', 'meeting', 'movement', 'process', 'product', 'task']);
      for (const event of ['contact.created', 'contact.updated', 'contact.archived', 'process.cancelled']) assert.ok(got.some((g) => g.event === event), event);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' } },
);
