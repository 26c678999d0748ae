/**
 * Redis (REDIS_URL) killed and started again under writes, on each database (PostgreSQL on a
 * cluster of this file's own): the server holds, writes go on throughout, /readyz stays 200,
 * nothing is lost or doubled.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { NO_CLUSTER_REASON, startCluster } from '../helpers/pg-cluster.ts';
import type { PgCluster } from '../helpers/pg-cluster.ts';
import { NO_REDIS_REASON, RedisServer } from '../helpers/redis-server.ts';
import { notable, serveOn } from './server.ts';
import { underWrites } from './scenario.ts';

async function redisKilledUnderWrites(t: TestContext, databaseUrl: string): Promise<void> {
  const redis = await RedisServer.create();
  t.after(() => redis.kill());
  const server = await serveOn(databaseUrl, { REDIS_URL: redis.url });
  t.after(() => server.stop());
  const { problems } = await underWrites(t, server, 'redis', {
    make: () => redis.kill(),
    mend: () => redis.start(),
    answer: undefined,
    outageMs: 3000,
  });
  assert.deepEqual(problems, [], notable(server));
}

describe('faults: Redis killed and started again', { skip: NO_REDIS_REASON }, () => {
  it('on SQLite: writes go on, nothing lost or doubled, /readyz stays 200', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-faults-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    await redisKilledUnderWrites(t, `sqlite:${join(dir, 'bizplat.db')}`);
  });

  describe('on PostgreSQL', { skip: NO_CLUSTER_REASON }, () => {
    let cluster: PgCluster;
    before(async () => {
      cluster = await startCluster({ database: 'bizplat' });
    });
    after(async () => cluster?.remove());

    it('writes go on, nothing lost or doubled, /readyz stays 200', { timeout: TEST_TIMEOUT_MS }, async (t) => {
      await redisKilledUnderWrites(t, cluster.url('bizplat'));
    });
  });
});
