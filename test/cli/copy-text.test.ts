import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { importData } from '../../src/import.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, api, createContext, createPrincipal, freshDatabase, json, testConfig } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { sessionUrlOf } from '../helpers/session-url.ts';
import { stockedOrg } from '../inventory/fixtures.ts';

type Context = TestContext & { close(): Promise<void> };
type Database = { url: string; drop: () => Promise<void> };

/** A copy that commits then pauses the copy's deliveries with a server's settings: --to names the database itself, not a pooler (docs/operations.md). */
const direct = (url: string): string => sessionUrlOf(url) ?? url;

/** Values COPY's text format must escape or tell apart: each must arrive exactly. */
const AWKWARD = {
  name: 'tab\there',
  company_name: 'line\nbreak, and\r\nCR LF',
  industry: 'back\\slash, \\t and \\n as text',
  segment: '\\N',
  source: '',
  city: null,
  tags: ['say "hi"', 'a\\b', 'tab\tin JSON', '\\N'],
};
const COLUMNS = ['name', 'company_name', 'industry', 'segment', 'source', 'city', 'tags'] as const;

/** Runs a query on a test PostgreSQL database (its ?schema= first on the search path). */
async function onPostgres<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const schema = new URL(url).searchParams.get('schema')!;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<T>(text.replaceAll('$schema', `"${schema}"`).replaceAll('$name', `'${schema}'`))).rows;
  } finally {
    await client.end();
  }
}

describe('copy --to PostgreSQL, written by COPY', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let source: Context;
  const made: Database[] = [];
  const fresh = async (kind: 'sqlite' | 'postgres') => {
    const database = await freshDatabase(kind);
    made.push(database);
    return database;
  };
  before(async () => {
    source = await createContext('sqlite');
  });
  after(async () => {
    for (const database of made) await database.drop();
    await source?.close();
  });

  it('keeps tabs, newlines, backslashes, \\N as text, quotes in JSON, empty text and NULL exactly, there and back', async () => {
    const p = await createPrincipal(source);
    const created = await api(source, p.token, 'POST', '/clients', { body: { name: 'Awkward' } });
    assert.equal(created.statusCode, 201, created.body);
    const id = json<{ id: string }>(created).id;
    // Written by SQL: the API would tidy some of these values up.
    const { tags, ...text } = AWKWARD;
    await sql`UPDATE crm_clients SET name = ${text.name}, company_name = ${text.company_name}, industry = ${text.industry}, segment = ${text.segment}, source = ${text.source}, city = ${text.city}, tags = ${JSON.stringify(tags)} WHERE id = ${id}`.execute(source.storage.db);

    const there = await fresh('postgres');
    const back = await fresh('sqlite');
    const toPostgres = onlyJson(await runCli(['copy', '--db', source.config.databaseUrl, '--to', direct(there.url), '--json']));
    const [copied] = await onPostgres<Record<string, unknown>>(there.url, `SELECT ${COLUMNS.join(', ')} FROM $schema.crm_clients WHERE id = '${id}'`);
    assert.deepEqual(copied, AWKWARD);
    const toSqlite = onlyJson(await runCli(['copy', '--db', there.url, '--to', back.url, '--json']));
    const digests = (summary: Record<string, unknown>) => (summary.checked as Record<string, { digest: string }>).crm_clients!.digest;
    assert.equal(digests(toSqlite), digests(toPostgres), 'the same clients after the round trip');

    const returned = openStorage(testConfig(back.url));
    try {
      const read = async (db: Storage['db']) => (await sql<Record<string, unknown>>`SELECT * FROM crm_clients WHERE id = ${id}`.execute(db)).rows;
      assert.deepEqual(await read(returned.db), await read(source.storage.db));
    } finally {
      await returned.close();
    }
  });

  it('a row PostgreSQL refuses in the middle of a table fails the copy at once, commits nothing and leaves no process behind', async () => {
    const own = await createContext('sqlite');
    try {
      const p = await createPrincipal(own);
      const clients = Array.from({ length: 3000 }, (_, i) => ({ name: `Client ${i}` }));
      await importData(own.storage, p.slug, { clients });
      // SQLite keeps a NUL in text; PostgreSQL's text cannot hold one.
      await sql`UPDATE crm_clients SET name = 'a' || char(0) || 'b' WHERE rowid = (SELECT min(rowid) + 10 FROM crm_clients)`.execute(own.storage.db);
      const refused = await fresh('postgres');
      const result = await runCli(['copy', '--db', own.config.databaseUrl, '--to', direct(refused.url), '--json']);
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stderr, /table crm_clients: .*(0x00|null character|invalid byte sequence)/i);
      assert.deepEqual(await onPostgres(refused.url, 'SELECT tablename FROM pg_tables WHERE schemaname = $name'), [], 'nothing committed');
    } finally {
      await own.close();
    }
  });

  it('recreates every index it put off, and a copy whose rows break a unique index commits nothing', async () => {
    const s = await stockedOrg(source, 2);
    const there = await fresh('postgres');
    onlyJson(await runCli(['copy', '--db', source.config.databaseUrl, '--to', direct(there.url), '--json']));
    const reference = await fresh('postgres');
    const migrated = openStorage(testConfig(reference.url));
    await migrate(migrated);
    await migrated.close();
    const indexes = (url: string) => onPostgres<{ name: string }>(url, 'SELECT indexname AS name FROM pg_indexes WHERE schemaname = $name ORDER BY indexname');
    const expected = await indexes(reference.url);
    assert.ok(expected.some((i) => i.name === 'crm_clients_search') && expected.some((i) => i.name === 'products_org_sku_live'));
    assert.deepEqual(await indexes(there.url), expected);

    // The source loses its unique index by hand, and two live products share a code.
    await sql`DROP INDEX products_org_sku_live`.execute(source.storage.db);
    await sql`UPDATE products SET sku = 'TWICE' WHERE org_id = ${s.orgId} AND sku IS NOT NULL`.execute(source.storage.db);
    const refused = await fresh('postgres');
    // Through the pooler where there is one: the COPYs, the indexes' builds and the rollback all happen in the one transaction.
    const result = await runCli(['copy', '--db', source.config.databaseUrl, '--to', refused.url, '--json']);
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /products_org_sku_live/);
    assert.deepEqual(await onPostgres(refused.url, 'SELECT tablename FROM pg_tables WHERE schemaname = $name'), [], 'nothing committed');
  });
});
