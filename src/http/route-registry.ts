/**
 * Every route as it is added: the URL patterns the not-found handler tells 404 from 405 with, and
 * the public API's routes and their access, from which the capabilities catalog is built.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './access.ts';
import { routePattern } from './error-handler.ts';

/** A public API route: its path relative to the API prefix. */
export interface RegisteredRoute {
  method: string;
  path: string;
  access: RouteAccess;
}

export interface RouteRegistry {
  readonly routes: RegisteredRoute[];
  readonly patterns: Array<{ method: string; pattern: RegExp }>;
}

/** `prefix`: the public API's; `elsewhere`: URLs of routes outside it that carry an access too (the admin API). */
export function installRouteRegistry(app: FastifyInstance, prefix: string, elsewhere: (url: string) => boolean): RouteRegistry {
  const registry: RouteRegistry = { routes: [], patterns: [] };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      registry.patterns.push({ method, pattern: routePattern(route.url) });
      const access = route.config?.access;
      if (access && !elsewhere(route.url)) registry.routes.push({ method, path: route.url.slice(prefix.length) || '/', access });
    }
  });
  return registry;
}
