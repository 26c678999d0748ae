import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createContext, createPrincipal, describeEachDatabase, testConfig } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

/** TEST_REDIS_URL makes the Redis test required; otherwise it runs when Redis answers on the default address. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const redisSkip = process.env.TEST_REDIS_URL ? false : (await reachable(REDIS_URL)) ? false : `no Redis at ${REDIS_URL} (set TEST_REDIS_URL to require it)`;

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function assertRateHeaders(res: { headers: Record<string, unknown> }, limit: number, remaining: number): void {
  assert.equal(res.headers['x-ratelimit-limit'], String(limit));
  assert.equal(res.headers['x-ratelimit-remaining'], String(remaining));
  const reset = Number(res.headers['x-ratelimit-reset']);
  assert.ok(Number.isInteger(reset) && reset >= 0 && reset <= 60, `X-RateLimit-Reset in seconds, got ${String(res.headers['x-ratelimit-reset'])}`);
}

describeEachDatabase('rate limit per token (in memory)', (ctx) => {
  it('every authenticated response carries X-RateLimit-*; the request over the limit gets 429 with Retry-After', async () => {
    const p = await createPrincipal(ctx());
    const ok = await api(ctx(), p.token, 'GET', '/ping');
    assertRateHeaders(ok, 5, 4);
    const created = await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'x' } });
    assert.equal(created.statusCode, 201);
    assertRateHeaders(created, 5, 3);
    const invalid = await api(ctx(), p.token, 'POST', '/notes', { body: {} });
    assert.equal(invalid.statusCode, 422);
    assertRateHeaders(invalid, 5, 2);
    const missing = await api(ctx(), p.token, 'GET', '/notes/nope');
    assert.equal(missing.statusCode, 404);
    assertRateHeaders(missing, 5, 1);
    assertRateHeaders(await api(ctx(), p.token, 'GET', '/notes'), 5, 0);
    const limited = await api(ctx(), p.token, 'GET', '/ping');
    const body = assertEnvelope(limited, 429, 'too_many_requests', 'rate_limited');
    const retry = Number(limited.headers['retry-after']);
    assert.ok(retry >= 1 && retry <= 60, `Retry-After in seconds, got ${String(limited.headers['retry-after'])}`);
    assertRateHeaders(limited, 5, 0);
    assert.match(body.message, /5 requests per minute/);
  });

  it('a request refused with 403 is counted and carries the headers as well', async () => {
    const reader = await createPrincipal(ctx(), { scopes: ['crm:read'] });
    const refused = await api(ctx(), reader.token, 'POST', '/notes', { body: { title: 'x' } });
    assertEnvelope(refused, 403, 'forbidden', 'insufficient_scope');
    assertRateHeaders(refused, 5, 4);
    const cached = await api(ctx(), reader.token, 'GET', '/notes/none', { headers: { 'if-none-match': '"1"' } });
    assertRateHeaders(cached, 5, 3);
  });

  it('counts per token: another token of the same user is not limited', async () => {
    const a = await createPrincipal(ctx());
    for (let i = 0; i < 5; i++) assert.equal((await api(ctx(), a.token, 'GET', '/ping')).statusCode, 200);
    assert.equal((await api(ctx(), a.token, 'GET', '/ping')).statusCode, 429);
    const b = await createPrincipal(ctx(), { slug: a.slug });
    assert.equal((await api(ctx(), b.token, 'GET', '/ping')).statusCode, 200);
  });

  it('the documentation is not rate limited', async () => {
    for (let i = 0; i < 7; i++) assert.equal((await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' })).statusCode, 200);
  });
}, { env: { BIZPLAT_RATE_LIMIT: '5' }, modules: [notesModule] });

describe('rate limit shared through Redis by two app instances', { skip: redisSkip }, () => {
  let ctx: TestContext & { close(): Promise<void> };
  let second: Awaited<ReturnType<typeof buildApp>>;
  before(async () => {
    ctx = await createContext('sqlite', { BIZPLAT_RATE_LIMIT: '5', REDIS_URL }, [notesModule]);
    second = await buildApp({ config: testConfig(ctx.config.databaseUrl, { BIZPLAT_RATE_LIMIT: '5', REDIS_URL }), storage: ctx.storage, modules: [notesModule], logger: false });
    await second.ready();
  });
  after(async () => {
    await second.close();
    await ctx.close();
  });

  it('requests through either instance count against one limit', async () => {
    const p = await createPrincipal(ctx);
    const other = { ...ctx, app: second };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(i % 2 === 0 ? ctx : other, p.token, 'GET', '/ping')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    const res = await api(ctx, p.token, 'GET', '/ping');
    assertEnvelope(res, 429, 'too_many_requests', 'rate_limited');
    assert.ok(res.headers['retry-after']);
  });
});

describe('rate limit when Redis cannot be reached', () => {
  let ctx: TestContext & { close(): Promise<void> };
  before(async () => {
    ctx = await createContext('sqlite', { BIZPLAT_RATE_LIMIT: '2', REDIS_URL: 'redis://127.0.0.1:1' });
  });
  after(async () => ctx.close());

  it('serves requests without a limit rather than refusing them', async () => {
    const p = await createPrincipal(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(ctx, p.token, 'GET', '/ping')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200]);
  });
});
