import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { ADMIN_PREFIX, adminApi, isAdminUrl, registerAdminDocument } from './admin/api.ts';
import { consoleRoutes } from './admin/console.ts';
import { domainModules } from './domains/index.ts';
import type { DomainModule } from './domains/module.ts';
import { installAccessControl } from './http/access-control.ts';
import { installDocsPage, installDocument } from './http/document.ts';
import { installNotFoundHandler } from './http/error-handler.ts';
import { installHealth } from './http/health.ts';
import { installKeyPurge } from './http/idempotency.ts';
import { installInputPass } from './http/input-bounds.ts';
import { installJsonApi } from './http/json-api.ts';
import { installLanding } from './http/landing.ts';
import { installMetrics } from './http/metrics.ts';
import { installRequestStart } from './http/request-start.ts';
import { installRouteRegistry } from './http/route-registry.ts';
import { serverOptions } from './http/server-options.ts';
import type { LogOptions } from './http/server-options.ts';
import type { Sealer } from './platform/sealer.ts';
import { serverSealer } from './platform/server-key.ts';
import { mcpRoutes } from './mcp/http.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { installMcpRouteGuard } from './mcp/route-guard.ts';
import { publicApi } from './public-api.ts';
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

export interface BuildOptions extends LogOptions {
  config: Config;
  storage: Storage;
  modules?: DomainModule[];
}

/** The same factory builds the server, the tests' app and the benchmarks'; each step in the order it applies. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, storage } = options;
  const modules = options.modules ?? domainModules;
  const app = Fastify(serverOptions(config, options));
  app.decorate('storage', storage);
  app.decorate('config', config);
  app.decorate('sealer', await serverSealer(storage, config.secretsKey));
  installJsonApi(app);
  installRequestStart(app);
  installMcpRouteGuard(app);
  const registry = installRouteRegistry(app, API_PREFIX, isAdminUrl);
  await installAccessControl(app, storage, config);
  installInputPass(app);
  // Operator endpoints at the server's root, outside the public API and its document.
  installHealth(app, { migrations: allMigrations(modules).map((m) => m.name) });
  installMetrics(app);
  installLanding(app, { api: API_PREFIX, admin: ADMIN_PREFIX });
  await installDocument(app, API_PREFIX, isAdminUrl);
  await registerAdminDocument(app);
  await app.register(publicApi(modules, () => registry.routes), { prefix: API_PREFIX });
  await app.register(adminApi(modules), { prefix: ADMIN_PREFIX });
  await app.register(consoleRoutes);
  await app.register(mcpRoutes, { apiPrefix: API_PREFIX });
  await app.register(oauthRoutes);
  await installDocsPage(app, API_PREFIX);
  installNotFoundHandler(app, () => registry.patterns);
  installKeyPurge(app, storage);
  return app;
}
