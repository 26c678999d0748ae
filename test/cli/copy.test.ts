import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { seedDemoData } from '../../src/demo.ts';
import { domainModules } from '../../src/domains/index.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { POSTGRES_URL, api, createContext, createPrincipal, freshDatabase, json, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind, Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { waitUntil } from '../helpers/patience.ts';
import { sessionUrlOf } from '../helpers/session-url.ts';
import { assertLedgerHolds } from '../inventory/invariant.ts';
import { post } from '../inventory/fixtures.ts';
import { startDelivery } from '../webhooks/helpers.ts';
import { everyGet } from './copy-reads.ts';

const cert = makeCertificate();
after(() => cert.remove());
const ENV = { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile };

type Context = TestContext & { close(): Promise<void> };

interface FeedItem {
  id: string;
  data: { entityId: string };
}

interface Page {
  items: Array<{ id: string; item_type?: string }>;
  next_cursor: string | null;
}

/** Every domain's data, made through the API where the API makes it: returns the principal that sees it all. */
async function fill(ctx: TestContext, receiver: Receiver): Promise<{ demo: Principal; secret: string }> {
  const demo = await createPrincipal(ctx);
  await seedDemoData(ctx.storage, demo.slug);
  const hook = await api(ctx, demo.token, 'POST', '/webhooks', { body: { name: 'receiver', url: receiver.url, events: '*' } });
  assert.equal(hook.statusCode, 201, hook.body);
  const secret = json<{ secret: string }>(hook).secret;
  const delivery = await startDelivery(ctx);
  try {
    const client = await api(ctx, demo.token, 'POST', '/clients', { body: { name: 'Copied Client', phone: '+998 90 000 00 01' } });
    assert.equal(client.statusCode, 201, client.body);
    const deal = await api(ctx, demo.token, 'POST', '/deals', { body: { title: 'Copied deal', client_id: json<{ id: string }>(client).id, amount: 1200 } });
    assert.equal(deal.statusCode, 201, deal.body);
    const task = await api(ctx, demo.token, 'POST', '/tasks', { body: { title: 'Carry the data over', priority: 'high' } });
    assert.equal(task.statusCode, 201, task.body);
    const meeting = await api(ctx, demo.token, 'POST', '/meetings', { body: { title: 'Cut-over', start_at: new Date(Date.now() + 86_400_000).toISOString(), reminder_minutes: 15 } });
    assert.equal(meeting.statusCode, 201, meeting.body);
    const process = await api(ctx, demo.token, 'POST', '/processes', { body: { template_id: 'deal-approval', entity_type: 'deal', entity_id: json<{ id: string }>(deal).id } });
    assert.equal(process.statusCode, 201, process.body);
    const request = await api(ctx, demo.token, 'POST', '/finance-requests', { body: { title: 'Server move', amount: '900000.50' } });
    assert.equal(request.statusCode, 201, request.body);
    const approver = await createPrincipal(ctx, { slug: demo.slug, rights: ['finance.approve'], scopes: ['finance:read', 'finance:write'] });
    const { id, version } = json<{ id: string; version: number }>(request);
    const approved = await api(ctx, approver.token, 'PATCH', `/finance-requests/${id}`, { body: { status: 'approved' }, headers: { 'if-match': String(version) } });
    assert.equal(approved.statusCode, 200, approved.body);
    const warehouses = json<Page>(await api(ctx, demo.token, 'GET', '/warehouses')).items;
    const products = json<Page>(await api(ctx, demo.token, 'GET', '/products')).items.filter((p) => p.item_type !== 'service');
    for (let i = 0; i < 6; i++) {
      const moved = await post(ctx, demo.token, { kind: 'in', warehouse_id: warehouses[0]!.id, lines: [{ item_id: products[i % products.length]!.id, qty: i + 1 }] });
      assert.equal(moved.statusCode, 201, moved.body);
    }
    // A delivery made and signed on the source, with the secret the subscriber holds.
    const [first] = await receiver.waitFor(1);
    assert.equal(first!.headers['x-webhook-signature'], opensslHmac(secret, first!.body, cert.dir));
  } finally {
    await delivery.stop();
  }
  return { demo, secret };
}

