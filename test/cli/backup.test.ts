import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { seedDemoData } from '../../src/demo.ts';
import { keyFileOf, serverSealer } from '../../src/platform/server-key.ts';
import { allMigrations, migrate } from '../../src/setup.ts';
import { backupDatabase, restoreDatabase } from '../../src/storage/backup/backup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { onlyJson, runBin, runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, api, createPrincipal, describeEachDatabase, json, testConfig } from '../helpers/harness.ts';
import { sessionUrlOf } from '../helpers/session-url.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { tableNames, tableRows } from '../helpers/table-rows.ts';
import type { Row } from '../helpers/table-rows.ts';
import { post, stockedOrg } from '../inventory/fixtures.ts';
import type { Stocked } from '../inventory/fixtures.ts';
import { assertLedgerHolds } from '../inventory/invariant.ts';

/** Tables the movement load inserts into: the copy holds a subset of the source's rows, each one equal to the source's. */
const GROWING = new Set(['stock_movements', 'stock_movement_lines', 'events', 'event_progress']);
/** Tables the load updates: the copy's rows are checked against the copy's own movements (ledger, counts), not the source's later values. */
const DERIVED = new Set(['stock_balances', 'stock_movement_counts', 'collection_changes', 'sqlite_sequence']);
/** Tables the restore writes to after copying: outgoing deliveries paused, and that recorded in the audit trail. */
const ADDED_BY_RESTORE = new Set(['outbox_pauses', 'audit_log']);

/** The URL the backup and restore commands use for `url`: the direct one when the tests run through a pooler. */
function direct(url: string): string {
  return sessionUrlOf(url) ?? url;
}

/** An empty database of the kind: a path for a new SQLite file, or a new PostgreSQL database (its public schema). */
async function emptyDatabase(kind: 'sqlite' | 'postgres'): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-restore-'));
    return { url: `sqlite:${join(dir, 'restored.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bizplat_restore_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${name}`;
  url.search = '';
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Movements posted by `workers` clients at once until stop() is called; stop() resolves with how many were accepted. */
function movementLoad(ctx: TestContext, s: Stocked, workers = 2): { stop: () => Promise<number> } {
  let running = true;
  let accepted = 0;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const item = s.items[(w + i) % s.items.length]!;
      const body =
        i % 3 === 2
          ? { kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: item, qty: 1 }] }
          : { kind: 'in', warehouse_id: s.main, lines: [{ item_id: item, qty: 2 }, { item_id: s.items[0]!, qty: '0.5' }] };
      const res = await post(ctx, s.token, body);
      if (res.statusCode === 201) accepted += 1;
      else assert.equal(res.statusCode, 422, res.body);
      // A steady stream rather than a busy loop: the backup process needs the CPU too.
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const all = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    stop: async () => {
      running = false;
      await all;
      return accepted;
    },
  };
}

