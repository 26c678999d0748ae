/**
 * The deployment recipe of docs/operations.md, end to end: two server processes on one
 * PostgreSQL (through the pooler when the tests run through one) and Redis, behind HAProxy
 * running the committed docs/deploy/haproxy.cfg and health-checking /readyz. Under steady mixed
 * traffic each process in turn gets SIGTERM and a new one takes its port. Nothing may be lost:
 * no failed or reset request, every acknowledged write present once, stock balances equal to
 * the ledger, every webhook delivered once.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Agent } from 'undici';
import { eventBacklog } from '../../src/events/backlog.ts';
import { startServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { exited, killNow } from '../helpers/children.ts';
import { POSTGRES_URL, api, createContext, createPrincipal, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { freePort } from '../helpers/ports.ts';
import { importData } from '../../src/import.ts';
import { newId } from '../../src/storage/ids.ts';
import { assertLedgerHolds } from '../inventory/invariant.ts';
import { haproxyMissing, startBalancer } from './haproxy.ts';
import type { Balancer } from './haproxy.ts';
import { drainedCount, failures, send } from './traffic.ts';
import type { Call, Outcome } from './traffic.ts';

/** The servers of docs/deploy/haproxy.cfg. */
const SERVERS = ['app1', 'app2'] as const;
const WORKERS = 4;
/** Answers to wait for between two restarts, so that traffic runs through every state. */
const ANSWERS_PER_STEP = 40;
/** The recipe's grace (docs/deploy/bizplat@.service). */
const GRACE_MS = '10000';

const skip = !POSTGRES_URL ? 'TEST_DATABASE_URL is not set: the rolling restart runs on PostgreSQL only' : haproxyMissing();

/** What the traffic wrote and was told it wrote (2xx). */
interface Acknowledged {
  clients: Map<string, string>;
  /** A repeated create (same Idempotency-Key and body) answered with another client. */
  repeatsDiffering: string[];
  movements: Array<{ id: string; item: string; from: string | null; to: string; qty: number }>;
  requests: string[];
  approvals: string[];
}

