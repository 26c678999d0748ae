import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { API_PREFIX, buildApp } from '../../src/app.ts';
import { Authenticator } from '../../src/http/auth.ts';
import { tokenKey } from '../../src/platform/token-key.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { createContext, createPrincipal, describeEachDatabase, testConfig } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const LIMIT = '3';

/** A documentation-range address of its own for each test, so counts never carry over between tests or runs. */
function freshAddress(): string {
  const b = randomBytes(2);
  return `198.51.${b[0]}.${b[1]}`;
}

function pingFrom(app: TestContext['app'], address: string, token?: string, host = 'localhost'): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${API_PREFIX}/ping`,
    remoteAddress: address,
    headers: { host, ...(token === undefined ? {} : { 'x-api-token': token }) },
  });
}

function assertLimited(res: LightMyRequestResponse): void {
  const body = assertEnvelope(res, 429, 'too_many_requests', 'rate_limited');
  assert.equal(body.details.reason, 'failed_authentication');
  assert.match(body.message, /3 failed authentications per minute/);
  const retry = Number(res.headers['retry-after']);
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After in seconds, got ${String(res.headers['retry-after'])}`);
  assert.equal(body.details.retry_after, retry, 'the envelope names the same wait');
}

/** Counts reads of storage.db: every query the Authenticator makes goes through it. */
function countingStorage(storage: Storage): { storage: Storage; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'db') reads += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { storage: proxy, reads: () => reads };
}

describeEachDatabase('failed authentication is limited per address', (ctx) => {
  it('missing, malformed and unknown tokens count; over the limit the address gets 429 with Retry-After in the envelope', async () => {
    const address = freshAddress();
    const p = await createPrincipal(ctx());
    const unknown = `bzp_${p.slug}_${randomBytes(32).toString('base64url')}`;
    assertEnvelope(await pingFrom(ctx().app, address), 401, 'unauthorized', 'api_token_required');
    assertEnvelope(await pingFrom(ctx().app, address, 'not-a-token'), 401, 'unauthorized', 'api_token_required');
    assertEnvelope(await pingFrom(ctx().app, address, unknown), 401, 'unauthorized', 'api_token_required');
    assertLimited(await pingFrom(ctx().app, address, unknown));
    assertLimited(await pingFrom(ctx().app, address));
    // Another address is not affected.
    assertEnvelope(await pingFrom(ctx().app, freshAddress(), unknown), 401, 'unauthorized', 'api_token_required');
  });

  it('a token already in use keeps working from a limited address; a token not yet seen is refused before it is looked up', async () => {
    const address = freshAddress();
    const p = await createPrincipal(ctx());
    assert.equal((await pingFrom(ctx().app, address, p.token)).statusCode, 200);
    for (let i = 0; i < 3; i++) assert.equal((await pingFrom(ctx().app, address, 'wrong')).statusCode, 401);
    assertLimited(await pingFrom(ctx().app, address, 'wrong'));
    assert.equal((await pingFrom(ctx().app, address, p.token)).statusCode, 200);
    const later = await createPrincipal(ctx());
    assertLimited(await pingFrom(ctx().app, address, later.token));
    assert.equal((await pingFrom(ctx().app, freshAddress(), later.token)).statusCode, 200);
  });

  it('valid tokens never count as failures', async () => {
    const address = freshAddress();
    const p = await createPrincipal(ctx());
    for (let i = 0; i < 10; i++) assert.equal((await pingFrom(ctx().app, address, p.token)).statusCode, 200);
    assertEnvelope(await pingFrom(ctx().app, address, 'wrong'), 401, 'unauthorized', 'api_token_required');
  });
}, { env: { BIZPLAT_AUTH_FAILURE_LIMIT: LIMIT }, modules: [notesModule] });

for (const kind of ['sqlite', 'postgres'] as const) {
  const skip = !REDIS_URL ? 'TEST_REDIS_URL is not set' : kind === 'postgres' && !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : false;
  describe(`failed authentications are counted through Redis by every process [${kind}]`, { skip }, () => {
    let ctx: TestContext & { close(): Promise<void> };
    let second: Awaited<ReturnType<typeof buildApp>>;
    before(async () => {
      const env = { BIZPLAT_AUTH_FAILURE_LIMIT: LIMIT, REDIS_URL: REDIS_URL ?? '' };
      ctx = await createContext(kind, env, [notesModule]);
      second = await buildApp({ config: testConfig(ctx.config.databaseUrl, env), storage: ctx.storage, modules: [notesModule], logger: false });
      await second.ready();
    });
    after(async () => {
      await second.close();
      await ctx.close();
    });

    it('failures through either instance count against one limit', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await pingFrom(i % 2 === 0 ? ctx.app : second, address, 'wrong')).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      // The second instance has not seen the 429 itself: it learns it from the shared count.
      assertLimited(await pingFrom(second, address, 'wrong'));
    });
  });
}

describeEachDatabase('token and domain caches', (ctx) => {
  it('are bounded by least recent use: unknown tokens and arbitrary Host values push no known token out', async () => {
    const key = await tokenKey(ctx().storage, ctx().config.tokenPepper);
    const counted = countingStorage(ctx().storage);
    const authenticator = new Authenticator(counted.storage, key, { maxCachedTokens: 2 });
    await authenticator.start();
    try {
      const a = await createPrincipal(ctx());
      const b = await createPrincipal(ctx());
      const c = await createPrincipal(ctx());
      await authenticator.authenticate(a.token, 'localhost');
      await authenticator.authenticate(b.token, 'localhost');
      await authenticator.authenticate(a.token, 'localhost');
      await authenticator.authenticate(c.token, 'localhost'); // the cache holds two: b, used least recently, goes
      for (let i = 0; i < 20; i++) {
        await assert.rejects(authenticator.authenticate(`bzp_${a.slug}_${randomBytes(32).toString('base64url')}`, `h${i}.example`), /not valid/);
      }
      // Requests with known tokens on any Host read nothing: no Host value is ever a cache key.
      const before = counted.reads();
      for (let i = 0; i < 20; i++) await authenticator.authenticate(a.token, `random-${i}-${randomBytes(4).toString('hex')}.example`);
      assert.equal(counted.reads() - before, 0, 'no database read for a known token on an unknown Host');
      // Revoked behind the caches' back (no change notice): a cached token still passes, an evicted one is read again.
      await ctx().storage.db.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).where('id', 'in', [a.tokenId, b.tokenId, c.tokenId]).execute();
      assert.equal((await authenticator.authenticate(a.token, 'localhost')).tokenId, a.tokenId);
      assert.equal((await authenticator.authenticate(c.token, 'localhost')).tokenId, c.tokenId);
      await assert.rejects(authenticator.authenticate(b.token, 'localhost'), /revoked/);
    } finally {
      authenticator.stop();
    }
  });
});
