/**
 * Operator commands act on the database named on their command line. With the settings of a
 * running server loaded in the shell (DATABASE_URL and DATABASE_SESSION_URL of "production"),
 * `backup`, `copy` and `restore --db X` act on X and leave production untouched; restore and copy
 * say which database they act on before they start, and every refusal names it. A copy starts
 * with outgoing deliveries paused, as a restored one does. An SQLite path whose folder does not
 * exist is refused, naming the setting, instead of becoming a new, empty database.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createOrganization } from '../../src/platform/service.ts';
import { migrate } from '../../src/setup.ts';
import { databaseLabel } from '../../src/storage/database-label.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { onlyJson, runBinWithin, runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind } from '../helpers/harness.ts';
import { sessionUrlOf } from '../helpers/session-url.ts';

type Database = { url: string; drop: () => Promise<void> };

/** A migrated database holding one organization. */
async function databaseWith(kind: DatabaseKind, slug: string): Promise<Database> {
  const database = await freshDatabase(kind);
  const storage = openStorage(testConfig(database.url));
  try {
    await migrate(storage);
    await createOrganization(storage, { slug, name: slug }, []);
  } finally {
    await storage.close();
  }
  return database;
}

/** The organizations of a database, and the reasons its outgoing deliveries are paused for. */
async function contentOf(url: string): Promise<{ organizations: string[]; pauses: string[] }> {
  const storage = openStorage(testConfig(url));
  try {
    const organizations = (await storage.db.selectFrom('organizations').select('slug').orderBy('slug').execute()).map((o) => o.slug);
    const pauses = (await storage.db.selectFrom('outbox_pauses').select('reason').execute()).map((p) => p.reason);
    return { organizations, pauses };
  } finally {
    await storage.close();
  }
}