describe('rolling restart of two processes behind HAProxy', { skip }, () => {
  let ctx: TestContext & { close(): Promise<void> };
  let cert: ReturnType<typeof makeCertificate>;
  let dir: string;
  before(async () => {
    ctx = await createContext('postgres', { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' });
    cert = makeCertificate();
    dir = mkdtempSync(join(tmpdir(), 'bizplat-haproxy-'));
  });
  after(async () => {
    await ctx?.close();
    cert?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loses no request, no write and no webhook while each process in turn is replaced', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const owner = await createPrincipal(ctx);
    const approver = await createPrincipal(ctx, { slug: owner.slug, rights: ['finance.approve'], scopes: ['finance:read', 'finance:write'] });
    const main = (await ctx.storage.db.selectFrom('warehouses').select('id').where('org_id', '=', owner.orgId).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
    const second = newId();
    const items = [newId(), newId(), newId()];
    await importData(ctx.storage, owner.slug, {
      warehouses: [{ id: second, name: 'Second', code: 'W2' }],
      products: items.map((id, i) => ({ id, name: `Item ${i}`, sku: `ROLL-${i}` })),
    });
    const receiver: Receiver = await startReceiver(cert);
    t.after(() => receiver.close());
    const hook = await api(ctx, owner.token, 'POST', '/webhooks', { body: { name: 'rolling', url: receiver.url, events: '*' } });
    assert.equal(hook.statusCode, 201, hook.body);

    const ports = await Promise.all(SERVERS.map(() => freePort()));
    const front = await freePort();
    const env: Record<string, string> = {
      BIZPLAT_SHUTDOWN_GRACE_MS: GRACE_MS,
      BIZPLAT_RATE_LIMIT: '1000000',
      BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1',
      BIZPLAT_WEBHOOK_CA_FILE: cert.certFile,
      BIZPLAT_WEBHOOK_POLL_MS: '200',
      ...(ctx.config.databaseSessionUrl ? { DATABASE_SESSION_URL: ctx.config.databaseSessionUrl } : {}),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    };
    const serve = (i: number) => startServer(['src/cli/main.ts', 'serve', '--port', String(ports[i])], ctx.config.databaseUrl, env);

    const servers: ChildServer[] = [];
    let balancer: Balancer | undefined;
    const agent = new Agent({ connections: WORKERS });
    let sending = true;
    let workers: Array<Promise<void>> = [];
    try {
      servers.push(...(await Promise.all(SERVERS.map((_, i) => serve(i)))));
      balancer = startBalancer({
        BIZPLAT_HAPROXY_BIND: `127.0.0.1:${front}`,
        BIZPLAT_HAPROXY_SOCKET: join(dir, 'admin.sock'),
        ...Object.fromEntries(SERVERS.map((name, i) => [`BIZPLAT_${name.toUpperCase()}`, `127.0.0.1:${ports[i]}`])),
      });
      const lb = balancer;
      const statusOf = async (name: string) => (await lb.servers()).get(name)?.status ?? '';
      const allUp = async () => (await Promise.all(SERVERS.map(statusOf))).every((s) => s === 'UP');
      await waitUntil('HAProxy to see every server up', allUp, undefined, lb.output);

      const base = `http://127.0.0.1:${front}/api/public/v1`;
      const outcomes: Outcome[] = [];
      const acknowledged: Acknowledged = { clients: new Map(), repeatsDiffering: [], movements: [], requests: [], approvals: [] };
      const call = async (token: string, c: Call): Promise<Outcome> => {
        const outcome = await send(agent, base, token, c);
        outcomes.push(outcome);
        return outcome;
      };
      const ok = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300;
      const idOf = (o: Outcome) => (o.body as { id: string }).id;

      /** One round of the mix: a read, a create (some repeated with their key), two movements, a payment request approved. */
      const round = async (n: number) => {
        await call(owner.token, { method: 'GET', path: n % 2 ? '/clients?limit=5' : '/stock?limit=20' });
        const create: Call = { method: 'POST', path: '/clients', body: { name: `Rolling ${n}` }, headers: { 'idempotency-key': `rolling-client-${n}` } };
        const created = await call(owner.token, create);
        if (ok(created)) {
          acknowledged.clients.set(`Rolling ${n}`, idOf(created));
          if (n % 3 === 0) {
            const again = await call(owner.token, create);
            if (ok(again) && idOf(again) !== idOf(created)) acknowledged.repeatsDiffering.push(`Rolling ${n}`);
          }
        }
        const item = items[n % items.length]!;
        const into = await call(owner.token, { method: 'POST', path: '/movements', body: { kind: 'in', warehouse_id: main, lines: [{ item_id: item, qty: 2 }] }, headers: { 'idempotency-key': `rolling-in-${n}` } });
        if (ok(into)) {
          acknowledged.movements.push({ id: idOf(into), item, from: null, to: main, qty: 2 });
          // Only what this round brought in moves on, so no movement can be refused for want of stock.
          const moved = await call(owner.token, { method: 'POST', path: '/movements', body: { kind: 'transfer', warehouse_id: main, to_warehouse_id: second, lines: [{ item_id: item, qty: 1 }] } });
          if (ok(moved)) acknowledged.movements.push({ id: idOf(moved), item, from: main, to: second, qty: 1 });
        }
        const filed = await call(owner.token, { method: 'POST', path: '/finance-requests', body: { title: `Rolling ${n}`, amount: '10.00' }, headers: { 'idempotency-key': `rolling-request-${n}` } });
        if (ok(filed)) {
          acknowledged.requests.push(idOf(filed));
          const version = String((filed.body as { version: number }).version);
          const approved = await call(approver.token, { method: 'PATCH', path: `/finance-requests/${idOf(filed)}`, body: { status: 'approved' }, headers: { 'if-match': version } });
          if (ok(approved)) acknowledged.approvals.push(idOf(filed));
        }
      };
      let n = 0;
      const worker = async () => {
        while (sending) {
          await round((n += 1));
          await new Promise((r) => setTimeout(r, 20)); // steady, not flat out: the machine is shared
        }
      };
      workers = Array.from({ length: WORKERS }, worker);
      await waitUntil('traffic through both servers', () => outcomes.length >= ANSWERS_PER_STEP);

      const stops: Array<{ name: string; code: number | null; drained: number | undefined }> = [];
      for (const [i, name] of SERVERS.entries()) {
        const old = servers[i]!;
        old.process.kill('SIGTERM');
        await waitUntil(`HAProxy to mark ${name} down after SIGTERM`, async () => (await statusOf(name)).startsWith('DOWN'), undefined, lb.output);
        await exited(old.process);
        stops.push({ name, code: old.process.exitCode, drained: drainedCount(old.output()) });
        servers[i] = await serve(i);
        await waitUntil(`HAProxy to mark the new ${name} up`, allUp, undefined, lb.output);
        const seen = outcomes.length;
        await waitUntil('traffic through the new server set', () => outcomes.length >= seen + ANSWERS_PER_STEP);
      }
      sending = false;
      await Promise.all(workers);

      assert.deepEqual(failures(outcomes), [], 'no request failed or was reset');
      for (const s of stops) {
        assert.equal(s.code, 0, `${s.name} exits 0 after SIGTERM`);
        assert.ok(s.drained !== undefined, `${s.name} logs how many requests it drained`);
      }
      const counters = await lb.servers();
      for (const name of SERVERS) {
        const row = counters.get(name)!;
        assert.deepEqual({ name, retries: row.wretr, redispatches: row.wredis, connectionErrors: row.econ, responseErrors: row.eresp }, { name, retries: '0', redispatches: '0', connectionErrors: '0', responseErrors: '0' }, 'HAProxy never had to retry or hide an error');
      }

      // Every acknowledged write is there once.
      assert.deepEqual(acknowledged.repeatsDiffering, [], 'a create repeated with its Idempotency-Key answers the first client');
      const clients = await ctx.storage.db.selectFrom('crm_clients').select(['id', 'name']).where('org_id', '=', owner.orgId).where('name', 'like', 'Rolling %').execute();
      assert.equal(clients.length, acknowledged.clients.size, 'one client per acknowledged create');
      for (const c of clients) assert.equal(acknowledged.clients.get(c.name), c.id, `client ${c.name} is the one acknowledged`);
      const movements = await ctx.storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', owner.orgId).execute();
      assert.deepEqual(new Set(movements.map((m) => m.id)), new Set(acknowledged.movements.map((m) => m.id)), 'the movements stored are exactly the acknowledged ones');
      const requests = await ctx.storage.db.selectFrom('finance_requests').select(['id', 'status']).where('org_id', '=', owner.orgId).execute();
      assert.deepEqual(new Set(requests.map((r) => r.id)), new Set(acknowledged.requests), 'the payment requests stored are exactly the acknowledged ones');
      const approved = new Set(acknowledged.approvals);
      for (const r of requests) assert.equal(r.status, approved.has(r.id) ? 'approved' : 'pending', `request ${r.id}`);
      assert.ok(acknowledged.approvals.length > 0 && acknowledged.movements.length > 0);

      // Balances equal the ledger, and the ledger what the traffic was told.
      await assertLedgerHolds(ctx.storage, owner.orgId);
      const expected = new Map<string, number>();
      for (const m of acknowledged.movements) {
        if (m.from) expected.set(`${m.from}/${m.item}`, (expected.get(`${m.from}/${m.item}`) ?? 0) - m.qty);
        expected.set(`${m.to}/${m.item}`, (expected.get(`${m.to}/${m.item}`) ?? 0) + m.qty);
      }
      const stock = json<{ items: Array<{ warehouseId: string; itemId: string; onHand: number }> }>(await api(ctx, owner.token, 'GET', '/stock', { query: { limit: '200' } })).items;
      assert.deepEqual(new Map(stock.filter((b) => b.onHand !== 0).map((b) => [`${b.warehouseId}/${b.itemId}`, b.onHand])), expected);

      // Each webhook delivered once: every delivery made, sent and recorded; no id received twice.
      await waitUntil('every event handled and every delivery sent', async () => {
        const pending = await ctx.storage.db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', owner.orgId).where('status', '!=', 'succeeded').execute();
        return (await eventBacklog(ctx.storage, 1)).due === 0 && pending.length === 0;
      });
      const deliveries = await ctx.storage.db.selectFrom('webhook_deliveries').select('event_id').where('org_id', '=', owner.orgId).execute();
      await receiver.waitFor(deliveries.length);
      const received = receiver.received.map((r) => String(r.headers['x-webhook-id']));
      assert.equal(received.length, new Set(received).size, 'no delivery was sent twice');
      assert.deepEqual(new Set(received), new Set(deliveries.map((d) => d.event_id)), 'every delivery was received');
      assert.ok(deliveries.length >= acknowledged.clients.size, 'the writes made deliveries');
      t.diagnostic(
        `${outcomes.length} requests through HAProxy, ${acknowledged.clients.size} clients, ${acknowledged.movements.length} movements, ` +
          `${acknowledged.approvals.length} approvals, ${deliveries.length} webhooks; drained on SIGTERM: ${stops.map((s) => `${s.name} ${s.drained}`).join(', ')}`,
      );
    } finally {
      sending = false;
      for (const s of servers) killNow(s.process);
      if (balancer) killNow(balancer.process);
      await Promise.all([...servers.map((s) => exited(s.process)), ...(balancer ? [exited(balancer.process)] : [])]);
      await Promise.all(workers);
      await agent.close();
    }
  });
});
