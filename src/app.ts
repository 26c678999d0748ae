import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { serviceRoutes } from './capabilities/routes.ts';
import type { RegisteredRoute } from './capabilities/catalog.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { Authenticator, installAuth } from './http/auth.ts';
import { installErrorHandler, installNotFoundHandler, routePattern, sendEnvelope } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { purgeExpiredKeys } from './http/idempotency.ts';
import { ErrorEnvelope } from './http/schemas.ts';
import { validatorCompiler } from './http/validation.ts';
import { tokenKey } from './platform/token-key.ts';
import type { Storage } from './storage/storage.ts';

export const API_PREFIX = '/api/public/v1';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    config: Config;
  }
}

export interface BuildOptions {
  config: Config;
  storage: Storage;
  modules?: DomainModule[];
  /** Pino options or false; the server passes its log level, tests pass false. */
  logger?: boolean | { level: string };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** The same factory builds the server, the tests' app and the benchmarks'. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, storage } = options;
  const modules = options.modules ?? domainModules;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed path (bad percent-encoding) is answered in the envelope like every other error.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      sendEnvelope(reply, request, 400, 'bad_request', error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request', error.message);
    },
    trustProxy: false,
  });
  app.decorate('storage', storage);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.addSchema(ErrorEnvelope);
  installErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const routes: RegisteredRoute[] = [];
  const patterns: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      patterns.push({ method, pattern: routePattern(route.url) });
      const access = route.config?.access;
      if (access) routes.push({ method, path: route.url.slice(API_PREFIX.length) || '/', access });
    }
  });

  const authenticator = new Authenticator(storage, await tokenKey(storage, config.tokenPepper));
  await authenticator.start();
  app.addHook('onClose', async () => authenticator.stop());
  installAuth(app, authenticator);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'preParsing',
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

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'bizplat public API', version: 'v1', description: 'The public REST API v1 of the business platform.' },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { ApiToken: { type: 'apiKey', in: 'header', name: 'X-API-Token' } } },
      security: [{ ApiToken: [] }],
    },
    transform: ({ schema, url }) => ({ schema, url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url }),
  });

  await app.register(
    async (api) => {
      await api.register(serviceRoutes(() => routes));
      for (const module of modules) if (module.routes) await api.register(module.routes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { url: `${API_PREFIX}/openapi.json` } });
  installNotFoundHandler(app, () => patterns);

  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => void purgeExpiredKeys(storage).catch(() => {}), PURGE_INTERVAL_MS);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}
