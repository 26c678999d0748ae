/**
 * The limit on wrong passwords: per account (the e-mail signed in with) and per client
 * address, counted in the rate limiter's store (Redis when configured, so every process sees
 * one count). An account or address at its limit is refused (429) before its password is
 * checked until the window ends; this process also remembers it, so its later attempts cost
 * no round trip. A right password does not reset the count.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { LruCache } from '../http/lru-cache.ts';

export const SIGNIN_WINDOW_MS = 15 * 60_000;
/** Wrong passwords per account per window. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Wrong passwords (whatever the e-mail) per address per window. */
export const ADDRESS_FAILURE_LIMIT = 20;
const REMEMBERED = 10_000;

type Counter = ReturnType<FastifyInstance['createRateLimit']>;

function refusal(what: string, limit: number, ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError(
    429,
    'too_many_requests',
    'rate_limited',
    `${limit} wrong passwords for this ${what} within ${SIGNIN_WINDOW_MS / 60_000} minutes: sign-in is refused for ${Math.ceil(seconds / 60)} more minute(s)`,
    { limit, reason: `failed_sign_in_${what}`, retry_after: seconds },
    { 'retry-after': String(seconds) },
  );
}

export class SigninLimiter {
  readonly #blocked = new LruCache<number>(REMEMBERED, SIGNIN_WINDOW_MS);
  readonly #accountOf = new WeakMap<FastifyRequest, string>();
  readonly #account: Counter;
  readonly #address: Counter;

  constructor(app: FastifyInstance) {
    const common = { timeWindow: SIGNIN_WINDOW_MS, allowList: () => false };
    this.#account = app.createRateLimit({ ...common, max: ACCOUNT_FAILURE_LIMIT, keyGenerator: (request) => `signin-account:${this.#accountOf.get(request) ?? ''}` });
    this.#address = app.createRateLimit({ ...common, max: ADDRESS_FAILURE_LIMIT, keyGenerator: (request) => `signin-address:${request.ip}` });
  }

  /** Throws 429 while the account or the address is at its limit. */
  check(request: FastifyRequest, account: string): void {
    const now = Date.now();
    for (const [key, what, limit] of [[`a:${account}`, 'account', ACCOUNT_FAILURE_LIMIT], [`i:${request.ip}`, 'address', ADDRESS_FAILURE_LIMIT]] as const) {
      const until = this.#blocked.get(key, now);
      if (until !== undefined && until > now) throw refusal(what, limit, until - now);
    }
  }

  /** Counts one wrong password for the account and the address. */
  async failed(request: FastifyRequest, account: string): Promise<void> {
    this.#accountOf.set(request, account);
    const now = Date.now();
    const [byAccount, byAddress] = await Promise.all([this.#account(request), this.#address(request)]);
    // The failure that reaches the limit is the last one checked: later attempts are refused unread.
    if (!byAccount.isAllowed && byAccount.remaining <= 0) this.#blocked.set(`a:${account}`, now + byAccount.ttl, now);
    if (!byAddress.isAllowed && byAddress.remaining <= 0) this.#blocked.set(`i:${request.ip}`, now + byAddress.ttl, now);
  }
}
