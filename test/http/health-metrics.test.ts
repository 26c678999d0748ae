import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { Dispatcher } from '../../src/domains/webhooks/dispatcher.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { eventually, handleEventsNow } from '../webhooks/helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

const METRICS_TOKEN = 'm'.repeat(20) + 'etrics-token-for-tests-only';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function probe(ctx: TestContext, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function metrics(ctx: TestContext): Promise<string> {
  const res = await probe(ctx, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
}

/** The value of one sample: the metric's line carrying every given label (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function createClient(ctx: TestContext, token: string, name: string): Promise<string> {
  const res = await api(ctx, token, 'POST', '/clients', { body: { name } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ id: string }>(res).id;
}

it('refuses malformed metrics and readiness settings at start, naming the variable', () => {
  assert.deepEqual(loadConfig({ BIZPLAT_METRICS_ADDRESS: '[::1]:9100' }).metricsAddress, { host: '::1', port: 9100 });
  assert.throws(() => loadConfig({ BIZPLAT_METRICS_ADDRESS: '9100' }), /BIZPLAT_METRICS_ADDRESS must be host:port/);
  assert.throws(() => loadConfig({ BIZPLAT_METRICS_ADDRESS: '0.0.0.0:70000' }), /BIZPLAT_METRICS_ADDRESS must be host:port/);
  assert.throws(() => loadConfig({ BIZPLAT_METRICS_TOKEN: 'short' }), /BIZPLAT_METRICS_TOKEN must be at least 32 characters/);
  assert.throws(() => loadConfig({ BIZPLAT_READY_EVENT_BACKLOG: '-1' }), /BIZPLAT_READY_EVENT_BACKLOG must be a whole number/);
  const defaults = loadConfig({});
  assert.deepEqual([defaults.metricsAddress, defaults.metricsToken, defaults.readyEventBacklog, defaults.readyDeliveryBacklog], [undefined, undefined, 0, 0]);
});

describeEachDatabase('health and readiness probes', (ctx) => {
  it('answers /healthz and /readyz without a token, naming no organization', async () => {
    const p = await createPrincipal(ctx());
    await createClient(ctx(), p.token, 'Probe Client');
    await handleEventsNow(ctx());
    const alive = await probe(ctx(), '/healthz');
    assert.equal(alive.statusCode, 200, alive.body);
    // The release it also names: test/cli/version.test.ts.
    assert.deepEqual({ ...alive.json<Record<string, unknown>>(), version: undefined }, { status: 'ok', version: undefined });
    const ready = await probe(ctx(), '/readyz');
    assert.equal(ready.statusCode, 200, ready.body);
    assert.deepEqual(ready.json(), { status: 'ok', failing: [] });
    for (const body of [alive.body, ready.body]) {
      assert.ok(!body.includes(p.slug) && !body.includes(p.orgId) && !UUID.test(body), body);
    }
  });

  it('serves no metrics by default', async () => {
    const res = await probe(ctx(), '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    assert.equal(res.statusCode, 404);
    assert.equal(ctx().app.metricsUrl(), undefined);
  });

  it('fails /readyz once draining has begun, while other requests are still served', async () => {
    const p = await createPrincipal(ctx());
    ctx().app.startDraining();
    const ready = await probe(ctx(), '/readyz');
    assert.equal(ready.statusCode, 503, ready.body);
    assert.deepEqual(ready.json(), { status: 'failing', failing: ['draining'] });
    assert.equal((await api(ctx(), p.token, 'GET', '/ping')).statusCode, 200);
    assert.equal((await probe(ctx(), '/healthz')).statusCode, 200);
  });
});

describeEachDatabase(
  'readiness against the event backlog',
  (ctx) => {
    it('fails while more event-consumer records are due than BIZPLAT_READY_EVENT_BACKLOG, and recovers once they are handled', async () => {
      const p = await createPrincipal(ctx());
      // A subscription, so that each client's event queues its fan-out.
      const hook = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'backlog', url: 'https://hooks.example.com/backlog', events: ['client.created'] } });
      assert.equal(hook.statusCode, 201, hook.body);
      for (const name of ['A', 'B', 'C']) await createClient(ctx(), p.token, name);
      const behind = await probe(ctx(), '/readyz');
      assert.equal(behind.statusCode, 503, behind.body);
      assert.deepEqual(behind.json(), { status: 'failing', failing: ['event_backlog'] });
      await handleEventsNow(ctx());
      const caughtUp = await probe(ctx(), '/readyz');
      assert.equal(caughtUp.statusCode, 200, caughtUp.body);
    });
  },
  { env: { BIZPLAT_READY_EVENT_BACKLOG: '2' } },
);

describeEachDatabase(
  'Prometheus metrics behind a token',
  (ctx) => {
    it('refuses /metrics without the token and with a wrong one, in the envelope', async () => {
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${METRICS_TOKEN}x` }, { authorization: METRICS_TOKEN }];
      for (const headers of attempts) {
        const res = await probe(ctx(), '/metrics', headers);
        assert.equal(res.statusCode, 401, res.body);
        assert.equal(json(res).error, 'unauthorized');
        assert.equal(json<{ details: { error: string } }>(res).details.error, 'metrics_token_required');
      }
    });

    it('counts requests by route pattern, method and status, with latency, and names no organization or record', async () => {
      const p = await createPrincipal(ctx());
      const id = await createClient(ctx(), p.token, 'Counted Client');
      const route = { route: '/api/public/v1/clients/:id', method: 'GET', status: '200' };
      const before = sample(await metrics(ctx()), 'bizplat_http_requests_total', route);
      for (let i = 0; i < 3; i++) assert.equal((await api(ctx(), p.token, 'GET', `/clients/${id}`)).statusCode, 200);
      assert.equal((await api(ctx(), p.token, 'GET', `/clients/${id}/nothing-here`)).statusCode, 404);
      const text = await metrics(ctx());
      assert.equal(sample(text, 'bizplat_http_requests_total', route) - before, 3);
      assert.ok(sample(text, 'bizplat_http_request_duration_seconds_count', route) >= 3);
      assert.ok(sample(text, 'bizplat_http_requests_total', { route: 'unmatched', status: '404' }) >= 1);
      for (const name of ['bizplat_rate_limit_refusals_total', 'bizplat_db_pool_in_use', 'bizplat_db_pool_waiting', 'bizplat_event_backlog', 'bizplat_event_lag_seconds']) {
        assert.match(text, new RegExp(`^${name} \\d`, 'm'), name);
      }
      // No outage under way: the gauge of each kind reads 0.
      for (const kind of ['unreachable', 'full']) assert.match(text, new RegExp(`^bizplat_database_outage\\{kind="${kind}"\\} 0$`, 'm'), kind);
      assert.match(text, /^bizplat_database_outage_failures_total \d/m);
      for (const secret of [p.slug, p.orgId, p.userId, id, p.token]) assert.ok(!text.includes(secret), `the metrics hold ${secret}`);
      assert.doesNotMatch(text, UUID);
    });

    it('shows webhook attempts in the attempts counter, and readiness fails while deliveries wait over the threshold', async () => {
      const p = await createPrincipal(ctx());
      const r = await startReceiver(cert);
      // This process dispatches deliveries (it has not started sending yet).
      const dispatcher = new Dispatcher({ storage: ctx().storage, config: ctx().config, log: ctx().app.log });
      try {
        await deliverAndCount(p, r, dispatcher);
      } finally {
        await dispatcher.stop();
        await r.close();
      }
    });

    async function deliverAndCount(p: Principal, r: Receiver, dispatcher: Dispatcher): Promise<void> {
      const sub = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'receiver', url: r.url, events: ['client.created'] } });
      assert.equal(sub.statusCode, 201, sub.body);
      const queue = { queue: 'webhook_deliveries' };
      const before = sample(await metrics(ctx()), 'bizplat_job_attempts_total', queue);
      await createClient(ctx(), p.token, 'First');
      await createClient(ctx(), p.token, 'Second');
      await handleEventsNow(ctx());
      const waiting = await probe(ctx(), '/readyz');
      assert.equal(waiting.statusCode, 503, waiting.body);
      assert.deepEqual(waiting.json(), { status: 'failing', failing: ['delivery_backlog'] });
      assert.equal(sample(await metrics(ctx()), 'bizplat_job_backlog', queue), 2);
      await dispatcher.start();
      await r.waitFor(2);
      const text = await eventually(() => metrics(ctx()), (t) => sample(t, 'bizplat_job_attempts_total', queue) - before >= 2);
      assert.equal(sample(text, 'bizplat_job_attempts_total', queue) - before, 2);
      // Outcomes are recorded in batches after the answers: the backlog empties shortly after.
      const settled = await eventually(() => metrics(ctx()), (t) => sample(t, 'bizplat_job_backlog', queue) === 0);
      assert.equal(sample(settled, 'bizplat_job_backlog', queue), 0);
      const ready = await probe(ctx(), '/readyz');
      assert.equal(ready.statusCode, 200, ready.body);
      for (const secret of [p.slug, p.orgId, r.url]) assert.ok(!settled.includes(secret), `the metrics hold ${secret}`);
    }
  },
  {
    env: {
      BIZPLAT_METRICS_TOKEN: METRICS_TOKEN,
      BIZPLAT_READY_DELIVERY_BACKLOG: '1',
      BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1',
      BIZPLAT_WEBHOOK_CA_FILE: cert.certFile,
    },
  },
);

describeEachDatabase(
  'Prometheus metrics on a separate address',
  (ctx) => {
    it('serves them there only, without a token when none is set', async () => {
      const url = ctx().app.metricsUrl();
      assert.ok(url !== undefined);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /^bizplat_http_requests_total/m);
      const elsewhere = await fetch(new URL('/readyz', url));
      assert.equal(elsewhere.status, 404);
      assert.equal(((await elsewhere.json()) as { error: string }).error, 'not_found');
      assert.equal((await probe(ctx(), '/metrics')).statusCode, 404);
    });
  },
  { env: { BIZPLAT_METRICS_ADDRESS: '127.0.0.1:0' } },
);
