/**
 * PostgreSQL stopped immediately (`pg_ctl stop -m immediate`, every connection dropped) and
 * started again, under writes, the server connected directly (no pooler): it stays up, answers
 * 503 database_unavailable with Retry-After while the database is away, /readyz fails naming
 * the database, writes succeed again within 2 s of the database's return, and every acknowledged
 * write, its event and its webhook are there once. One cluster of this file's own serves both
 * cases, each on a database of its own.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { endWithTest, exited } from '../helpers/children.ts';
import { TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
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

  it('a server started while PostgreSQL is down waits for it, saying so, and serves once it is up; with a start time-out it gives up', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const { cluster } = surroundings();
    await cluster.ensureStarted();
    await cluster.sql('CREATE DATABASE late');
    await cluster.stopImmediately();
    const start = (env: Record<string, string>) => {
      const child = endWithTest(
        t,
        spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0'], {
          env: { ...process.env, DATABASE_URL: cluster.url('late'), DATABASE_SESSION_URL: '', REDIS_URL: '', BIZPLAT_LOG_LEVEL: 'info', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return { child, output: () => output };
    };
    const patient = start({});
    const impatient = start({ BIZPLAT_DATABASE_START_TIMEOUT_MS: '1500' });
    await waitUntil('both servers to say they wait for the database', () => patient.output().includes('the database cannot be reached yet') && impatient.output().includes('the database cannot be reached yet'), undefined, patient.output);
    await exited(impatient.child);
    assert.notEqual(impatient.child.exitCode, 0, 'given up after its start time-out');
    assert.match(impatient.output(), /ECONNREFUSED/, 'naming why');
    assert.equal(patient.child.exitCode, null, 'the other still waits');
    await cluster.start();
    await waitUntil('the waiting server to serve once the database is up', () => patient.output().includes('serving the public API'), undefined, patient.output);
    assert.match(patient.output(), /the database is reachable: starting/);
  });
});