async function movementCount(storage: Storage, orgId: string): Promise<number> {
  const row = await storage.db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function movementIds(storage: Storage, orgId: string): Promise<Set<string>> {
  return new Set((await storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id));
}

describeEachDatabase('backup and restore', (ctx) => {
  let stocked: Stocked;
  let demo: Principal;
  let dir: string;
  let backupFile: string;
  let backup: Record<string, unknown>;
  let target: { url: string; drop: () => Promise<void> };
  let restored: Storage | undefined;
  /** The movements committed before the backup started, and by the time it had finished. */
  let before_: Set<string>;
  let after_: Set<string>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bizplat-backup-'));
    backupFile = join(dir, ctx().kind === 'sqlite' ? 'bizplat.db.backup' : 'bizplat.dump');
    // The demo data set fills most tables; its rows must come back exactly.
    demo = await createPrincipal(ctx());
    await seedDemoData(ctx().storage, demo.slug);
    stocked = await stockedOrg(ctx(), 4);
    target = await emptyDatabase(ctx().kind);
    // Made on first use: beside an SQLite database, in the database on PostgreSQL.
    await serverSealer(ctx().storage, ctx().config.secretsKey);
  });
  after(async () => {
    await restored?.close();
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backup --json copies the database while movements are being written', async () => {
    const load = movementLoad(ctx(), stocked);
    try {
      while ((await movementCount(ctx().storage, stocked.orgId)) < 20) await new Promise((r) => setTimeout(r, 20));
      before_ = await movementIds(ctx().storage, stocked.orgId);
      // A process of its own, as an operator runs it beside the server: its copy is truly concurrent with the writes.
      backup = onlyJson(await runBin(['backup', '--out', backupFile, '--db', ctx().config.databaseUrl, '--json']));
      after_ = await movementIds(ctx().storage, stocked.orgId);
    } finally {
      const accepted = await load.stop();
      assert.ok(accepted >= (after_?.size ?? 0), 'the load was running until the backup finished');
    }
    assert.ok(after_.size > before_.size, `movements were written while the backup ran (${before_.size} before, ${after_.size} after)`);
    assert.equal(backup.database, ctx().kind);
    assert.equal(backup.file, backupFile);
    assert.equal(backup.bytes, statSync(backupFile).size);
    assert.equal(backup.migrations, allMigrations().length);
    assert.equal(backup.tables, (await tableNames(ctx().storage)).filter((t) => t !== 'sqlite_sequence').length);
    assert.equal(statSync(backupFile).mode & 0o077, 0, 'the backup is readable by its owner only');
    assert.equal(backup.keyFile, keyFileOf(ctx().config.databaseUrl), 'an SQLite key file, kept out of the backup, is named');
  });

  it('a PostgreSQL restore that fails at its last statement leaves the target database as it was', async (t) => {
    if (ctx().kind === 'sqlite') {
      t.skip('SQLite writes the restored file in one transaction of the backup API');
      return;
    }
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      // Not a table, so the target counts as empty; but the schema cannot be replaced by the restored one.
      await client.query('CREATE VIEW public.kept AS SELECT 1 AS x');
      await assert.rejects(restoreDatabase(backupFile, direct(target.url), 'DATABASE_URL'), /psql failed .*cannot drop schema public/s);
      const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')");
      assert.deepEqual(tables.rows, [], 'no restored table was committed');
      const kept = await client.query('SELECT x FROM public.kept');
      assert.deepEqual(kept.rows, [{ x: 1 }]);
    } finally {
      await client.query('DROP VIEW IF EXISTS public.kept');
      await client.end();
    }
  });

  it('restore --json writes the backup into a fresh database', async () => {
    const out = onlyJson(await runCli(['restore', '--from', backupFile, '--db', target.url, '--json']));
    assert.equal(out.database, ctx().kind);
    assert.equal(out.migrations, allMigrations().length);
    assert.equal(out.tables, backup.tables);
    assert.equal(out.keyFile, keyFileOf(target.url));
    assert.equal(out.keyFilePresent, ctx().kind === 'sqlite' ? false : undefined);
    // The sealing key of an SQLite database lives beside it, not in the backup: the operator brings it along.
    if (typeof backup.keyFile === 'string' && typeof out.keyFile === 'string') copyFileSync(backup.keyFile, out.keyFile);
    restored = openStorage(testConfig(target.url));
    // The copy must not post to the original's receivers: every organization starts with deliveries paused.
    const organizations = (await restored.db.selectFrom('organizations').select('slug').execute()).map((o) => o.slug).sort();
    assert.deepEqual([...(out.deliveriesPaused as string[])].sort(), organizations);
    assert.ok(organizations.includes(demo.slug));
    const paused = await restored.db.selectFrom('outbox_pauses').select(['org_id', 'reason']).execute();
    assert.equal(paused.length, organizations.length);
    assert.match(paused[0]!.reason, /restored from the backup/);
    const audited = await restored.db.selectFrom('audit_log').select('org_id').where('action', '=', 'deliveries.pause').execute();
    assert.equal(audited.length, organizations.length, 'the pause is in each organization\'s audit trail');
  });

  it('the copy is one consistent moment of the source: every table equal, movements complete and ledger balanced', async () => {
    const copy = restored!;
    const source = ctx().storage;
    assert.deepEqual(await tableNames(copy), await tableNames(source));
    // Everything committed before the backup started is in it; nothing committed after it finished.
    const copied = await movementIds(copy, stocked.orgId);
    assert.deepEqual([...before_].filter((id) => !copied.has(id)), [], 'movements committed before the backup are all copied');
    assert.deepEqual([...copied].filter((id) => !after_.has(id)), [], 'the copy holds no movement committed after the backup');
    const movements = copied.size;
    for (const table of await tableNames(source)) {
      const mine = await tableRows(copy, table);
      const theirs = await tableRows(source, table);
      if (ADDED_BY_RESTORE.has(table)) {
        for (const [key, row] of theirs) assert.deepEqual(mine.get(key), row, `${table} ${key} differs`);
        continue;
      }
      if (!GROWING.has(table) && !DERIVED.has(table)) {
        assert.deepEqual([...mine.entries()].sort(byKey), [...theirs.entries()].sort(byKey), `table ${table} differs`);
        continue;
      }
      for (const [key, row] of mine) {
        assert.ok(theirs.has(key), `${table} ${key} is not in the source`);
        if (GROWING.has(table)) assert.deepEqual(row, theirs.get(key), `${table} ${key} differs`);
      }
    }
    // Each copied movement has all its lines, and the balances are exactly the sum of the copied lines.
    const linesOf = async (storage: Storage) => [...(await tableRows(storage, 'stock_movement_lines')).values()].filter((l) => copied.has(l.movement_id as string)).map((l) => l.id as string).sort();
    assert.deepEqual(await linesOf(copy), await linesOf(source));
    const ledger = await assertLedgerHolds(copy, stocked.orgId);
    assert.equal(ledger.movements, movements);
    const counted = [...(await tableRows(copy, 'stock_movement_counts')).values()].filter((r) => r.org_id === stocked.orgId).reduce((n, r) => n + Number(r.n), 0);
    assert.equal(counted, movements, 'the per-organization movement count matches the copied movements');
  });

  it('a server on the restored database applies no migration and serves the data and new writes', async () => {
    const config = testConfig(target.url);
    assert.deepEqual(await migrate(restored!), [], 'every migration is recorded in the copy');
    const app = await buildApp({ config, storage: restored!, logger: false });
    try {
      const server = { ...ctx(), config, storage: restored!, app };
      const page = await api(server, stocked.token, 'GET', '/movements', { query: { limit: '1' } });
      assert.equal(page.statusCode, 200, page.body);
      const clients = await api(server, demo.token, 'GET', '/clients', { query: { limit: '200' } });
      assert.equal(clients.statusCode, 200, clients.body);
      assert.equal(json<{ total: number }>(clients).total, Number((await ctx().storage.db.selectFrom('crm_clients').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', demo.orgId).executeTakeFirstOrThrow()).n));
      const created = await post(server, stocked.token, { kind: 'in', warehouse_id: stocked.second, lines: [{ item_id: stocked.items[1]!, qty: 1 }] });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(json<{ created_by_user_id: string }>(created).created_by_user_id, stocked.userId);
      await assertLedgerHolds(restored!, stocked.orgId);
    } finally {
      await app.close();
    }
  });

  it('restore refuses a database that holds data, with a non-zero exit and the reason on stderr', async () => {
    const movements = await movementCount(ctx().storage, stocked.orgId);
    const result = await runCli(['restore', '--from', backupFile, '--db', ctx().config.databaseUrl, '--json']);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    const error = JSON.parse(result.stderr) as { error: string; message: string };
    assert.match(error.message, /is not empty \(\d+ tables: .*\): restore writes only into an empty database/);
    assert.equal(await movementCount(ctx().storage, stocked.orgId), movements, 'the target is untouched');
  });

  it('backup never overwrites a file, and restore names a file that is not a backup or of the other database', async () => {
    await assert.rejects(backupDatabase(direct(ctx().config.databaseUrl), backupFile), /already exists: choose a new file name/);
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, 'not a backup');
    await assert.rejects(restoreDatabase(junk, direct(target.url), 'DATABASE_URL'), /is not a bizplat backup/);
    const other = ctx().kind === 'sqlite' ? 'postgres://127.0.0.1:1/none' : `sqlite:${join(dir, 'other.db')}`;
    await assert.rejects(restoreDatabase(backupFile, other, 'DATABASE_URL'), /is a backup of (an SQLite|a PostgreSQL) database: restore it into a/);
  });

  it('the PostgreSQL client programs are needed for PostgreSQL only: without them on PATH the message says what to install', async () => {
    const path = process.env.PATH;
    process.env.PATH = dir;
    try {
      if (ctx().kind === 'sqlite') {
        const copy = await backupDatabase(direct(ctx().config.databaseUrl), join(dir, 'no-tools.db'));
        assert.equal(copy.migrations, allMigrations().length);
        return;
      }
      await assert.rejects(backupDatabase(direct(ctx().config.databaseUrl), join(dir, 'no-tools.dump')), /pg_dump is not on PATH: install the PostgreSQL client tools/);
      await assert.rejects(restoreDatabase(backupFile, direct(target.url), 'DATABASE_URL'), /pg_restore is not on PATH: install the PostgreSQL client tools/);
    } finally {
      process.env.PATH = path;
    }
  });
});

function byKey(a: [string, Row], b: [string, Row]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}
