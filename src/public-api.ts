/** The public API: the capabilities catalog, every module's routes and the OpenAPI document. */
import type { FastifyInstance } from 'fastify';
import { serviceRoutes } from './capabilities/routes.ts';
import type { DomainModule } from './domains/module.ts';
import type { RegisteredRoute } from './http/route-registry.ts';

export function publicApi(modules: DomainModule[], routes: () => RegisteredRoute[]) {
  return async (api: FastifyInstance): Promise<void> => {
    await api.register(serviceRoutes(routes));
    for (const module of modules) if (module.routes) await api.register(module.routes);
    api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  };
}
