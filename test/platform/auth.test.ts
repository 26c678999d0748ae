import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import { before, it, mock } from 'node:test';
import { sql } from 'kysely';
import { AUTH_CHANNEL, createOrganization, createToken, createUser, revokeToken, setMemberRights } from '../../src/platform/service.ts';
import { tokenKey } from '../../src/platform/token-key.ts';
import { organizationHooks } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json, uniqueSlug } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';
import { waitUntil } from '../helpers/patience.ts';

const ping = (ctx: TestContext, token: string | undefined, headers: Record<string, string> = {}) => api(ctx, token, 'GET', '/ping', { headers });

function assert401(res: Awaited<ReturnType<typeof ping>>, message?: RegExp): void {
  const body = assertEnvelope(res, 401, 'unauthorized', 'api_token_required');
  if (message) assert.match(body.message, message);
}

async function withSecondStorage<T>(ctx: TestContext, work: (storage: Storage) => Promise<T>): Promise<T> {
  const other = openStorage(ctx.config);
  try {
    return await work(other);
  } finally {
    await other.close();
  }
}

/** Every text value of every table, as one string (both dialects). */
async function wholeDatabaseText(ctx: TestContext): Promise<string> {
  const tables =
    ctx.kind === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(ctx.storage.db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(ctx.storage.db)).rows.map((r) => r.name);
  assert.ok(tables.includes('api_tokens'));
  let text = '';
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(ctx.storage.db)).rows;
    text += JSON.stringify(rows);
  }
  return text;
}

/**
 * A change made through another connection, then `request` until it shows. SQLite sees another
 * connection's commit on the very next request (the data version). On PostgreSQL the change
 * arrives by NOTIFY: after each notice this process hears (its own listener runs after the
 * server's, which has then dropped what it cached), the next request must show the change; a
 * notice that never comes fails after the tests' patience, however loaded the machine.
 */
async function afterChangeNotice<T>(ctx: TestContext, change: (storage: Storage) => Promise<T>, request: () => Promise<LightMyRequestResponse>, status: number): Promise<LightMyRequestResponse> {
  if (ctx.kind === 'sqlite') {
    await withSecondStorage(ctx, change);
    return request();
  }
  let heard = 0;
  const unsubscribe = await ctx.storage.subscribe(AUTH_CHANNEL, () => (heard += 1));
  try {
    await withSecondStorage(ctx, change);
    for (let seen = 0; ; ) {
      await waitUntil('the change notice', () => heard > seen);
      seen = heard;
      const res = await request();
      if (res.statusCode === status) return res;
    }
  } finally {
    unsubscribe();
  }
}

