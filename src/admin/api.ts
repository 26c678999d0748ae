/**
 * The admin API at /api/admin/v1: the same tokens and route() contracts as the public API, for
 * administrators only, described by its own OpenAPI document (/api/admin/v1/openapi.json).
 * Its operations are this folder's (users, tokens, settings, audit) and each module's
 * `adminRoutes` (the webhook delivery log). Not part of the kernel: it may call domains.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { DomainModule } from '../domains/module.ts';
import { finishDocument, SECURITY, SECURITY_SCHEMES } from '../http/openapi.ts';
import { adminRoutes } from './routes.ts';
import { signinRoutes } from './signin.ts';
import { consentRoutes } from './consent.ts';

export const ADMIN_PREFIX = '/api/admin/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin API's OpenAPI document. */
    adminSwagger: () => unknown;
  }
}

const DESCRIPTION = `The operations of an organization's administrators: users and their role rights, API tokens, organization settings, the webhook delivery log and the audit trail.

Every operation needs an \`admin:all\` token whose owner holds every role right, sent as with the public API (\`X-API-Token\` or \`Authorization: Bearer\`), or the console's session cookie of such a user (\`POST /session\` signs in with e-mail and password; a change made with the cookie also carries \`X-CSRF-Token\`). Errors use the public API's envelope. Every change is recorded in the audit trail (\`GET /audit\`).`;

/** Whether a route belongs to the admin API (the public document leaves these out). */
export function isAdminUrl(url: string): boolean {
  return url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
}

/** Registers the admin document's generator; call before any route is declared. */
export async function registerAdminDocument(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: {
      openapi: '3.1.0',
      info: { title: 'bizplat admin API', version: 'v1', description: DESCRIPTION },
      servers: [{ url: ADMIN_PREFIX }],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: SECURITY,
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) =>
      isAdminUrl(url) ? { schema: route.config?.openapi ?? schema, url: url.slice(ADMIN_PREFIX.length) || '/' } : { schema: { ...schema, hide: true }, url },
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject as Record<string, unknown>, new Map()) : document.swaggerObject,
  });
}

/** The admin API's routes, registered under ADMIN_PREFIX. */
export function adminApi(modules: DomainModule[]) {
  return async (api: FastifyInstance): Promise<void> => {
    await api.register(adminRoutes);
    await api.register(signinRoutes);
    await api.register(consentRoutes);
    for (const module of modules) if (module.adminRoutes) await api.register(module.adminRoutes);
    api.get('/openapi.json', { schema: { hide: true } }, async () => api.adminSwagger());
  };
}
