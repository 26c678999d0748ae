import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponses } from '../http/schemas.ts';
import { buildCatalog } from './catalog.ts';
import type { Catalog, RegisteredRoute } from './catalog.ts';

const PingResponse = Type.Object({
  ok: Type.Boolean(),
  apiVersion: Type.Literal('v1'),
  scopes: Type.Array(Type.String()),
  tokenId: Type.String(),
  orgUserId: Type.String(),
});

const Action = Type.Object({
  scope: Type.String(),
  mode: Type.String(),
  method: Type.String(),
  path: Type.String(),
  requiredModules: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  risk: Type.String(),
  confirmation: Type.Boolean(),
  idempotencyKey: Type.String(),
});

const CatalogResponse = Type.Object({
  schemaVersion: Type.Integer(),
  products: Type.Array(Type.Object({ slug: Type.String(), status: Type.String() })),
  capabilities: Type.Array(
    Type.Object({
      key: Type.String(),
      version: Type.Integer(),
      kind: Type.String(),
      dependsOn: Type.Array(Type.String()),
      providers: Type.Array(Type.String()),
      exposure: Type.String(),
      actions: Type.Array(Action),
    }),
  ),
  solutionBlueprints: Type.Array(Type.Object({ key: Type.String(), maturity: Type.String(), operators: Type.Array(Type.String()) })),
});

export function serviceRoutes(routes: () => RegisteredRoute[]) {
  return async function register(app: FastifyInstance): Promise<void> {
    let catalog: Catalog | undefined;
    app.get(
      '/ping',
      {
        schema: { tags: ['service'], summary: 'Check a token', response: { 200: PingResponse, ...ErrorResponses } },
        config: { access: { scope: 'any', capability: 'access', mode: 'read' } },
      },
      async (request) => ({
        ok: true,
        apiVersion: 'v1' as const,
        scopes: [...request.actor.scopes],
        tokenId: request.actor.tokenId,
        orgUserId: request.actor.orgUserId,
      }),
    );
    app.get(
      '/capabilities',
      {
        schema: { tags: ['service'], summary: 'The capabilities catalog', response: { 200: CatalogResponse, ...ErrorResponses } },
        config: { access: { scope: 'any', capability: 'access', mode: 'read' } },
      },
      async () => (catalog ??= buildCatalog(routes())),
    );
  };
}