describeEachDatabase('authentication', (ctx) => {
  const domain = `crm-${Date.now()}.acme.test`;
  let p: Principal;
  let legacy: string;
  let other: Principal;

  before(async () => {
    p = await createPrincipal(ctx(), { domain, scopes: ['crm:read'] });
    legacy = (await createToken(ctx().storage, await tokenKey(ctx().storage, ctx().config.tokenPepper), { orgSlug: p.slug, user: p.userId, scopes: ['crm:read'], legacy: true })).token;
    other = await createPrincipal(ctx());
  });

  it('issues both formats: new bzp_<slug>_<secret>, legacy bzl_<secret>', () => {
    assert.match(p.token, new RegExp(`^bzp_${p.slug}_[A-Za-z0-9_-]{43}$`));
    assert.match(legacy, /^bzl_[A-Za-z0-9_-]{43}$/);
  });

  it('unified address: a new-format token works on any host that is not an organization domain', async () => {
    for (const host of ['localhost', 'api.bizplat.test', '127.0.0.1:3000']) {
      const res = await ping(ctx(), p.token, { host });
      assert.equal(res.statusCode, 200, host);
      assert.equal(json(res).tokenId, p.tokenId);
    }
  });

  it('unified address: a legacy token gives 401', async () => {
    assert401(await ping(ctx(), legacy, { host: 'api.bizplat.test' }), /own address/);
  });

  it('unified address: a token whose slug names another organization gives 401', async () => {
    const forged = p.token.replace(`bzp_${p.slug}_`, `bzp_${other.slug}_`);
    assert401(await ping(ctx(), forged));
  });

  it("organization address: both formats of the organization's tokens work", async () => {
    assert.equal((await ping(ctx(), p.token, { host: domain })).statusCode, 200);
    assert.equal((await ping(ctx(), legacy, { host: domain.toUpperCase() })).statusCode, 200);
    assert.equal((await ping(ctx(), legacy, { host: `${domain}:8443` })).statusCode, 200, 'a port does not change the address');
  });

  it("organization address: another organization's token gives 401", async () => {
    assert401(await ping(ctx(), other.token, { host: domain }));
    const otherLegacy = (await createToken(ctx().storage, await tokenKey(ctx().storage, ctx().config.tokenPepper), { orgSlug: other.slug, user: other.userId, scopes: ['crm:read'], legacy: true })).token;
    assert401(await ping(ctx(), otherLegacy, { host: domain }));
  });

  it('missing, malformed and unknown tokens give 401 api_token_required', async () => {
    assert401(await ping(ctx(), undefined));
    assert401(await ping(ctx(), ''));
    assert401(await ping(ctx(), 'not-a-token'));
    assert401(await ping(ctx(), `bzp_${p.slug}_short`));
    assert401(await ping(ctx(), `${p.token.slice(0, -4)}AAAA`));
    assert401(await ping(ctx(), `bzp_${p.slug}_${'A'.repeat(600)}`));
  });

  it('Authorization: Bearer is accepted as well as X-API-Token', async () => {
    const res = await api(ctx(), undefined, 'GET', '/ping', { headers: { authorization: `Bearer ${p.token}` } });
    assert.equal(res.statusCode, 200);
    assert.equal(json(res).tokenId, p.tokenId);
    assert401(await api(ctx(), undefined, 'GET', '/ping', { headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }));
  });

  it('an expired token gives 401', async () => {
    const created = await createToken(ctx().storage, await tokenKey(ctx().storage, ctx().config.tokenPepper), {
      orgSlug: p.slug,
      user: p.userId,
      scopes: ['crm:read'],
      expires: new Date(Date.now() + 60_000).toISOString(),
    });
    assert.equal((await ping(ctx(), created.token)).statusCode, 200);
    // The server's clock moves past the expiry (only Date is mocked: timers and I/O run as usual).
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 61_000 });
    try {
      assert401(await ping(ctx(), created.token), /expired/);
    } finally {
      mock.timers.reset();
    }
  });

  it('a revoked token gives 401 from the next request on', async () => {
    const t = await createPrincipal(ctx(), { slug: p.slug });
    assert.equal((await ping(ctx(), t.token)).statusCode, 200);
    await revokeToken(ctx().storage, p.slug, t.tokenId);
    assert401(await ping(ctx(), t.token), /revoked/);
  });

  it('a token revoked by another connection gives 401 (SQLite: the next request; PostgreSQL: once NOTIFY arrives)', async () => {
    const t = await createPrincipal(ctx(), { slug: p.slug });
    assert.equal((await ping(ctx(), t.token)).statusCode, 200);
    assert401(await afterChangeNotice(ctx(), (s) => revokeToken(s, p.slug, t.tokenId), () => ping(ctx(), t.token), 401), /revoked/);
  });

  it('a right removed from the user takes effect on the next request', async () => {
    const w = await createPrincipal(ctx(), { scopes: ['crm:write', 'crm:read'], rights: ['crm.clients'] });
    assert.equal((await api(ctx(), w.token, 'POST', '/notes', { body: { title: 'allowed' } })).statusCode, 201);
    await setMemberRights(ctx().storage, w.slug, w.userId, []);
    assertEnvelope(await api(ctx(), w.token, 'POST', '/notes', { body: { title: 'refused' } }), 403, 'forbidden', 'insufficient_scope');
    await setMemberRights(ctx().storage, w.slug, w.userId, ['crm.clients']);
    assert.equal((await api(ctx(), w.token, 'POST', '/notes', { body: { title: 'allowed again' } })).statusCode, 201);
  });

  it('a right removed by another connection (another process) takes effect on the next request', async () => {
    const w = await createPrincipal(ctx(), { scopes: ['crm:write'], rights: ['crm.clients'] });
    assert.equal((await api(ctx(), w.token, 'POST', '/notes', { body: { title: 'allowed' } })).statusCode, 201);
    const refused = await afterChangeNotice(ctx(), (s) => setMemberRights(s, w.slug, w.orgUserId, []), () => api(ctx(), w.token, 'POST', '/notes', { body: { title: 'refused' } }), 403);
    assertEnvelope(refused, 403, 'forbidden', 'insufficient_scope');
  });

  it('a scope the token lacks gives 403 even when the owner has the right', async () => {
    assertEnvelope(await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'x' } }), 403, 'forbidden', 'insufficient_scope');
  });

  it('records last_used_at', async () => {
    const t = await createPrincipal(ctx());
    const before = await ctx().storage.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', t.tokenId).executeTakeFirstOrThrow();
    assert.equal(before.last_used_at, null);
    const started = Date.now();
    assert.equal((await ping(ctx(), t.token)).statusCode, 200);
    let used: string | null = null;
    for (let i = 0; i < 50 && used === null; i++) {
      used = (await ctx().storage.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', t.tokenId).executeTakeFirstOrThrow()).last_used_at;
      if (used === null) await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(used !== null, 'last_used_at is set');
    assert.ok(Math.abs(Date.parse(used) - started) < 5000);
  });

  it('never stores a token: no table holds the token string or its secret', async () => {
    const slug = uniqueSlug();
    await createOrganization(ctx().storage, { slug, name: 'Secret keeper' }, organizationHooks(ctx().modules));
    const user = await createUser(ctx().storage, { orgSlug: slug, name: 'Keeper', rights: [] });
    const { token } = await createToken(ctx().storage, await tokenKey(ctx().storage, ctx().config.tokenPepper), { orgSlug: slug, user: user.id, scopes: ['crm:read'] });
    assert.equal((await ping(ctx(), token)).statusCode, 200);
    const text = await wholeDatabaseText(ctx());
    // The secret may itself contain '_': it is everything after the bzp_<slug>_ prefix.
    const secret = token.slice(`bzp_${slug}_`.length);
    assert.ok(secret.length >= 43, 'the whole secret is searched for');
    assert.ok(text.includes(slug), 'the search does see the new rows');
    assert.ok(!text.includes(token), 'the token is not stored');
    assert.ok(!text.includes(secret), 'its secret is not stored');
    assert.ok(!text.includes(legacy.slice(4)), 'nor a legacy secret');
  });
}, { modules: [notesModule] });
