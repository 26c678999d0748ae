/**
 * Who may call and how often: the token authenticator, the per-token rate limit (shared through
 * Redis when configured), the per-address limit of failed authentications, then the scope and
 * right check of every route.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { tokenKey } from '../platform/token-key.ts';
import type { Storage } from '../storage/storage.ts';
import { Authenticator, installAccess } from './auth.ts';
import { AuthFailureLimiter, FAILURE_WINDOW_MS } from './auth-failures.ts';
import { SessionAuthenticator } from './console-session.ts';
import { localCounter } from './rate-limit.ts';
import type { CountRequest } from './rate-limit.ts';

/** The per-token limit's window: BIZPLAT_RATE_LIMIT counts requests per minute. */
const TOKEN_WINDOW_MS = 60_000;

export async function installAccessControl(app: FastifyInstance, storage: Storage, config: Config): Promise<void> {
  const key = await tokenKey(storage, config.tokenPepper);
  const authenticator = new Authenticator(storage, key);
  await authenticator.start();
  app.addHook('onClose', async () => authenticator.stop());

  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
  // The plugin is kept for its counters (Redis when configured) through createRateLimit; it adds
  // no hook of its own (global: false): the per-token limit runs in the access hook (auth.ts).
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: TOKEN_WINDOW_MS,
    nameSpace: 'bizplat-rl:',
    ...(redis ? { redis } : {}),
    skipOnError: true,
  });
  const countFailure = app.createRateLimit({
    max: config.authFailureLimitPerMinute,
    timeWindow: FAILURE_WINDOW_MS,
    keyGenerator: (request) => `auth-failed:${request.ip}`,
    allowList: () => false,
  });
  installAccess(
    app,
    authenticator,
    new AuthFailureLimiter(config.authFailureLimitPerMinute, async (request) => {
      const counted = await countFailure(request);
      return counted.isAllowed ? { exceeded: false, ttlMs: 0 } : { exceeded: counted.isExceeded, ttlMs: counted.ttl };
    }),
    { max: config.rateLimitPerMinute, count: redis ? sharedCounter(app, config.rateLimitPerMinute) : localCounter(TOKEN_WINDOW_MS) },
    new SessionAuthenticator(storage, key),
  );
}

/** The per-token count kept in Redis, so that every process sees one count (the plugin's store). */
function sharedCounter(app: FastifyInstance, max: number): CountRequest {
  const count = app.createRateLimit({ max, timeWindow: TOKEN_WINDOW_MS, keyGenerator: (request) => `t:${request.actor.tokenId}`, allowList: () => false });
  return async (request) => {
    const counted = await count(request);
    if (counted.isAllowed) return { current: 0, ttlMs: 0 };
    return { current: counted.isExceeded ? counted.max + 1 : counted.max - counted.remaining, ttlMs: counted.ttl };
  };
}

/**
 * No offline queue: while Redis is down a counter update fails at once and the request goes
 * on unlimited, instead of every request waiting out the reconnect back-off.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // Unreachable Redis: requests go on without a limit (skipOnError); say so once per outage.
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) app.log.warn({ err }, 'Redis unreachable: rate limits are not enforced until it is back');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis reachable again: rate limits enforced');
    down = false;
  });
  app.addHook('onClose', async () => void redis.disconnect());
  await new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    redis.once('error', () => resolve());
    setTimeout(resolve, 2000).unref();
  });
  return redis;
}
