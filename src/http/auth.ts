import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findOrganizationIdByDomain, findTokenByHash, listOrganizationDomains, touchToken } from '../platform/queries.ts';
import type { TokenRecord } from '../platform/queries.ts';
import { RIGHTS } from '../platform/rights.ts';
import { AUTH_CHANNEL } from '../platform/service.ts';
import { hashToken, parseToken, sameHash } from '../platform/token-format.ts';
import type { ParsedToken } from '../platform/token-format.ts';
import type { Storage } from '../storage/storage.ts';
import { hasRight, hasScope } from './access.ts';
import type { Actor, RouteAccess } from './access.ts';
import type { AuthFailureLimiter } from './auth-failures.ts';
import { cookieOf, SESSION_COOKIE } from './console-session.ts';
import type { SessionAuthenticator } from './console-session.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { LruCache } from './lru-cache.ts';
import { applyCount } from './rate-limit.ts';
import type { CountRequest } from './rate-limit.ts';

/** A cached entry lives at most this long even without a change notice. */
const CACHE_TTL_MS = 30_000;
/** last_used_at is written at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_CACHED_TOKENS = 10_000;

/** Consulted before a token is looked up in the database. */
export interface LookupGuard {
  check(address: string): void;
}

export interface AuthenticatorOptions {
  /** How many known tokens are kept (least recently used ones are dropped first). */
  maxCachedTokens?: number;
}

/** A token's record with what every request derives from it, worked out once per cache load. */
interface KnownToken {
  /** The token's format and slug (the cache key is the digest of the token, so they are its own). */
  parsed: ParsedToken;
  record: TokenRecord;
  expiresAtMs: number | null;
  actor: Actor;
}

function knownToken(parsed: ParsedToken, record: TokenRecord): KnownToken {
  const rights = new Set(record.rights);
  const actor: Actor = Object.freeze({
    orgId: record.orgId,
    orgSlug: record.orgSlug,
    orgCurrency: record.orgCurrency,
    orgSettings: record.orgSettings,
    userId: record.userId,
    orgUserId: record.orgUserId,
    tokenId: record.tokenId,
    scopes: record.scopes,
    rights,
    isAdmin: RIGHTS.every((r) => rights.has(r)),
  });
  return { parsed, record, expiresAtMs: record.expiresAt === null ? null : Date.parse(record.expiresAt), actor };
}

/**
 * Resolves X-API-Token to an Actor. Tokens are looked up by their HMAC hash and compared in
 * constant time. Known tokens are cached (bounded, least recently used dropped first; unknown
 * tokens are never cached, so they cannot push known ones out) and the organizations' own
 * addresses are held as one directory, so a request's Host value never becomes a cache key.
 * Both are dropped on every change notice: at once for changes made in this process (and, on
 * SQLite, by another process: the data version); on PostgreSQL changes made by another process
 * arrive by NOTIFY within milliseconds. While notices cannot arrive (the LISTEN connection is
 * down) both are read through.
 */
