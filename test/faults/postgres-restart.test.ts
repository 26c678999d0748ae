/**
 * PostgreSQL stopped immediately (`pg_ctl stop -m immediate`, every connection dropped) and
 * started again, under writes, the server connected directly (no pooler): it stays up, answers
 * 503 database_unavailable with Retry-After while the database is away, /readyz fails naming
 * the database, writes succeed again within 2 s of the database's return, and every acknowledged
 * write, its event and its webhook are there once. One cluster of this file's own serves both
 * cases, each on a database of its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { NO_CLUSTER_REASON } from '../helpers/pg-cluster.ts';
import { DATABASE_AWAY } from './load.ts';
import { notable, serveOn, subscribe } from './server.ts';
import { clusterAndReceiver } from './surroundings.ts';
import { underWrites } from './scenario.ts';

/** Writes must succeed again within this long after PostgreSQL accepts connections again. */
const RECOVERY_BOUND_MS = 2000;

describe('faults: PostgreSQL stopped immediately and started again (direct connection)', { skip: NO_CLUSTER_REASON }, () => {
  const surroundings = clusterAndReceiver();

  const restart = (outageMs: number) => ({
    make: () => surroundings().cluster.stopImmediately(),
    mend: () => surroundings().cluster.start(),
    answer: DATABASE_AWAY,
    outageMs,
    recoveryBoundMs: RECOVERY_BOUND_MS,
  });

  it('rides through one restart: 503 database_unavailable meanwhile, writes back within 2 s, nothing lost or doubled, events and webhooks delivered', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { cluster, cert, receiver } = surroundings();
    await cluster.ensureStarted();
    await cluster.sql('CREATE DATABASE once');
    const server = await serveOn(cluster.url('once'), { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '500' });
    t.after(() => server.stop());
    await subscribe(server, receiver.url);
    const { problems } = await underWrites(t, server, 'restart', restart(3000), receiver);
    assert.deepEqual(problems, [], `${cluster.log()}\n${notable(server)}`);
  });

  it('rides through ten restarts in a row under writes: alive throughout, each recovery within 2 s, zero lost, zero duplicates', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { cluster } = surroundings();
    await cluster.ensureStarted();
    await cluster.sql('CREATE DATABASE tenfold');
    const server = await serveOn(cluster.url('tenfold'));
    t.after(() => server.stop());
    const { problems, recoveries } = await underWrites(t, server, 'restarts', { ...restart(2000), cycles: 10 });
    assert.equal(recoveries.length, 10);
    assert.deepEqual(problems, [], notable(server));
  });
});