/** The URL a command acts on for a test database: the direct one when the tests run through a pooler. */
const direct = (url: string) => sessionUrlOf(url) ?? url;

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`operator commands act on --db, not on the settings in the environment [${kind}]`, { skip: kind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, () => {
    let production: Database;
    let named: Database;
    let restoredInto: Database;
    let copiedInto: Database;
    let dir: string;
    /** The running server's settings, loaded in the operator's shell. */
    let productionEnv: Record<string, string>;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'bizplat-named-'));
      production = await databaseWith(kind, 'production-org');
      named = await databaseWith(kind, 'named-org');
      restoredInto = await freshDatabase(kind);
      copiedInto = await freshDatabase(kind);
      // On SQLite, a session URL of PostgreSQL: one that used to win over --db for backup and restore.
      productionEnv = { DATABASE_URL: production.url, DATABASE_SESSION_URL: kind === 'sqlite' ? 'postgres://postgres@127.0.0.1:1/production' : direct(production.url) };
    });
    after(async () => {
      for (const database of [production, named, restoredInto, copiedInto]) await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const productionUntouched = async () => assert.deepEqual(await contentOf(production.url), { organizations: ['production-org'], pauses: [] }, 'production untouched');
    const backupFile = () => join(dir, kind === 'sqlite' ? 'named.db.backup' : 'named.dump');

    it('backup --db backs up the database named', async () => {
      const out = onlyJson(await runCli(['backup', '--out', backupFile(), '--db', named.url, '--json'], productionEnv));
      assert.equal(out.source, databaseLabel(direct(named.url)));
      // What the backup holds is seen once it is restored (below): the named database's organization.
    });

    it('copy --db copies the database named, says so first, and the copy starts with deliveries paused', async () => {
      const to = direct(copiedInto.url);
      const result = await runCli(['copy', '--db', named.url, '--to', to], productionEnv);
      assert.equal(result.code, 0, result.stderr);
      const action = `copy from ${databaseLabel(direct(named.url))} into ${databaseLabel(to)}`;
      assert.equal(result.stderr, `${action}\n`, 'the databases are named before the copy starts');
      assert.match(result.stdout, /^deliveriesPaused: \["named-org"\]$/m);
      const copied = await contentOf(copiedInto.url);
      assert.deepEqual(copied.organizations, ['named-org']);
      assert.equal(copied.pauses.length, 1);
      assert.match(copied.pauses[0]!, /^copied from /);
      assert.deepEqual((await contentOf(named.url)).pauses, [], 'the source goes on delivering');
      await productionUntouched();
    });

    it('copy refusals name both databases', async () => {
      const to = direct(production.url);
      const result = await runCli(['copy', '--db', named.url, '--to', to], productionEnv);
      assert.equal(result.code, 1);
      const action = `copy from ${databaseLabel(direct(named.url))} into ${databaseLabel(to)}`;
      assert.ok(result.stderr.startsWith(`${action}\nerror: ${action}: the target database is not empty`), result.stderr);
      await productionUntouched();
    });

    it('restore --db restores into the database named and says which before it starts; a second restore is refused naming it', async () => {
      // The backup's own schema must be gone for a PostgreSQL backup to be restored under another name in the same database.
      await named.drop();
      const target = databaseLabel(direct(restoredInto.url));
      const first = await runCli(['restore', '--from', backupFile(), '--db', restoredInto.url], productionEnv);
      assert.equal(first.code, 0, first.stderr);
      assert.equal(first.stderr, `restore into ${target}\n`);
      assert.match(first.stdout, new RegExp(`^target: ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      assert.match(first.stdout, /^deliveriesPaused: \["named-org"\]$/m);
      const restored = await contentOf(restoredInto.url);
      assert.deepEqual(restored.organizations, ['named-org'], 'the backup was taken of the named database, and restored into the named one');
      assert.equal(restored.pauses.length, 1);
      await productionUntouched();

      const again = await runCli(['restore', '--from', backupFile(), '--db', restoredInto.url, '--json'], productionEnv);
      assert.equal(again.code, 1);
      const error = JSON.parse(again.stderr) as { message: string };
      assert.ok(error.message.startsWith(`restore into ${target}: the target database `), error.message);
      assert.match(error.message, /is not empty/);
      await productionUntouched();
    });
  });
}

describe('an SQLite path in a folder that does not exist is refused, naming the setting', () => {
  let dir: string;
  let source: Database;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bizplat-typo-'));
    source = await databaseWith('sqlite', 'typo-org');
  });
  after(async () => {
    await source?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serve with such a DATABASE_URL exits 1 with the setting and the path, no stack, and makes nothing', async () => {
    const path = join(dir, 'no-such-folder', 'x.db');
    const result = await runBinWithin(['serve', '--port', '0'], { DATABASE_URL: `sqlite:${path}` });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, new RegExp(`^error: DATABASE_URL names the SQLite database "${path}" in a folder that does not exist`));
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack');
    assert.equal(existsSync(join(dir, 'no-such-folder')), false);
  });

  it('migrate, restore and copy name --db or --to', async () => {
    const missing = join(dir, 'missing', 'y.db');
    const migrated = await runCli(['migrate', '--db', `sqlite:${missing}`]);
    assert.equal(migrated.code, 1);
    assert.match(migrated.stderr, /^error: --db names the SQLite database ".*missing\/y\.db" in a folder that does not exist/);
    const backup = join(dir, 'typo.backup');
    assert.equal((await runCli(['backup', '--db', source.url, '--out', backup])).code, 0);
    const restored = await runCli(['restore', '--from', backup, '--db', `sqlite:${missing}`]);
    assert.equal(restored.code, 1);
    assert.match(restored.stderr, /error: restore into SQLite database .*missing\/y\.db: --db names the SQLite database/);
    const copied = await runCli(['copy', '--db', source.url, '--to', `sqlite:${missing}`]);
    assert.equal(copied.code, 1);
    assert.match(copied.stderr, /error: copy from .* into SQLite database .*missing\/y\.db: --to names the SQLite database/);
    assert.equal(existsSync(join(dir, 'missing')), false);
  });

  it('--db-session goes only with --db', async () => {
    const result = await runCli(['migrate', '--db-session', 'postgres://postgres@127.0.0.1:1/x']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--db-session goes with --db/);
  });
});
