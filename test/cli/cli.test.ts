import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { allMigrations } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { onlyJson, runBin as runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, freshDatabase, testConfig, uniqueSlug } from '../helpers/harness.ts';
import type { DatabaseKind } from '../helpers/harness.ts';

for (const kind of ['sqlite', 'postgres'] as const satisfies readonly DatabaseKind[]) {
  describe(`CLI [${kind}]`, { skip: kind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, () => {
    let url: string;
    let drop: () => Promise<void>;
    const cli = (...args: string[]) => runCli([...args, '--db', url]);
    const json = async (...args: string[]) => onlyJson(await cli(...args, '--json'));
    const slug = uniqueSlug('cli');

    before(async () => {
      ({ url, drop } = await freshDatabase(kind));
    });
    after(async () => drop());

    /** Calls GET /ping in-process on the same database, as a served request would. */
    async function ping(token: string, host = 'localhost'): Promise<number> {
      const config = testConfig(url);
      const storage: Storage = openStorage(config);
      const app = await buildApp({ config, storage, logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/public/v1/ping', headers: { 'x-api-token': token, host } });
        return res.statusCode;
      } finally {
        await app.close();
        await storage.close();
      }
    }

    it('migrate applies every migration once and prints { applied }', async () => {
      const first = await json('migrate');
      assert.deepEqual(first, { applied: allMigrations().map((m) => m.name) });
      assert.deepEqual(await json('migrate'), { applied: [] });
    });

    let userId: string;
    let tokenId: string;
    let token: string;

    it('org create, user create and token create print their ids; the token works', async () => {
      const org = await json('org', 'create', '--slug', slug, '--name', 'CLI Org', '--domain', `${slug}.example.test`, '--currency', 'usd');
      assert.deepEqual(Object.keys(org).sort(), ['id', 'slug']);
      assert.equal(org.slug, slug);
      const user = await json('user', 'create', '--org', slug, '--name', 'Ann Admin', '--email', 'ann@example.test', '--role', 'admin');
      assert.deepEqual(Object.keys(user).sort(), ['id', 'orgUserId']);
      userId = String(user.id);
      const created = await json('token', 'create', '--org', slug, '--user', userId, '--scopes', 'crm:read,admin:all', '--name', 'integration');
      assert.deepEqual(Object.keys(created).sort(), ['id', 'token']);
      token = String(created.token);
      tokenId = String(created.id);
      assert.match(token, new RegExp(`^bzp_${slug}_`));
      assert.equal(await ping(token), 200);
    });

    it('user create takes --rights; token create takes --legacy and --expires', async () => {
      const user = await json('user', 'create', '--org', slug, '--name', 'Rita', '--rights', 'crm.clients,tasks.edit');
      const legacy = await json('token', 'create', '--org', slug, '--user', String(user.orgUserId), '--scopes', 'crm:read', '--legacy', '--expires', new Date(Date.now() + 86_400_000).toISOString());
      assert.match(String(legacy.token), /^bzl_/);
      assert.equal(await ping(String(legacy.token)), 401, 'legacy tokens fail on the unified address');
      assert.equal(await ping(String(legacy.token), `${slug}.example.test`), 200, 'and work on the organization domain');
    });

    it('org settings shows and changes the organization settings', async () => {
      assert.deepEqual(await json('org', 'settings', '--org', slug, '--allow-negative-stock', 'true'), { allowNegativeStock: true });
      assert.deepEqual(await json('org', 'settings', '--org', slug), { allowNegativeStock: true });
    });

    it('token revoke prints { id, revoked: true } and the token stops working', async () => {
      assert.deepEqual(await json('token', 'revoke', '--org', slug, '--id', tokenId), { id: tokenId, revoked: true });
      assert.equal(await ping(token), 401);
    });

    it('import rejects a collection no module supports, by name, and writes nothing', async () => {
      const file = join(tmpdir(), `bizplat-import-${slug}.json`);
      writeFileSync(file, JSON.stringify({ spaceships: [{ id: 'x' }] }));
      const res = await cli('import', '--org', slug, '--file', file, '--json');
      assert.notEqual(res.code, 0);
      assert.equal(res.stdout, '');
      assert.match(res.stderr, /spaceships/);
      const err = JSON.parse(res.stderr.trim()) as { error: string; message: string };
      assert.equal(err.error, 'validation_error');
    });

    it('import rejects a file that is not JSON, or not an object of collections', async () => {
      const bad = join(tmpdir(), `bizplat-bad-${slug}.json`);
      writeFileSync(bad, '{ "clients": [');
      const broken = await cli('import', '--org', slug, '--file', bad, '--json');
      assert.notEqual(broken.code, 0);
      assert.equal(broken.stdout, '');
      assert.match(broken.stderr, /JSON/);
      writeFileSync(bad, '[1, 2]');
      const notObject = await cli('import', '--org', slug, '--file', bad, '--json');
      assert.notEqual(notObject.code, 0);
      assert.match(notObject.stderr, /one JSON object/);
    });

    it('import of a file without collections and seed print the counts object', async () => {
      const empty = join(tmpdir(), `bizplat-empty-${slug}.json`);
      writeFileSync(empty, '{}');
      assert.deepEqual(await json('import', '--org', slug, '--file', empty), {});
      const seeded = await json('seed', '--org', slug);
      for (const value of Object.values(seeded)) assert.equal(typeof value, 'number');
    });

    it('import leaves the planner statistics of the imported tables gathered', async () => {
      const file = join(tmpdir(), `bizplat-stats-${slug}.json`);
      writeFileSync(file, JSON.stringify({ clients: Array.from({ length: 20 }, (_, i) => ({ name: `Counted client ${i}` })) }));
      assert.deepEqual(await json('import', '--org', slug, '--file', file), { clients: 20 });
      const storage = openStorage(testConfig(url));
      try {
        const gathered =
          kind === 'sqlite'
            ? await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'crm_clients'`.execute(storage.db)
            : await sql<{ n: number }>`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'crm_clients'`.execute(storage.db);
        assert.ok(Number(gathered.rows[0]?.n) > 0, 'statistics of crm_clients');
      } finally {
        await storage.close();
      }
    });

    it('errors go to stderr with a non-zero exit code and nothing on stdout', async () => {
      const cases: Array<[string[], RegExp]> = [
        [['org', 'create', '--slug', slug, '--name', 'Again'], /exists/],
        [['org', 'create', '--slug', 'Bad Slug', '--name', 'X'], /slug/],
        [['org', 'create', '--slug', uniqueSlug('cli'), '--name', 'X', '--domain', 'crm.example.test:8443'], /domain.*host name/],
        [['org', 'create', '--slug', uniqueSlug('cli'), '--name', 'X', '--domain', '192.0.2.10'], /domain.*host name/],
        [['org', 'create', '--slug', uniqueSlug('cli'), '--name', 'X', '--domain', 'https://crm.example.test/'], /domain.*host name/],
        [['user', 'create', '--org', 'no-such-org', '--name', 'X'], /not found/],
        [['user', 'create', '--org', slug, '--name', 'X', '--rights', 'crm.everything'], /unknown right/],
        [['token', 'create', '--org', slug, '--user', userId, '--scopes', 'root'], /unknown scope/],
        [['token', 'create', '--org', slug, '--user', userId, '--scopes', 'crm:read', '--expires', '2000-01-01T00:00:00Z'], /future/],
        [['token', 'revoke', '--org', slug, '--id', 'nope'], /not found/],
        [['org', 'create', '--name', 'X'], /--slug is required/],
        [['user', 'create', '--org', slug, '--name', 'X', '--role', 'admin', '--rights', 'crm.clients'], /not both/],
        [['frobnicate'], /unknown command/],
      ];
      const results = await Promise.all(cases.map(([args]) => cli(...args, '--json')));
      results.forEach((res, i) => {
        const [args, pattern] = cases[i]!;
        assert.notEqual(res.code, 0, args.join(' '));
        assert.equal(res.stdout, '', `${args.join(' ')} printed on stdout`);
        assert.match(res.stderr, pattern, args.join(' '));
        assert.doesNotThrow(() => JSON.parse(res.stderr.trim()), 'with --json the error is one JSON line');
      });
      const human = await cli('token', 'revoke', '--org', slug, '--id', 'nope');
      assert.equal(human.code, 1);
      assert.match(human.stderr, /^error: /);
    });

    it('the environment variable DATABASE_URL works like --db', async () => {
      const res = await runCli(['migrate', '--json'], { DATABASE_URL: url });
      assert.deepEqual(onlyJson(res), { applied: [] });
    });
  });
}

describe('CLI help', () => {
  it('--help lists every core command and exits 0', async () => {
    const res = await runCli(['--help']);
    assert.equal(res.code, 0);
    for (const command of ['serve', 'migrate', 'org create', 'user create', 'token create', 'token revoke', 'import', 'seed']) {
      assert.match(res.stdout, new RegExp(`^  ${command} `, 'm'), command);
    }
  });
});
