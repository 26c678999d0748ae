/**
 * Faults of single connections, on a cluster of this file's own: every connection of the pool
 * held up behind a lock (a request that cannot get one is answered 503 database_unavailable
 * within the acquire time-out, not left waiting), and the LISTEN connection killed with
 * pg_terminate_backend (wake-ups resume: a webhook is delivered at once, though the loops' poll
 * is ten minutes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { buildApp, API_PREFIX } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openMigratedStorage } from '../../src/setup.ts';
import { TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { NO_CLUSTER_REASON } from '../helpers/pg-cluster.ts';
import { REQUEST_BOUND_MS } from './load.ts';
import { getJson, notable, serveOn, subscribe } from './server.ts';
import { clusterAndReceiver } from './surroundings.ts';
import type { FaultServer } from './server.ts';

/** A GET's (or a POST's, given a body) status, details.error, Retry-After and time taken. */
async function timedGet(server: FaultServer, path: string, sent?: unknown): Promise<{ status: number; code?: string; retryAfter: string | null; ms: number; body: string }> {
  const sentAt = Date.now();
  const response = await fetch(`${server.base}${path}`, {
    headers: { 'x-api-token': server.token, ...(sent === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(sent === undefined ? {} : { method: 'POST', body: JSON.stringify(sent) }),
  });
  const body = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(body) as { details?: { error?: string } }).details?.error;
  } catch {
    // not JSON: the body is in the failure message
  }
  return { status: response.status, code, retryAfter: response.headers.get('retry-after'), ms: Date.now() - sentAt, body };
}

describe('faults: single PostgreSQL connections', { skip: NO_CLUSTER_REASON }, () => {
  const surroundings = clusterAndReceiver();

  it('every pool connection held up behind a lock: a request that needs one gets 503 database_unavailable within the acquire time-out, and all go on once the lock is gone', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { cluster } = surroundings();
    await cluster.sql('CREATE DATABASE pool');
    const acquireMs = 1000;
    const server = await serveOn(cluster.url('pool'), { BIZPLAT_DATABASE_POOL_SIZE: '2', BIZPLAT_DATABASE_ACQUIRE_TIMEOUT_MS: String(acquireMs) });
    t.after(() => server.stop());
    await getJson(server, '/clients?limit=1');

    const locker = new pg.Client({ connectionString: cluster.url('pool') });
    await locker.connect();
    t.after(() => locker.end().catch(() => {}));
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE crm_clients IN ACCESS EXCLUSIVE MODE');
    const lockedAt = Date.now();
    let unlock = () => {};
    t.after(() => unlock());
    // As many writes as the pool has connections, each waiting on the lock in its transaction,
    // which holds its connection to the end (a list read's total now comes from counters first,
    // so two list reads no longer both wait on the lock with a connection each).
    const holders = [timedGet(server, '/clients', { name: 'Held one' }), timedGet(server, '/clients', { name: 'Held two' })];
    await waitUntil('both pool connections to wait on the lock', async () => Number(await cluster.sql("SELECT count(*) FROM pg_stat_activity WHERE datname = 'pool' AND wait_event_type = 'Lock'")) >= 2);
    const lateAnswers = Promise.all(['/clients?limit=3', '/clients?limit=4', '/deals?limit=1', '/clients?limit=5'].map((path) => timedGet(server, path)));
    // Held longer than the request bound, so that a request left waiting for a connection would show.
    await new Promise<void>((resolve) => {
      unlock = resolve;
      setTimeout(resolve, REQUEST_BOUND_MS + 1000 - (Date.now() - lockedAt));
    });
    await locker.query('COMMIT');
    const late = await lateAnswers;
    const held = await Promise.all(holders);
    t.diagnostic(`requests without a connection answered ${late.map((r) => `${r.status} ${r.code ?? ''} in ${r.ms} ms`).join('; ')}`);

    assert.ok(server.alive(), notable(server));
    for (const r of late) {
      assert.equal(r.status, 503, `a request that could get no connection: ${r.status} ${r.body}`);
      assert.equal(r.code, 'database_unavailable', r.body);
      assert.match(r.retryAfter ?? '', /^\d+$/, 'Retry-After in whole seconds');
      assert.ok(r.ms <= REQUEST_BOUND_MS, `answered after ${r.ms} ms (bound ${REQUEST_BOUND_MS} ms, acquire time-out ${acquireMs} ms)`);
    }
    assert.deepEqual(held.map((r) => r.status), [201, 201], 'the writes that held the connections are done once the lock is gone');
    assert.equal((await timedGet(server, '/clients?limit=1')).status, 200, 'the pool serves again');
  });

  it('the LISTEN connection killed with pg_terminate_backend: the server listens again and wake-ups resume without waiting for the poll', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { cluster, cert, receiver } = surroundings();
    await cluster.sql('CREATE DATABASE listen');
    // The loops poll every ten minutes: only a wake-up can deliver within the limits below.
    const server = await serveOn(cluster.url('listen'), {
      BIZPLAT_EVENT_POLL_MS: '600000',
      BIZPLAT_WEBHOOK_POLL_MS: '600000',
      BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1',
      BIZPLAT_WEBHOOK_CA_FILE: cert.certFile,
    });
    t.after(() => server.stop());
    await subscribe(server, receiver.url);

    // Writes come from another process's app (here, this one's), so the server learns of them only by NOTIFY.
    const config = loadConfig({ DATABASE_URL: cluster.url('listen'), BIZPLAT_LOG_LEVEL: 'silent', BIZPLAT_RATE_LIMIT: '1000000' });
    const storage = await openMigratedStorage(config);
    const app = await buildApp({ config, storage });
    t.after(async () => {
      await app.close();
      await storage.close();
    });
    const create = async (name: string): Promise<string> => {
      const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/clients`, headers: { 'x-api-token': server.token }, payload: { name } });
      assert.equal(res.statusCode, 201, res.body);
      return (res.json() as { id: string }).id;
    };
    /** A woken loop delivers in well under this; the poll would take ten minutes. */
    const WAKE_LIMIT_MS = 60_000;
    const deliveredWithin = async (id: string, what: string): Promise<number> => {
      const from = Date.now();
      await waitUntil(what, () => receiver.received.some((r) => r.body.toString().includes(id)), WAKE_LIMIT_MS, () => notable(server));
      return Date.now() - from;
    };
    const listeners = async () => (await cluster.sql("SELECT pid FROM pg_stat_activity WHERE datname = 'listen' AND query LIKE 'LISTEN%' ORDER BY pid")).split('\n').filter(Boolean);

    const before = await deliveredWithin(await create('Before the kill'), 'the delivery of a write before the kill');
    const killed = await listeners();
    assert.ok(killed.length >= 1, 'the server holds a LISTEN connection');
    await cluster.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'listen' AND query LIKE 'LISTEN%'");
    // Written while nobody listens: the server catches up once it listens again.
    const meanwhile = await deliveredWithin(await create('While nobody listens'), 'the delivery of a write made while the LISTEN connection was down');
    await waitUntil('the LISTEN connections to be back', async () => {
      const now = await listeners();
      return now.length >= killed.length && now.every((pid) => !killed.includes(pid));
    }, WAKE_LIMIT_MS, () => notable(server));
    const afterwards = await deliveredWithin(await create('After the kill'), 'the delivery of a write after the LISTEN connection came back');
    t.diagnostic(`delivered after ${before} ms before the kill, ${meanwhile} ms for the write made while it was down, ${afterwards} ms after`);
    assert.ok(server.alive(), notable(server));
  });
});
