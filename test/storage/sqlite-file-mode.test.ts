import assert from 'node:assert/strict';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serverSealer } from '../../src/platform/server-key.ts';
import { openSqlite } from '../../src/storage/sqlite.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { testConfig } from '../helpers/harness.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

// SQLite only: PostgreSQL keeps its files itself.
describe('SQLite files are readable by their owner only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-mode-'));
  let umask = 0;
  before(() => {
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the database, its -wal and -shm with mode 0600 under a permissive umask', async () => {
    const path = join(dir, 'fresh.db');
    const { db, raw } = openSqlite(path, 'NORMAL');
    try {
      raw.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file).toString(8), '600', file);
    } finally {
      await db.destroy();
    }
  });

  it('tightens an existing database and log that others could read', async () => {
    const path = join(dir, 'old.db');
    const first = openSqlite(path, 'NORMAL');
    first.raw.exec('CREATE TABLE t (x INTEGER)');
    await first.db.destroy();
    closeSync(openSync(`${path}-wal`, 'a'));
    chmodSync(path, 0o644);
    chmodSync(`${path}-wal`, 0o644);
    const { db, raw } = openSqlite(path, 'NORMAL');
    try {
      raw.exec('INSERT INTO t VALUES (2)');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(modeOf(file).toString(8), '600', file);
    } finally {
      await db.destroy();
    }
  });

  it('keeps the sealing key in a file beside the database, owner only, and not in the database', async () => {
    const path = join(dir, 'keyed.db');
    const storage = openStorage(testConfig(`sqlite:${path}`));
    try {
      await migrate(storage);
      const sealer = await serverSealer(storage, undefined);
      assert.equal(modeOf(`${path}.key`).toString(8), '600');
      // The database holds only a known text sealed with the key (the key check a later start opens), never the key.
      const rows = await storage.db.selectFrom('server_secrets').select(['name', 'value']).execute();
      assert.deepEqual(rows.map((r) => r.name), ['sealing_key_check'], 'no key in the database');
      const key = readFileSync(`${path}.key`, 'utf8').trim();
      assert.ok(!rows[0]!.value.includes(key), 'the key check does not hold the key');
      assert.equal(sealer.open('test', 'ctx', sealer.seal('test', 'ctx', 'hello')), 'hello');
    } finally {
      await storage.close();
    }
  });
});
