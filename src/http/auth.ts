import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findOrganizationIdByDomain, findTokenByHash, touchToken } from '../platform/queries.ts';
import type { TokenRecord } from '../platform/queries.ts';
import { RIGHTS } from '../platform/rights.ts';
import { AUTH_CHANNEL } from '../platform/service.ts';
import { hashToken, parseToken, sameHash } from '../platform/token-format.ts';
import type { Storage } from '../storage/storage.ts';
import { hasRight, hasScope } from './access.ts';
import type { Actor } from './access.ts';
import { forbidden, unauthorized } from './errors.ts';

/** A cached entry lives at most this long even without a change notice. */
const CACHE_TTL_MS = 30_000;
/** last_used_at is written at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_CACHE_ENTRIES = 10_000;

/** Values loaded on a miss and kept CACHE_TTL_MS; emptied whole when it reaches MAX_CACHE_ENTRIES. */
class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; at: number }>();

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
    const value = await load();
    if (this.#entries.size >= MAX_CACHE_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { value, at: now });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A token's record with what every request derives from it, worked out once per cache load. */
interface KnownToken {
  record: TokenRecord;
  expiresAtMs: number | null;
  actor: Actor;
}

function knownToken(record: TokenRecord): KnownToken {
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
  return { record, expiresAtMs: record.expiresAt === null ? null : Date.parse(record.expiresAt), actor };
}

/**
 * Resolves X-API-Token to an Actor. Tokens are looked up by their HMAC hash and compared in
 * constant time. Results are cached and the cache is dropped on every change notice: at once
 * for changes made in this process (and, on SQLite, by another process: the data version);
 * on PostgreSQL changes made by another process arrive by NOTIFY within milliseconds. While
 * notices cannot arrive (the LISTEN connection is down) tokens are read through.
 */
export class Authenticator {
  readonly #tokens = new TtlCache<KnownToken | null>();
  readonly #domains = new TtlCache<string | null>();
  readonly #touched = new Map<string, number>();
  readonly #hashes = new Map<string, string>();
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly key: Buffer,
  ) {}

  async start(): Promise<void> {
    this.#unsubscribe = await this.storage.subscribe(AUTH_CHANNEL, () => this.clear());
  }

  stop(): void {
    this.#unsubscribe?.();
  }

  clear(): void {
    this.#tokens.clear();
    this.#domains.clear();
  }

  async authenticate(token: string | undefined, host: string): Promise<Actor> {
    if (token === undefined || token === '') throw unauthorized();
    const parsed = parseToken(token);
    if (!parsed) throw unauthorized('the API token is not valid');
    if (this.storage.changedElsewhere()) this.clear();
    const hostOrgId = await this.#orgForHost(host);
    if (hostOrgId === null && parsed.format === 'legacy') {
      throw unauthorized('legacy tokens work only on the organization\'s own address');
    }
    const hash = this.#hashOf(token);
    const known = await this.#known(hash);
    if (!known || !sameHash(known.record.tokenHash, hash)) throw unauthorized('the API token is not valid');
    const { record } = known;
    if (hostOrgId !== null ? record.orgId !== hostOrgId : record.orgSlug !== parsed.slug) {
      throw unauthorized('the API token is not valid');
    }
    if (parsed.format === 'new' && record.orgSlug !== parsed.slug) throw unauthorized('the API token is not valid');
    if (record.revokedAt !== null) throw unauthorized('the API token has been revoked');
    const now = Date.now();
    if (known.expiresAtMs !== null && known.expiresAtMs <= now) throw unauthorized('the API token has expired');
    if (!record.memberActive) throw unauthorized('the token owner is no longer active');
    this.#touch(record.tokenId, now);
    return known.actor;
  }

  /** The HMAC of a token, remembered: it is the same for the life of the process. */
  #hashOf(token: string): string {
    let hash = this.#hashes.get(token);
    if (hash === undefined) {
      if (this.#hashes.size >= MAX_CACHE_ENTRIES) this.#hashes.clear();
      hash = hashToken(this.key, token);
      this.#hashes.set(token, hash);
    }
    return hash;
  }

  async #known(hash: string): Promise<KnownToken | null> {
    const load = async () => {
      const record = await findTokenByHash(this.storage.db, hash);
      return record ? knownToken(record) : null;
    };
    return this.storage.changeNoticesLive() ? this.#tokens.get(hash, load) : load();
  }

  #orgForHost(host: string): Promise<string | null> {
    const name = host.toLowerCase();
    return this.#domains.get(name, async () => (await findOrganizationIdByDomain(this.storage.db, name)) ?? null);
  }

  #touch(tokenId: string, now: number): void {
    const last = this.#touched.get(tokenId);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    if (this.#touched.size >= MAX_CACHE_ENTRIES) this.#touched.clear();
    this.#touched.set(tokenId, now);
    touchToken(this.storage.db, tokenId, new Date(now).toISOString()).catch(() => {
      // Recording use is best effort; the request itself must not fail for it.
    });
  }
}

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-token'];
  if (typeof header === 'string') return header.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s+/i.test(authorization)) return authorization.replace(/^bearer\s+/i, '').trim();
  return undefined;
}

/** Authenticates every route that declares `config.access` (401 when the token is not valid). */
export function installAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.access) return;
    request.actor = await authenticator.authenticate(tokenFrom(request), request.hostname);
  });
}

/** 403 unless the token has the route's scope and its owner the route's right. */
export async function checkAccess(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (!access) return;
  const actor = request.actor;
  if (!hasScope(actor, access.scope)) {
    throw forbidden(`this token lacks the scope ${access.scope}`, { required_scope: access.scope });
  }
  if (access.right !== undefined && !hasRight(actor, access.right)) {
    const right = access.right === 'all' ? 'every role right (an administrator)' : `the role right ${access.right}`;
    throw forbidden(`the token owner lacks ${right}`, { required_right: access.right });
  }
}

/**
 * Adds checkAccess to every API route's own onRequest hooks. Installed after the rate limiter,
 * so a refused request is counted and carries the X-RateLimit-* headers too.
 */
export function installAccessCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, checkAccess];
  });
}
