/** The public API's OpenAPI document (built from the routes' declarations) and its docs page. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_CONTACT, API_INTRODUCTION, API_LICENSE, API_TAGS } from './openapi-intro.ts';
import { finishDocument, SECURITY, SECURITY_SCHEMES } from './openapi.ts';
import type { WebhookEntry } from './openapi.ts';

const DOCS_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="0" y="28" font-family="sans-serif" font-size="26" font-weight="bold" fill="#fff">bizplat</text></svg>',
);

/** `prefix`: where the public API is served; `hidden`: URLs of other documents (the admin API). */
export async function installDocument(app: FastifyInstance, prefix: string, hidden: (url: string) => boolean): Promise<void> {
  app.decorate('apiWebhooks', new Map<string, WebhookEntry>());
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'bizplat public API', version: 'v1', description: API_INTRODUCTION, contact: API_CONTACT, license: API_LICENSE },
      servers: [{ url: prefix }],
      tags: API_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
      security: SECURITY,
    },
    // Shared schemas keep their $id as the component name (#/components/schemas/ErrorEnvelope).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    // A route declared with route() carries its documented operation in config.openapi.
    transform: ({ schema, url, route }) => ({
      schema: hidden(url) ? { ...schema, hide: true } : (route.config?.openapi ?? schema),
      url: url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url,
    }),
    transformObject: (document) =>
      'openapiObject' in document ? finishDocument(document.openapiObject as Record<string, unknown>, app.apiWebhooks) : document.swaggerObject,
  });
}

/** The docs page at `<prefix>/docs`, loading the document clients use. */
export async function installDocsPage(app: FastifyInstance, prefix: string): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: `${prefix}/docs`,
    theme: { title: 'bizplat API' },
    logo: { type: 'image/svg+xml', content: DOCS_LOGO },
    // `urls` wins over the UI's own ./json: the page loads the document clients use.
    uiConfig: { urls: [{ url: `${prefix}/openapi.json`, name: 'bizplat public API v1' }], deepLinking: true },
  });
}
