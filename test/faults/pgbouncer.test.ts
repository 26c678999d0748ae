/**
 * The pooler's faults, under writes, on a cluster and a PgBouncer (transaction pooling) of this
 * file's own: PgBouncer killed and started again on its port; and a failover, the primary
 * stopped and its synchronous standby promoted, PgBouncer re-pointed at it by RELOAD, as an
 * operator does: both DATABASE_URL and DATABASE_SESSION_URL lead through PgBouncer (the second
 * to an entry in session pooling), so the one RELOAD moves both. The server stays up, answers
 * 503 database_unavailable meanwhile, comes back by itself, and loses no acknowledged write.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { NO_CLUSTER_REASON, startCluster, startStandby } from '../helpers/pg-cluster.ts';
import type { PgCluster } from '../helpers/pg-cluster.ts';
import { NO_PGBOUNCER_REASON, PgBouncer } from '../helpers/pgbouncer.ts';
import type { BouncerDatabase } from '../helpers/pgbouncer.ts';
import { DATABASE_AWAY } from './load.ts';
import { notable, serveOn } from './server.ts';
import { underWrites } from './scenario.ts';

const SKIP = NO_CLUSTER_REASON ?? NO_PGBOUNCER_REASON;

describe('faults: PgBouncer killed and started again (DATABASE_URL through it, DATABASE_SESSION_URL direct)', { skip: SKIP }, () => {
  let cluster: PgCluster;
  let bouncer: PgBouncer;

  before(async () => {
    cluster = await startCluster({ database: 'bizplat' });
    bouncer = await PgBouncer.create([{ name: 'bizplat', port: cluster.port, dbname: 'bizplat' }]);
  });
  after(async () => {
    await bouncer?.remove();
    await cluster?.remove();
  });

  it('rides through the pooler\'s restart: 503 database_unavailable meanwhile, writes back within 2 s of its return, nothing lost or doubled', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const server = await serveOn(bouncer.url('bizplat'), { DATABASE_SESSION_URL: cluster.url('bizplat') });
    t.after(() => server.stop());
    const { problems } = await underWrites(t, server, 'bouncer', {
      make: () => bouncer.kill(),
      mend: () => bouncer.start(),
      answer: DATABASE_AWAY,
      outageMs: 3000,
      recoveryBoundMs: 2000,
    });
    assert.deepEqual(problems, [], `${bouncer.log()}\n${notable(server)}`);
  });
});

/** The operator's [databases] for a cluster on `port`: the pooled entry, and one in session mode for DATABASE_SESSION_URL. */
const entriesFor = (port: number): BouncerDatabase[] => [
  { name: 'bizplat', port, dbname: 'bizplat' },
  { name: 'bizplat_session', port, dbname: 'bizplat', poolMode: 'session' },
];

describe('faults: failover to a promoted synchronous standby behind PgBouncer', { skip: SKIP }, () => {
  let primary: PgCluster;
  let standby: PgCluster;
  let bouncer: PgBouncer;

  before(async () => {
    primary = await startCluster({ database: 'bizplat', name: 'primary' });
    standby = await startStandby(primary, { synchronous: true, name: 'standby' });
    bouncer = await PgBouncer.create(entriesFor(primary.port));
  });
  after(async () => {
    await bouncer?.remove();
    await standby?.remove();
    await primary?.remove();
  });

  it('carries on within seconds of the pooler\'s switch to the promoted standby, no acknowledged write lost', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    // Both URLs through PgBouncer, so that one RELOAD moves both: the session entry pools in session mode.
    const server = await serveOn(bouncer.url('bizplat'), { DATABASE_SESSION_URL: bouncer.url('bizplat_session') });
    t.after(() => server.stop());
    const { problems } = await underWrites(t, server, 'failover', {
      make: () => primary.stopImmediately(),
      mend: async () => {
        await standby.promote();
        await bouncer.repoint(entriesFor(standby.port));
      },
      answer: DATABASE_AWAY,
      outageMs: 2000,
      recoveryBoundMs: 5000,
    });
    assert.equal(await standby.sql('SELECT pg_is_in_recovery()'), 'f', 'the standby was promoted');
    assert.deepEqual(problems, [], `${bouncer.log()}\n${notable(server)}`);
  });
});
