import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { named } from '../http/components.ts';
import { route } from '../http/route.ts';
import { buildCatalog } from './catalog.ts';
import type { RegisteredRoute } from '../http/route-registry.ts';
import type { Catalog } from './catalog.ts';

const PingResponse = named('Ping', Type.Object({
  ok: Type.Boolean(),
  apiVersion: Type.Literal('v1'),
  scopes: Type.Array(Type.String()),
  tokenId: Type.String(),
  orgUserId: Type.String(),
}));

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

const CatalogResponse = named('CapabilitiesCatalog', Type.Object({
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
}));

export function serviceRoutes(routes: () => RegisteredRoute[]) {
  return async function register(app: FastifyInstance): Promise<void> {
    let catalog: Catalog | undefined;
    route(app, {
      method: 'GET',
      url: '/ping',
      operationId: 'ping',
      summary: 'Check a token',
      description: 'Answers who the token is: its scopes, its id and the organization user it acts as. Reports apiVersion v1.',
      tags: ['service'],
      access: { scope: 'any', capability: 'access', mode: 'read' },
      conditional: false,
      response: { status: 200, schema: PingResponse, description: 'The token is valid.' },
    }, async (request) => ({
      ok: true,
      apiVersion: 'v1' as const,
      scopes: [...request.actor.scopes],
      tokenId: request.actor.tokenId,
      orgUserId: request.actor.orgUserId,
    }));
    route(app, {
      method: 'GET',
      url: '/capabilities',
      operationId: 'getCapabilities',
      summary: 'The capabilities catalog',
      description:
        'A machine-readable catalog: products, capabilities with their actions (scope, mode, required modules and permissions, risk, confirmation, Idempotency-Key requirement) and solution blueprints. Mutations go through the domain endpoints.',
      tags: ['service'],
      access: { scope: 'any', capability: 'access', mode: 'read' },
      conditional: false,
      response: { status: 200, schema: CatalogResponse, description: 'The catalog.' },
    }, async () => (catalog ??= buildCatalog(routes())));
  };
}