/** A server on the database at `url`, as `serve` starts one: migrations (none left to apply) and the app. */
async function serverOn(kind: DatabaseKind, url: string): Promise<Context> {
  const config = testConfig(url, ENV);
  const storage = openStorage(config);
  assert.deepEqual(await migrate(storage), [], 'the copy holds every migration');
  const app = await buildApp({ config, storage, logger: false });
  await app.ready();
  return { kind, modules: domainModules, config, storage, app, close: async () => (await app.close(), await storage.close()) };
}

/** Reads the feed from `cursor` to its end (as far as `expected` events, waiting for them to become visible). */
/**
 * The ids of the events after `cursor`, read until the event of `lastEntity` (written last) is among
 * them: on PostgreSQL an event shows once every older transaction in the database has ended, so
 * once the newest shows, every older one does too.
 */
async function feedFrom(ctx: TestContext, token: string, cursor: string | undefined, lastEntity: string): Promise<string[]> {
  const items: FeedItem[] = [];
  let at = cursor;
  await waitUntil(`the event of ${lastEntity} after the cursor`, async () => {
    for (;;) {
      const page = json<{ items: FeedItem[]; next_cursor: string | null }>(await api(ctx, token, 'GET', '/events', { query: { limit: '7', ...(at ? { cursor: at } : {}) } }));
      items.push(...page.items);
      at = page.next_cursor ?? at;
      if (page.items.length < 7) return items.some((e) => e.data.entityId === lastEntity);
    }
  });
  return items.map((e) => e.id);
}

async function movementsFrom(ctx: TestContext, token: string, cursor: string): Promise<string[]> {
  const ids: string[] = [];
  for (let at: string | null = cursor; at !== null; ) {
    const page: Page = json<Page>(await api(ctx, token, 'GET', '/movements', { query: { limit: '2', cursor: at } }));
    ids.push(...page.items.map((m) => m.id));
    at = page.next_cursor;
  }
  return ids;
}

const DIRECTIONS: Array<[DatabaseKind, DatabaseKind]> = [
  ['sqlite', 'postgres'],
  ['postgres', 'sqlite'],
  ['sqlite', 'sqlite'],
  ['postgres', 'postgres'],
];

