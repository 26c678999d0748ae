/**
 * The admin console's session cookie: who a request made with it acts as, and its CSRF defence.
 * The cookie is `__Host-` prefixed, Secure, HttpOnly and SameSite=Strict; a request that changes
 * something (any method but GET, HEAD, OPTIONS) must also carry the session's CSRF token in
 * X-CSRF-Token (a value a page of another site cannot read) and, when it sends an Origin, come
 * from this server's own origin. A request with an API token is not a cookie request: it is
 * authenticated by the token alone, as before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { RIGHTS, SCOPES } from '../platform/rights.ts';
import { findSessionByHash, isSessionValue, noteSessionSeen } from '../platform/sessions.ts';
import { hashToken, sameHash } from '../platform/token-format.ts';
import type { Storage } from '../storage/storage.ts';
import type { Actor } from './access.ts';
import { forbidden, unauthorized } from './errors.ts';

export const SESSION_COOKIE = '__Host-bizplat_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of cookie `name` in the request's Cookie header, if any. */
export function cookieOf(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const cut = part.indexOf('=');
    if (cut > 0 && part.slice(0, cut).trim() === name) return part.slice(cut + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value that gives the browser the session (or, with null, takes it away). */
export function sessionCookie(value: string | null, maxAgeSeconds = 0): string {
  return `${SESSION_COOKIE}=${value ?? ''}; Path=/; Max-Age=${value === null ? 0 : maxAgeSeconds}; Secure; HttpOnly; SameSite=Strict`;
}

/** The session's CSRF token: derived from the cookie's value, so nothing more is stored. */
export function csrfTokenOf(key: Buffer, sessionValue: string): string {
  return createHmac('sha256', key).update(`csrf\0${sessionValue}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request's Origin when it is not this server's own (a page of another site sent it). */
export function foreignOrigin(request: Pick<FastifyRequest, 'headers' | 'host'>): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  try {
    return new URL(origin).host === request.host ? undefined : origin;
  } catch {
    return origin;
  }
}

/** Why a state-changing cookie request is refused (undefined when it may go on). */
export function csrfProblem(request: FastifyRequest, key: Buffer, sessionValue: string): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const foreign = foreignOrigin(request);
  if (foreign !== undefined) return `a page of ${foreign} may not act with this console session`;
  const given = request.headers[CSRF_HEADER];
  if (typeof given !== 'string' || !sameText(given, csrfTokenOf(key, sessionValue))) {
    return `a change made with the console's session cookie needs its CSRF token in ${CSRF_HEADER} (GET /api/admin/v1/session gives it)`;
  }
  return undefined;
}

/**
 * Resolves a session cookie to an Actor. The session acts with the user's role rights and
 * every scope (a person's session is limited by their rights alone); its id stands where a
 * token's would (audit, idempotency keys, rate limit).
 */
export class SessionAuthenticator {
  constructor(
    private readonly storage: Storage,
    private readonly key: Buffer,
  ) {}

  async authenticate(request: FastifyRequest, value: string): Promise<Actor> {
    if (!isSessionValue(value)) throw unauthorized('the console session is not valid: sign in again');
    const keyed = hashToken(this.key, value);
    const session = await findSessionByHash(this.storage.db, keyed);
    if (!session || !sameHash(session.tokenHash, keyed)) throw unauthorized('the console session is not valid: sign in again');
    const now = Date.now();
    if (session.revokedAt !== null) throw unauthorized('the console session has ended: sign in again');
    if (Date.parse(session.expiresAt) <= now) throw unauthorized('the console session has expired: sign in again');
    if (!session.memberActive) throw unauthorized('the user is no longer active');
    const csrf = csrfProblem(request, this.key, value);
    if (csrf !== undefined) throw forbidden('csrf_refused', csrf);
    noteSessionSeen(this.storage.db, session, now).catch(() => {
      // Recording use is best effort; the request itself must not fail for it.
    });
    const rights = new Set(session.rights);
    return Object.freeze({
      orgId: session.orgId,
      orgSlug: session.orgSlug,
      orgCurrency: session.orgCurrency,
      orgSettings: session.orgSettings,
      userId: session.userId,
      orgUserId: session.orgUserId,
      tokenId: session.id,
      sessionId: session.id,
      scopes: [...SCOPES],
      rights,
      isAdmin: RIGHTS.every((r) => rights.has(r)),
    });
  }
}
