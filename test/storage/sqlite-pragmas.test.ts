import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { openSqlite } from '../../src/storage/sqlite.ts';

describe('SQLite settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-pragma-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const pragmas = async (env: Record<string, string>) => {
    const config = loadConfig({ ...env, DATABASE_URL: `sqlite:${join(dir, `${Object.keys(env).length}-${Math.random()}.db`)}` });
    const { db, raw, syncLog } = openSqlite(config.databaseUrl.slice('sqlite:'.length), config.sqliteSynchronous);
    try {
      await syncLog?.();
      return {
        syncsLogItself: syncLog !== undefined,
        journal: raw.pragma('journal_mode', { simple: true }),
        synchronous: raw.pragma('synchronous', { simple: true }),
        foreignKeys: raw.pragma('foreign_keys', { simple: true }),
        busyTimeout: raw.pragma('busy_timeout', { simple: true }),
      };
    } finally {
      await db.destroy();
    }
  };

  it('uses WAL and full durability by default: the log is synced before any write is acknowledged', async () => {
    const p = await pragmas({});
    assert.equal(p.journal, 'wal');
    // The connection commits without waiting (NORMAL is 1) because the storage syncs the log
    // itself, off the event loop, before it answers (see group-commit.test.ts).
    assert.equal(p.synchronous, 1);
    assert.equal(p.syncsLogItself, true);
    assert.equal(p.foreignKeys, 1);
    assert.ok(Number(p.busyTimeout) > 0);
  });

  it('BIZPLAT_SQLITE_SYNCHRONOUS=NORMAL relaxes it', async () => {
    const p = await pragmas({ BIZPLAT_SQLITE_SYNCHRONOUS: 'NORMAL' });
    assert.equal(p.journal, 'wal');
    assert.equal(p.synchronous, 1, 'NORMAL is 1');
    assert.equal(p.syncsLogItself, false);
  });

  it('refuses another value', () => {
    assert.throws(() => loadConfig({ BIZPLAT_SQLITE_SYNCHRONOUS: 'OFF' }), /FULL or NORMAL/);
  });
});
