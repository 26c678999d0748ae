import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { named } from '../http/components.ts';
import { route } from '../http/route.ts';
import { findCallerNames } from '../platform/queries.ts';
import { RIGHTS } from '../platform/rights.ts';
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

const MeResponse = named('Me', Type.Object({
  userId: Type.String({ description: 'The user id: what assignee_id, executor_ids and other user references take.' }),
  orgUserId: Type.String({ description: 'The membership id in this organization, as /ping reports it.' }),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  organization: Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String(), currency: Type.String() }),
  tokenId: Type.String(),
  scopes: Type.Array(Type.String()),
  rights: Type.Array(Type.String(), { description: 'The rights the user holds in the organization (every right for its owner). A call needs both its scope on the token and its right here.' }),
  isOwner: Type.Boolean(),
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
      url: '/me',
      operationId: 'getMe',
      summary: 'Who the token acts as',
      description:
        'Extension. The caller\'s user id (the id that assignee_id and other user references take), its organization user id (as /ping reports), name, organization, the token\'s scopes and the rights the user holds. What a call may do is the token\'s scope intersected with these rights.',
      tags: ['service'],
      access: { scope: 'any', capability: 'access', mode: 'read' },
      conditional: false,
      response: { status: 200, schema: MeResponse, description: 'The caller.' },
    }, async (request) => {
      const actor = request.actor;
      const names = await findCallerNames(app.storage.db, actor.orgId, actor.userId);
      return {
        userId: actor.userId,
        orgUserId: actor.orgUserId,
        name: names?.userName ?? '',
        email: names?.email ?? null,
        organization: { id: actor.orgId, slug: actor.orgSlug, name: names?.orgName ?? actor.orgSlug, currency: actor.orgCurrency },
        tokenId: actor.tokenId,
        scopes: [...actor.scopes],
        rights: actor.isAdmin ? [...RIGHTS] : RIGHTS.filter((right) => actor.rights.has(right)),
        isOwner: actor.isAdmin,
      };
    });
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
