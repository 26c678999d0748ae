import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { groupCommitter } from '../../src/storage/group-commit.ts';
import { openSqlite } from '../../src/storage/sqlite.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { waitUntil } from '../helpers/patience.ts';

const dir = mkdtempSync(join(tmpdir(), 'bizplat-group-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const freshPath = () => join(dir, `${Math.random().toString(36).slice(2)}.db`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('SQLite group commit', () => {
  it('writes that arrive together share one commit, and each is there afterwards', async () => {
    const path = freshPath();
    const storage = openStorage({ databaseUrl: `sqlite:${path}`, sqliteSynchronous: 'FULL' });
    await sql`create table notes (id integer primary key, body text not null)`.execute(storage.db);
    // Another connection counts commits: its data_version moves once per commit made elsewhere.
    const observer = new BetterSqlite3(path);
    const commits = () => observer.pragma('data_version', { simple: true }) as number;
    try {
      const before = commits();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => storage.transaction(({ db }) => sql`insert into notes (id, body) values (${i}, ${`note ${i}`})`.execute(db))),
      );
      assert.equal(commits() - before, 1, 'twenty writes, one commit');
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(storage.db);
      assert.equal(rows.rows[0]?.n, 20);
    } finally {
      observer.close();
      await storage.close();
    }
  });

  it('a failing write is rolled back alone; the others of its batch commit, and only their hooks run', async () => {
    const storage = openStorage({ databaseUrl: `sqlite:${freshPath()}`, sqliteSynchronous: 'FULL' });
    await sql`create table notes (id integer primary key, body text not null)`.execute(storage.db);
    const hooks: string[] = [];
    try {
      const results = await Promise.allSettled(
        ['first', 'broken', 'third'].map((body, i) =>
          storage.transaction(async (tx) => {
            await sql`insert into notes (id, body) values (${i}, ${body})`.execute(tx.db);
            tx.afterCommit(() => hooks.push(body));
            if (body === 'broken') throw new Error('refused after writing');
            return body;
          }),
        ),
      );
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
      assert.match(String((results[1] as PromiseRejectedResult).reason), /refused after writing/);
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(storage.db);
      assert.deepEqual(rows.rows.map((r) => r.body), ['first', 'third']);
      assert.deepEqual(hooks, ['first', 'third']);
    } finally {
      await storage.close();
    }
  });

  it('a write alone in its batch that fails is rolled back whole, runs once, and its caller hears its own error', async () => {
    const storage = openStorage({ databaseUrl: `sqlite:${freshPath()}`, sqliteSynchronous: 'FULL' });
    await sql`create table notes (id integer primary key, body text not null)`.execute(storage.db);
    try {
      await storage.transaction(({ db }) => sql`insert into notes (id, body) values (1, 'kept')`.execute(db));
      let runs = 0;
      const refusal = Object.assign(new Error('busy, as the work says'), { code: 'SQLITE_BUSY' });
      const failed = await storage
        .transaction(async ({ db }) => {
          runs += 1;
          await sql`insert into notes (id, body) values (2, 'rolled back')`.execute(db);
          throw refusal;
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      assert.equal(failed, refusal, 'the caller hears the error its work threw');
      assert.equal(runs, 1, 'a failure of the work itself is not taken for a busy database and run again');
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(storage.db);
      assert.deepEqual(rows.rows.map((r) => r.body), ['kept']);
    } finally {
      await storage.close();
    }
  });

  it('no caller hears success and no hook runs before the log is synced', async () => {
    const { db } = openSqlite(freshPath(), 'NORMAL');
    await sql`create table notes (id integer primary key)`.execute(db);
    let release: (() => void) | undefined;
    const transaction = groupCommitter(db, () => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    let hookRan = false;
    try {
      const write = transaction(async (trx, hooks) => {
        await sql`insert into notes (id) values (1)`.execute(trx);
        hooks.push(() => (hookRan = true));
        return 'done';
      }).then((v) => {
        answered = true;
        return v;
      });
      // Committed and waiting for the log sync (however long the machine took to get there).
      await waitUntil('the log sync', () => release !== undefined);
      await settle();
      assert.equal(answered, false, 'committed but not yet durable: not answered');
      assert.equal(hookRan, false);
      release!();
      assert.equal(await write, 'done');
      assert.equal(hookRan, true);
    } finally {
      await db.destroy();
    }
  });

  it('a failed log sync fails every caller of the batch', async () => {
    const { db } = openSqlite(freshPath(), 'NORMAL');
    await sql`create table notes (id integer primary key)`.execute(db);
    const transaction = groupCommitter(db, () => Promise.reject(Object.assign(new Error('disk gone'), { code: 'EIO' })));
    try {
      const results = await Promise.allSettled([1, 2].map((id) => transaction((trx) => sql`insert into notes (id) values (${id})`.execute(trx))));
      assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
      assert.match(String((results[0] as PromiseRejectedResult).reason), /disk gone/);
    } finally {
      await db.destroy();
    }
  });
});