for (const [fromKind, toKind] of DIRECTIONS) {
  describe(`copy --to: ${fromKind} to ${toKind}`, { skip: (fromKind === 'postgres' || toKind === 'postgres') && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, () => {
    let source: Context;
    let target: { url: string; drop: () => Promise<void> };
    let copy: Context | undefined;
    let receiver: Receiver;
    let demo: Principal;
    let secret: string;
    let reads: Map<string, unknown>;
    let feedCursor: string;
    let feedRest: string[];
    let movementCursor: string;
    let movementRest: string[];
    let summary: Record<string, unknown>;

    before(async () => {
      receiver = await startReceiver(cert);
      source = await createContext(fromKind, ENV);
      ({ demo, secret } = await fill(source, receiver));
      target = await freshDatabase(toKind);
      const firstPage = json<Page>(await api(source, demo.token, 'GET', '/events', { query: { limit: '5' } }));
      feedCursor = firstPage.next_cursor!;
      // A client written last: once its event shows, every event of the source before it does.
      const marker = await api(source, demo.token, 'POST', '/clients', { body: { name: 'Feed marker' } });
      assert.equal(marker.statusCode, 201, marker.body);
      feedRest = await feedFrom(source, demo.token, feedCursor, json<{ id: string }>(marker).id);
      const newest = json<Page>(await api(source, demo.token, 'GET', '/movements', { query: { limit: '3' } }));
      movementCursor = newest.next_cursor!;
      movementRest = await movementsFrom(source, demo.token, movementCursor);
      reads = await everyGet(source, demo.token);
    });
    after(async () => {
      await copy?.close();
      await source?.close();
      await target?.drop();
      await receiver?.close();
    });

    it('copies every table into the empty target and prints one summary object', async () => {
      // A copy holds one long transaction on each side: --to names the database directly, not through a pooler.
      summary = onlyJson(await runCli(['copy', '--db', source.config.databaseUrl, '--to', sessionUrlOf(target.url) ?? target.url, '--json']));
      assert.equal(summary.from, fromKind);
      assert.equal(summary.to, toKind);
      assert.deepEqual(summary.deliveriesPaused, [demo.slug], 'the copy must not post to the source\'s receivers until resumed');
      const checked = summary.checked as Record<string, { rows: number; digest: string }>;
      assert.ok(Object.keys(checked).length >= 50, 'every table checked');
      assert.ok(checked.stock_movements!.rows >= 10 && checked.events!.rows > 10 && checked.webhook_deliveries!.rows >= 1, JSON.stringify(checked));
      assert.equal(summary.rows, Object.values(checked).reduce((n, c) => n + c.rows, 0));
      copy = await serverOn(toKind, target.url);
      // The copy plans its first queries with statistics gathered, not guesses.
      const gathered =
        toKind === 'sqlite'
          ? await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'events'`.execute(copy.storage.db)
          : await sql<{ n: number }>`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'events'`.execute(copy.storage.db);
      assert.ok(Number(gathered.rows[0]?.n) > 0, 'statistics of the events table');
    });

    it('a server on the copy answers every GET of every collection and record exactly as the source did, to the same tokens', async () => {
      const answers = await everyGet(copy!, demo.token);
      assert.ok(reads.size > 40, `${reads.size} reads`);
      assert.deepEqual([...answers.keys()], [...reads.keys()]);
      for (const [path, answer] of reads) assert.deepEqual(answers.get(path), answer, path);
    });

    it('a movements cursor from the source goes on on the copy with nothing missed or repeated', async () => {
      const warehouse = json<Page>(await api(copy!, demo.token, 'GET', '/warehouses')).items[0]!.id;
      const product = json<Page>(await api(copy!, demo.token, 'GET', '/products')).items.find((p) => p.item_type !== 'service')!.id;
      const made = await post(copy!, demo.token, { kind: 'in', warehouse_id: warehouse, lines: [{ item_id: product, qty: 1 }] });
      assert.equal(made.statusCode, 201, made.body);
      assert.ok(movementRest.length > 2);
      assert.deepEqual(await movementsFrom(copy!, demo.token, movementCursor), movementRest);
    });

    it('an events-feed cursor from the source goes on on the copy: the rest of the source, then what the copy writes', async () => {
      const made = await api(copy!, demo.token, 'POST', '/clients', { body: { name: 'Written on the copy' } });
      assert.equal(made.statusCode, 201, made.body);
      const clientId = json<{ id: string }>(made).id;
      const ids = await feedFrom(copy!, demo.token, feedCursor, clientId);
      assert.deepEqual(ids.slice(0, feedRest.length), feedRest, 'the source\'s events after the cursor, in order');
      assert.equal(new Set(ids).size, ids.length, 'none twice');
      // Then the copy's own events (the earlier tests' writes on it, and this client), in order.
      const page = json<{ items: Array<{ id: string; event: string; data: { entityId: string } }> }>(await api(copy!, demo.token, 'GET', '/events', { query: { cursor: feedCursor, limit: '200' } }));
      const own = page.items.filter((e) => !feedRest.includes(e.id));
      assert.deepEqual(own.map((e) => e.id), ids.slice(feedRest.length));
      assert.deepEqual(own.filter((e) => e.data.entityId === clientId).map((e) => e.event), ['client.created'], 'the copy\'s client, once');
      assert.equal(own[own.length - 1]!.data.entityId, clientId, 'written last, read last');
    });

    it('a webhook delivery from the copy, once resumed, verifies with the secret the subscriber already holds; new ids go past the copied ones', async () => {
      assert.deepEqual(onlyJson(await runCli(['deliveries', 'resume', '--db', target.url, '--json'], ENV)), { resumed: [demo.slug] });
      const before_ = receiver.received.length;
      const delivery = await startDelivery(copy!);
      try {
        const made = await api(copy!, demo.token, 'POST', '/clients', { body: { name: 'Announced by the copy' } });
        assert.equal(made.statusCode, 201, made.body);
        const id = json<{ id: string }>(made).id;
        await waitUntil('the copy\'s delivery', () => receiver.received.some((r) => r.body.toString().includes(id)));
        const got = receiver.received.slice(before_).find((r) => r.body.toString().includes(id))!;
        assert.equal(got.headers['x-webhook-signature'], opensslHmac(secret, got.body, cert.dir));
      } finally {
        await delivery.stop();
      }
      await assertLedgerHolds(copy!.storage, demo.orgId);
    });
  });
}

describe('copy --to refuses before writing anything', () => {
  let source: Context;
  before(async () => {
    source = await createContext('sqlite', ENV);
    const p = await createPrincipal(source);
    const hook = await api(source, p.token, 'POST', '/webhooks', { body: { name: 'receiver', url: 'https://127.0.0.1:9/hook', events: '*' } });
    assert.equal(hook.statusCode, 201, hook.body);
  });
  after(() => source?.close());

  async function refused(args: string[], env: Record<string, string> = {}): Promise<string> {
    const result = await runCli(['copy', '--db', source.config.databaseUrl, ...args, '--json'], env);
    assert.equal(result.code, 1, result.stderr);
    assert.equal(result.stdout, '');
    return (JSON.parse(result.stderr) as { message: string }).message;
  }

  it('a target that holds tables', async () => {
    const other = await createContext('sqlite');
    try {
      const message = await refused(['--to', other.config.databaseUrl]);
      assert.match(message, /the target database is not empty \(\d+ tables: .*\): copy writes only into an empty database.*Nothing was written/);
    } finally {
      await other.close();
    }
  });

  it('an unreachable target', async () => {
    assert.match(await refused(['--to', 'postgres://postgres@127.0.0.1:1/nowhere']), /cannot connect to the target PostgreSQL database at 127\.0\.0\.1:1: .*Check the URL/);
  });

  it('a source of a newer or an older schema, and a key that does not open its secrets', async () => {
    const target = await freshDatabase('sqlite');
    try {
      const path = target.url.slice('sqlite:'.length);
      assert.match(await refused(['--to', target.url], { BIZPLAT_SECRETS_KEY: 'another key, not the one in the key file beside it' }), /BIZPLAT_SECRETS_KEY does not open the values sealed in the source database.*Nothing was written/);
      assert.equal(existsSync(path), false, 'no target file left behind');
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES ('9999_from_a_later_version', ${new Date().toISOString()})`.execute(source.storage.db);
      try {
        assert.match(await refused(['--to', target.url]), /newer schema than this build.*9999_from_a_later_version.*Nothing was written/);
        assert.equal(existsSync(path), false);
      } finally {
        await sql`DELETE FROM schema_migrations WHERE name = '9999_from_a_later_version'`.execute(source.storage.db);
      }
      const [last] = (await sql<{ name: string; applied_at: string }>`SELECT name, applied_at FROM schema_migrations ORDER BY name DESC LIMIT 1`.execute(source.storage.db)).rows;
      await sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`.execute(source.storage.db);
      try {
        assert.match(await refused(['--to', target.url]), new RegExp(`not up to date \\(1 migrations not applied, first ${last!.name}\\): run "bizplat migrate --db SOURCE"`));
        assert.equal(existsSync(path), false);
      } finally {
        await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${last!.name}, ${last!.applied_at})`.execute(source.storage.db);
      }
    } finally {
      await target.drop();
    }
  });
});