export class Authenticator {
  readonly #tokens: LruCache<KnownToken>;
  readonly #touched = new Map<string, number>();
  #domains: { byName: Map<string, string>; at: number } | undefined;
  #domainsLoading: Promise<Map<string, string>> | undefined;
  /** Bumped by every change notice: a load that began before it is not kept. */
  #generation = 0;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly key: Buffer,
    options: AuthenticatorOptions = {},
  ) {
    this.#tokens = new LruCache(options.maxCachedTokens ?? MAX_CACHED_TOKENS, CACHE_TTL_MS);
  }

  async start(): Promise<void> {
    this.#unsubscribe = await this.storage.subscribe(AUTH_CHANNEL, () => this.clear());
  }

  stop(): void {
    this.#unsubscribe?.();
  }

  clear(): void {
    this.#generation += 1;
    this.#tokens.clear();
    this.#domains = undefined;
    this.#domainsLoading = undefined;
  }

  /**
   * `guard.check(address)` runs before the database is read for a token this process does not
   * know (a refusal thrown there spares the read).
   */
  async authenticate(token: string | undefined, host: string, address = '', guard?: LookupGuard): Promise<Actor> {
    const parsed = parsedToken(token);
    if (this.storage.changedElsewhere()) this.clear();
    const now = Date.now();
    const hostOrgId = await this.#orgForHost(host, now);
    this.#checkAddress(parsed, hostOrgId);
    return this.#admit(parsed, hostOrgId, await this.#known(parsed, now, address, guard), now);
  }

  /**
   * authenticate() without waiting, for a token and an address this process holds in memory
   * (every request of a known client): the actor, or undefined when the database must be read.
   * Refuses (throws) exactly as authenticate() does.
   */
  knownActor(token: string | undefined, host: string): Actor | undefined {
    if (token === undefined || token === '') throw unauthorized();
    if (this.storage.changedElsewhere()) this.clear();
    if (!this.storage.changeNoticesLive()) return undefined;
    const now = Date.now();
    if (this.#domains === undefined || now - this.#domains.at >= CACHE_TTL_MS) return undefined;
    // A hit is a token that parsed when it was loaded: its parse is kept with it.
    const known = this.#tokens.get(cacheKeyOf(token), now);
    if (known === undefined) return undefined;
    const hostOrgId = this.#domains.byName.get(host.toLowerCase()) ?? null;
    this.#checkAddress(known.parsed, hostOrgId);
    return this.#admit(known.parsed, hostOrgId, known, now);
  }

  #checkAddress(parsed: ParsedToken, hostOrgId: string | null): void {
    if (hostOrgId === null && parsed.format === 'legacy') {
      throw unauthorized('legacy tokens work only on the organization\'s own address');
    }
  }

  #admit(parsed: ParsedToken, hostOrgId: string | null, known: KnownToken | null, now: number): Actor {
    if (!known) throw unauthorized('the API token is not valid');
    const { record } = known;
    if (hostOrgId !== null ? record.orgId !== hostOrgId : record.orgSlug !== parsed.slug) {
      throw unauthorized('the API token is not valid');
    }
    if (parsed.format === 'new' && record.orgSlug !== parsed.slug) throw unauthorized('the API token is not valid');
    if (record.revokedAt !== null) throw unauthorized('the API token has been revoked');
    if (known.expiresAtMs !== null && known.expiresAtMs <= now) throw unauthorized('the API token has expired');
    if (!record.memberActive) throw unauthorized('the token owner is no longer active');
    this.#touch(record.tokenId, now);
    return known.actor;
  }

  /**
   * The token's record. Known tokens are cached under a plain SHA-256 digest of the token: a hit
   * is the very token that was checked against its stored HMAC when it was loaded, so the keyed
   * hash (several times dearer) is computed only when a token is read from the database.
   */
  async #known(parsed: ParsedToken & { token: string }, now: number, address: string, guard: LookupGuard | undefined): Promise<KnownToken | null> {
    const { token } = parsed;
    const live = this.storage.changeNoticesLive();
    const digest = live ? cacheKeyOf(token) : '';
    if (live) {
      const hit = this.#tokens.get(digest, now);
      if (hit !== undefined) return hit;
    }
    guard?.check(address);
    const generation = this.#generation;
    const keyed = hashToken(this.key, token);
    const record = await findTokenByHash(this.storage.db, keyed);
    if (!record || !sameHash(record.tokenHash, keyed)) return null;
    const known = knownToken({ format: parsed.format, slug: parsed.slug }, record);
    if (live && generation === this.#generation) this.#tokens.set(digest, known, now);
    return known;
  }

  async #orgForHost(host: string, now: number): Promise<string | null> {
    const name = host.toLowerCase();
    if (!this.storage.changeNoticesLive()) return (await findOrganizationIdByDomain(this.storage.db, name)) ?? null;
    const domains = this.#domains !== undefined && now - this.#domains.at < CACHE_TTL_MS ? this.#domains.byName : await this.#loadDomains(now);
    return domains.get(name) ?? null;
  }

  /** One read of every organization's domain, shared by the requests that wait for it. */
  #loadDomains(now: number): Promise<Map<string, string>> {
    if (this.#domainsLoading) return this.#domainsLoading;
    const generation = this.#generation;
    const loading = listOrganizationDomains(this.storage.db).then(
      (byName) => {
        if (generation === this.#generation) {
          this.#domains = { byName, at: now };
          this.#domainsLoading = undefined;
        }
        return byName;
      },
      (error: unknown) => {
        if (generation === this.#generation) this.#domainsLoading = undefined;
        throw error;
      },
    );
    this.#domainsLoading = loading;
    return loading;
  }

  #touch(tokenId: string, now: number): void {
    const last = this.#touched.get(tokenId);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    // Only tokens that authenticated get here, so this map grows with real tokens alone.
    if (this.#touched.size >= MAX_CACHED_TOKENS) this.#touched.clear();
    this.#touched.set(tokenId, now);
    touchToken(this.storage.db, tokenId, new Date(now).toISOString()).catch(() => {
      // Recording use is best effort; the request itself must not fail for it.
    });
  }
}

