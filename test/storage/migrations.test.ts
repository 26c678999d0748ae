import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { allMigrations } from '../../src/setup.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { onlyJson, runBin as runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, describeEachDatabase, freshDatabase, testConfig } from '../helpers/harness.ts';

describeEachDatabase('migrations', (ctx) => {
  it('record every applied migration once', async () => {
    const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(ctx().storage.db);
    assert.deepEqual(rows.rows.map((r) => r.name), allMigrations().map((m) => m.name).sort());
    assert.deepEqual(await runMigrations(ctx().storage.db, ctx().storage.dialect, allMigrations()), []);
  });

  it('run each migration in a transaction: a failing one leaves nothing behind', async () => {
    const failing = {
      name: '9200_half',
      statements: () => ['CREATE TABLE half_done (id TEXT PRIMARY KEY)', 'CREATE TABLE half_done (id TEXT PRIMARY KEY)'],
    };
    await assert.rejects(runMigrations(ctx().storage.db, ctx().storage.dialect, [failing]));
    const recorded = await sql<{ name: string }>`select name from schema_migrations where name = '9200_half'`.execute(ctx().storage.db);
    assert.equal(recorded.rows.length, 0);
    await assert.rejects(sql`select * from half_done`.execute(ctx().storage.db), 'the first statement was rolled back');
  });

  it('apply migrations in the order of their names, not the order they are listed in', async () => {
    const second = { name: '9301_second', statements: () => ['INSERT INTO order_probe (name) VALUES (\'second\')'] };
    const first = { name: '9300_first', statements: () => ['CREATE TABLE order_probe (name TEXT NOT NULL)'] };
    assert.deepEqual(await runMigrations(ctx().storage.db, ctx().storage.dialect, [second, first]), ['9300_first', '9301_second']);
    const rows = await sql<{ name: string }>`select name from order_probe`.execute(ctx().storage.db);
    assert.deepEqual(rows.rows, [{ name: 'second' }]);
  });

  it('refuse two migrations with one name', async () => {
    const m = { name: 'x', statements: () => [] };
    await assert.rejects(runMigrations(ctx().storage.db, ctx().storage.dialect, [m, m]), /duplicate migration name/);
  });
});

describe('migrate in two processes at once on one fresh PostgreSQL schema', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  it('both exit 0 and every migration is applied and recorded exactly once, in a schema that did not exist yet', async () => {
    const { url: existing, drop } = await freshDatabase('postgres');
    await drop();
    const url = existing;
    try {
      const [a, b] = await Promise.all([runCli(['migrate', '--json', '--db', url]), runCli(['migrate', '--json', '--db', url])]);
      const appliedA = onlyJson(a).applied as string[];
      const appliedB = onlyJson(b).applied as string[];
      const names = allMigrations().map((m) => m.name);
      assert.deepEqual([...appliedA, ...appliedB].sort(), [...names].sort(), 'each migration applied by exactly one of them');
      const storage = openStorage(testConfig(url));
      try {
        const rows = await sql<{ name: string; n: number }>`select name, count(*) as n from schema_migrations group by name order by name`.execute(storage.db);
        assert.deepEqual(rows.rows, [...names].sort().map((name) => ({ name, n: 1 })));
      } finally {
        await storage.close();
      }
    } finally {
      await drop();
    }
  });
});
