import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { LruCache } from './lru-cache.ts';

/** The counting window of failed authentications. */
export const FAILURE_WINDOW_MS = 60_000;
/** Addresses remembered as over the limit, per process. */
const MAX_BLOCKED_ADDRESSES = 10_000;

/** One more failure counted for the request's address: the shared counter's answer. */
export interface FailureCount {
  exceeded: boolean;
  /** Until the window ends. */
  ttlMs: number;
}

export type CountFailure = (request: FastifyRequest) => Promise<FailureCount>;

function tooMany(limit: number, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    429,
    'too_many_requests',
    'rate_limited',
    `more than ${limit} failed authentications per minute from this address; retry in ${seconds} seconds`,
    { limit, reason: 'failed_authentication', retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Limits requests that fail authentication (missing, malformed, unknown, revoked or expired
 * tokens) per client address. Failures are counted in the shared store of the rate limiter
 * (Redis when configured), so every process sees one count; an address found over the limit
 * is also remembered in this process until its window ends, so its later requests are refused
 * before the database is read for their token. Requests with a token this process already
 * knows are never checked here: the limit costs an authenticated request nothing.
 */
export class AuthFailureLimiter {
  readonly #blockedUntil = new LruCache<number>(MAX_BLOCKED_ADDRESSES, FAILURE_WINDOW_MS);

  constructor(
    private readonly limit: number,
    private readonly count: CountFailure,
  ) {}

  /** Throws 429 when the address is known to be over the limit. */
  check(address: string): void {
    const now = Date.now();
    const until = this.#blockedUntil.get(address, now);
    if (until !== undefined && until > now) throw tooMany(this.limit, Math.ceil((until - now) / 1000));
  }

  /** Counts one failure; the refusal to answer with: `refusal` itself, or 429 once over the limit. */
  async failed(request: FastifyRequest, refusal: unknown): Promise<unknown> {
    const now = Date.now();
    const until = this.#blockedUntil.get(request.ip, now);
    if (until !== undefined && until > now) return tooMany(this.limit, Math.ceil((until - now) / 1000));
    const counted = await this.count(request);
    if (!counted.exceeded) return refusal;
    this.#blockedUntil.set(request.ip, now + counted.ttlMs, now);
    return tooMany(this.limit, Math.ceil(counted.ttlMs / 1000));
  }
}