function parsedToken(token: string | undefined): ParsedToken & { token: string } {
  if (token === undefined || token === '') throw unauthorized();
  const parsed = parseToken(token);
  if (!parsed) throw unauthorized('the API token is not valid');
  return { ...parsed, token };
}

function cacheKeyOf(token: string): string {
  return hash('sha256', token, 'base64');
}

/** The token a request carries: X-API-Token, else Authorization: Bearer. */
export function tokenFrom(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers['x-api-token'];
  if (typeof header === 'string') return header.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s+/i.test(authorization)) return authorization.replace(/^bearer\s+/i, '').trim();
  return undefined;
}

/** The per-token rate limit as the access hook applies it (src/http/rate-limit.ts). */
export interface TokenLimit {
  max: number;
  count: CountRequest;
}

/**
 * Every route that declares `config.access` gets one onRequest hook of its own, added as the
 * route is: authentication (401 when the token is not valid; 429 once the caller's address has
 * failed authentication too often), the per-token rate limit (every authenticated request
 * counted, its headers on every answer), then the scope and right check (403), so a refused
 * request is counted and carries the headers too. A request without a token may come with the
 * admin console's session cookie instead (console-session.ts). One hook in callback style: a known token and
 * an in-process count cost no promise.
 */
export function installAccess(app: FastifyInstance, authenticator: Authenticator, failures: AuthFailureLimiter, limit: TokenLimit, sessions?: SessionAuthenticator): void {
  app.decorateRequest('actor', null as unknown as Actor);
  const refuse = async (request: FastifyRequest, error: unknown): Promise<never> => {
    if (error instanceof AppError && error.status === 401) throw await failures.failed(request, error);
    throw error;
  };
  const admitted = (request: FastifyRequest, reply: FastifyReply, actor: Actor, access: RouteAccess, done: HookDone): void => {
    request.actor = actor;
    const counted = limit.count(request);
    if (counted instanceof Promise) counted.then((count) => done(applyCount(reply, limit.max, count) ?? accessProblem(actor, access)), done);
    else done(applyCount(reply, limit.max, counted) ?? accessProblem(actor, access));
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    const admit = (request: FastifyRequest, reply: FastifyReply, done: HookDone): void => {
      const token = tokenFrom(request);
      // No token: the admin console's session cookie, if it carries one (console-session.ts).
      const session = token === undefined && sessions !== undefined ? cookieOf(request, SESSION_COOKIE) : undefined;
      if (session !== undefined && sessions !== undefined) {
        return void sessions.authenticate(request, session).then(
          (actor) => admitted(request, reply, actor, access, done),
          (error: unknown) => refuse(request, error).catch(done),
        );
      }
      let known: Actor | undefined;
      try {
        known = authenticator.knownActor(token, request.hostname);
      } catch (error) {
        return void refuse(request, error).catch(done);
      }
      if (known !== undefined) return admitted(request, reply, known, access, done);
      authenticator.authenticate(token, request.hostname, request.ip, failures).then(
        (actor) => admitted(request, reply, actor, access, done),
        (error: unknown) => refuse(request, error).catch(done),
      );
    };
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [admit, ...existing];
  });
}

type HookDone = (error?: Error) => void;

/** 403 unless the token has the route's scope and its owner the route's right. */
function accessProblem(actor: Actor, access: RouteAccess): AppError | undefined {
  if (!hasScope(actor, access.scope)) {
    return forbidden('insufficient_scope', `this token lacks the scope ${access.scope}`, { required_scope: access.scope });
  }
  if (access.right !== undefined && !hasRight(actor, access.right)) {
    const right = access.right === 'all' ? 'every role right (an administrator)' : `the role right ${access.right}`;
    return forbidden('insufficient_scope', `the token owner lacks ${right}`, { required_right: access.right });
  }
  return undefined;
}
