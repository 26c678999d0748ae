import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { ADMIN_PREFIX, adminApi, isAdminUrl, registerAdminDocument } from './admin/api.ts';
import { consoleRoutes } from './admin/console.ts';
import { serviceRoutes } from './capabilities/routes.ts';
import { mcpRoutes } from './mcp/http.ts';
import type { RegisteredRoute } from './capabilities/catalog.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { Authenticator, installAccessCheck, installAuth } from './http/auth.ts';
import { AuthFailureLimiter, FAILURE_WINDOW_MS } from './http/auth-failures.ts';
import { BROWSER_HEADERS, NO_STORE, clientErrorHandler, frameworkErrors, installErrorHandler, installNotFoundHandler, routePattern } from './http/error-handler.ts';
import { AppError } from './http/errors.ts';
import { checkFraming } from './http/framing.ts';
import { installHealth } from './http/health.ts';
import { installIdCase } from './http/id-case.ts';
import { installInputBounds } from './http/input-bounds.ts';
import { installLanding } from './http/landing.ts';
import { purgeExpiredKeys } from './http/idempotency.ts';
import { installMetrics } from './http/metrics.ts';
import { API_CONTACT, API_INTRODUCTION, API_LICENSE, API_TAGS } from './http/openapi-intro.ts';
import { finishDocument, SECURITY, SECURITY_SCHEMES } from './http/openapi.ts';
import type { WebhookEntry } from './http/openapi.ts';
import { requestLogSerializer } from './http/request-log.ts';
import { ErrorEnvelope } from './http/schemas.ts';
import { validatorCompiler } from './http/validation.ts';
import type { Sealer } from './platform/sealer.ts';
import { serverSealer } from './platform/server-key.ts';
import { tokenKey } from './platform/token-key.ts';
import { allMigrations } from './setup.ts';
import type { Storage } from './storage/storage.ts';

export const API_PREFIX = '/api/public/v1';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    config: Config;
    /** Seals what the server keeps encrypted or hands out opaque (see platform/server-key.ts). */
    sealer: Sealer;
  }
}

export interface BuildOptions {
  config: Config;
  storage: Storage;
  modules?: DomainModule[];
  /** false: no logging (tests); otherwise log at config.logLevel (to `logStream` when given, else stdout). */
  logger?: boolean;
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const COMPRESS_THRESHOLD_BYTES = 2048;
const DOCS_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="0" y="28" font-family="sans-serif" font-size="26" font-weight="bold" fill="#fff">bizplat</text></svg>',
);

/** The same factory builds the server, the tests' app and the benchmarks'. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, storage } = options;
  const modules = options.modules ?? domainModules;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogSerializer(config.logQueryValues) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    // Two Host headers arrive joined ("a, b") instead of the first one winning, and a missing Host
    // reaches checkFraming: both are refused there in the envelope.
    http: { joinDuplicateHeaders: true, requireHostHeader: false },
    return503OnClosing: false,
    trustProxy: false,
  });
  app.decorate('storage', storage);
  app.decorate('config', config);
  app.decorate('sealer', await serverSealer(storage, config.secretsKey));
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only: a text/plain body is 415, not a string handed to validation.
  app.removeContentTypeParser('text/plain');
  app.addSchema(ErrorEnvelope);
  installErrorHandler(app);
  // While draining, a request arriving on a kept-alive connection gets 503 in the envelope
  // (Fastify's own 503 would bypass it) and the connection is closed after the reply.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Once draining, every reply closes its connection, so kept-alive clients do not hold the
  // process open until their keep-alive time-out.
  // Both hooks run on every request: callback style, so no promise is made for them.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header('cache-control', NO_STORE).headers(BROWSER_HEADERS);
    if (closing) {
      reply.header('connection', 'close');
      return done(new AppError(503, 'service_unavailable', 'shutting_down', 'the server is shutting down; retry on another instance or shortly', {}, { 'retry-after': '1' }));
    }
    try {
      checkFraming(request.raw);
    } catch (error) {
      return done(error as AppError);
    }
    done();
  });

  const routes: RegisteredRoute[] = [];
  const patterns: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      patterns.push({ method, pattern: routePattern(route.url) });
      const access = route.config?.access;
      if (access && !isAdminUrl(route.url)) routes.push({ method, path: route.url.slice(API_PREFIX.length) || '/', access });
    }
  });

  const authenticator = new Authenticator(storage, await tokenKey(storage, config.tokenPepper));
  await authenticator.start();
  app.addHook('onClose', async () => authenticator.stop());

  // No offline queue: while Redis is down a counter update fails at once and the request goes
  // on unlimited, instead of every request waiting out the reconnect back-off.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
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
  }
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
  installInputBounds(app);
  installIdCase(app);
  // Operator endpoints at the server's root, outside the public API and its document.
  installHealth(app, { migrations: allMigrations(modules).map((m) => m.name) });
  installMetrics(app);
  installLanding(app, { api: API_PREFIX, admin: ADMIN_PREFIX });
  // Large answers only (lists, the OpenAPI document): below the threshold compressing costs more than it saves.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['gzip', 'br', 'deflate'] });

  app.decorate('apiWebhooks', new Map<string, WebhookEntry>());
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'bizplat public API', version: 'v1', description: API_INTRODUCTION, contact: API_CONTACT, license: API_LICENSE },
      servers: [{ url: API_PREFIX }],
      tags: API_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
      security: SECURITY,
    },
    // Shared schemas keep their $id as the component name (#/components/schemas/ErrorEnvelope).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // A route declared with route() carries its documented operation in config.openapi.
    transform: ({ schema, url, route }) => ({
      schema: isAdminUrl(url) ? { ...schema, hide: true } : (route.config?.openapi ?? schema),
      url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url,
    }),
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject as Record<string, unknown>, app.apiWebhooks) : document.swaggerObject,
  });

  await registerAdminDocument(app);

  await app.register(
    async (api) => {
      await api.register(serviceRoutes(() => routes));
      for (const module of modules) if (module.routes) await api.register(module.routes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await app.register(adminApi(modules), { prefix: ADMIN_PREFIX });
  await app.register(consoleRoutes);
  await app.register(mcpRoutes, { apiPrefix: API_PREFIX });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    theme: { title: 'bizplat API' },
    logo: { type: 'image/svg+xml', content: DOCS_LOGO },
    // `urls` wins over the UI's own ./json: the page loads the document clients use.
    uiConfig: { urls: [{ url: `${API_PREFIX}/openapi.json`, name: 'bizplat public API v1' }], deepLinking: true },
  });
  installNotFoundHandler(app, () => patterns);

  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => void purgeExpiredKeys(storage).catch(() => {}), PURGE_INTERVAL_MS);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}
