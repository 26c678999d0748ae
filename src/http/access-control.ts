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
import { Authenticator, installAccessCheck, installAuth } from './auth.ts';
import { AuthFailureLimiter, FAILURE_WINDOW_MS } from './auth-failures.ts';
import { AppError } from './errors.ts';

export async function installAccessControl(app: FastifyInstance, storage: Storage, config: Config): Promise<void> {
  const authenticator = new Authenticator(storage, await tokenKey(storage, config.tokenPepper));
  await authenticator.start();
  app.addHook('onClose', async () => authenticator.stop());

  const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    nameSpace: 'bizplat-rl:',
    ...(redis ? { redis } : {}),
    skipOnError: true,
    keyGenerator: (request) => (request.actor ? `t:${request.actor.tokenId}` : `ip:${request.ip}`),
    allowList: (request) => !request.routeOptions.config.access,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'too_many_requests', 'rate_limited', `more than ${context.max} requests per minute with this token; retry in ${context.after}`, {
        limit: context.max,
      }, {}),
  });
  // Installed after the limiter so failures share its store; the hook is global and so still
  // runs before every route's own limiter hook.
  const countFailure = app.createRateLimit({
    max: config.authFailureLimitPerMinute,
    timeWindow: FAILURE_WINDOW_MS,
    keyGenerator: (request) => `auth-failed:${request.ip}`,
    allowList: () => false,
  });
  installAuth(
    app,
    authenticator,
    new AuthFailureLimiter(config.authFailureLimitPerMinute, async (request) => {
      const counted = await countFailure(request);
      return counted.isAllowed ? { exceeded: false, ttlMs: 0 } : { exceeded: counted.isExceeded, ttlMs: counted.ttl };
    }),
  );
  installAccessCheck(app);
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
