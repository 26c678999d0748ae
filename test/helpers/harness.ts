import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, API_PREFIX } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Config } from '../../src/config.ts';
import type { DomainModule } from '../../src/domains/module.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createOrganization, createToken, createUser } from '../../src/platform/service.ts';
import { tokenKey } from '../../src/platform/token-key.ts';
import { domainModules } from '../../src/domains/index.ts';
import { checkEveryAnswer } from './contract.ts';
import { sessionUrlOf } from './session-url.ts';
import { migrate, organizationHooks } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A fresh, migrated database (a temp SQLite file or a PostgreSQL schema) with the app on it. */
export interface TestContext {
  kind: DatabaseKind;
  /** The domain modules this context migrated and serves. */
  modules: DomainModule[];
  config: Config;
  storage: Storage;
  app: FastifyInstance;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined;
/** Makes a fresh database of the kind: its URL and the function that removes it. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bizplat-test-'));
    return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** How long a webhook receiver's answer may take in tests (see testConfig). */
export const SLOW_ANSWER_MS = 60_000;

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  const session = sessionUrlOf(databaseUrl);
  return loadConfig({
    BIZPLAT_RATE_LIMIT: '1000000',
    BIZPLAT_AUTH_FAILURE_LIMIT: '1000000',
    BIZPLAT_SQLITE_SYNCHRONOUS: 'NORMAL',
    // An answer merely slow on a loaded machine is no time-out (and no repeat), while the lease of an
    // attempt cut short (time-out + 5 s) stays well within the tests' patience; a test that provokes a time-out sets its own.
    BIZPLAT_WEBHOOK_TIMEOUT_MS: String(SLOW_ANSWER_MS),
    ...(session ? { DATABASE_SESSION_URL: session } : {}),
    ...env,
    DATABASE_URL: databaseUrl,
  });
}

/** `modules` replaces the registered domains (kernel tests pass a small test-only module). */
export async function createContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  modules?: DomainModule[],
  options: { direct?: boolean } = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const database = await freshDatabase(kind);
  // `direct`: on the database itself even where the suite runs through a pooler (what only a session has).
  const config = testConfig(options.direct ? (sessionUrlOf(database.url) ?? database.url) : database.url, env);
  const storage = openStorage(config);
  await migrate(storage, modules);
  const app = await buildApp({ config, storage, logger: false, ...(modules ? { modules } : {}) });
  await app.ready();
  await checkEveryAnswer(app, API_PREFIX);
  return {
    kind,
    modules: modules ?? domainModules,
    config,
    storage,
    app,
    close: async () => {
      await app.close();
      await storage.close();
      await database.drop();
    },
  };
}

export interface SuiteOptions {
  env?: Record<string, string>;
  /** Domain modules to serve instead of the registered ones. */
  modules?: DomainModule[];
}

/**
 * Declares the same suite once per database: always SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set (otherwise the PostgreSQL half is reported as skipped).
 */
export function describeEachDatabase(title: string, body: (ctx: () => TestContext) => void, options: SuiteOptions = {}): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && !POSTGRES_URL) {
      describe(`${title} [postgres]`, () => {
        it('PostgreSQL half', { skip: 'skipped: TEST_DATABASE_URL is not set' }, () => {});
      });
      continue;
    }
    describe(`${title} [${kind}]`, () => {
      let context: (TestContext & { close(): Promise<void> }) | undefined;
      before(async () => {
        context = await createContext(kind, options.env, options.modules);
      });
      after(async () => {
        await context?.close();
      });
      body(() => {
        if (!context) throw new Error('the test context is not ready');
        return context;
      });
    });
  }
}

export interface Principal {
  orgId: string;
  slug: string;
  userId: string;
  orgUserId: string;
  token: string;
  tokenId: string;
}

let counter = 0;
export function uniqueSlug(prefix = 'org'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}`;
}

/** An organization with a user holding `rights` (default: all) and a token with `scopes` (default admin:all). */
export async function createPrincipal(
  ctx: TestContext,
  options: { slug?: string; rights?: string[]; scopes?: string[]; domain?: string; currency?: string; legacy?: boolean } = {},
): Promise<Principal> {
  const slug = options.slug ?? uniqueSlug();
  const existing = await ctx.storage.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirst();
  const orgId = existing?.id ?? (await createOrganization(ctx.storage, { slug, name: `Org ${slug}`, domain: options.domain, currency: options.currency }, organizationHooks(ctx.modules))).id;
  const user = await createUser(ctx.storage, { orgSlug: slug, name: 'Test User', rights: options.rights ?? [...RIGHTS] });
  const { id, token } = await createToken(ctx.storage, await tokenKey(ctx.storage, ctx.config.tokenPepper), {
    orgSlug: slug,
    user: user.id,
    scopes: options.scopes ?? ['admin:all'],
    legacy: options.legacy,
  });
  return { orgId, slug, userId: user.id, orgUserId: user.orgUserId, token, tokenId: id };
}

/** An API request relative to /api/public/v1 with the token set. */
export function api(
  ctx: TestContext,
  token: string | undefined,
  method: InjectOptions['method'],
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (token !== undefined) headers['x-api-token'] = token;
  return ctx.app.inject({
    method,
    url: `${API_PREFIX}${path}`,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

/** Asserts nothing; returns the parsed JSON body for readable assertions. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
