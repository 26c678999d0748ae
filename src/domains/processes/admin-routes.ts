/** The processes domain's part of the admin API: the running, stuck and failed lists, and cancelling. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { requestSource } from '../../http/audit-source.ts';
import { named } from '../../http/components.ts';
import { route } from '../../http/route.ts';
import { DateTime, IdParam, Nullable, StringEnum, Text } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { cancelByAdministrator, STUCK_DAYS, WATCHED_STATES, watchedProcesses } from './admin.ts';

const read: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'read' };
const change: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'write', risk: 'high' };
const tags = ['processes'];

const Watched = named(
  'AdminProcess',
  Type.Object({
    id: Type.String(),
    templateTitle: Type.String(),
    status: Type.String(),
    entityType: Nullable(Type.String()),
    entityId: Nullable(Type.String()),
    initiatedById: Type.String({ description: 'the user who started it' }),
    progress: Type.Integer(),
    startedAt: DateTime(),
    updatedAt: DateTime({ description: 'its last step' }),
  }),
);
const WatchedPage = named('AdminProcessPage', Type.Object({ items: Type.Array(Watched), nextCursor: Nullable(Type.String()) }));
const WatchedQuery = Type.Object({
  state: StringEnum(WATCHED_STATES, { default: 'running', description: `running; stuck: running with no step for ${STUCK_DAYS} days; failed` }),
  cursor: Type.Optional(Type.String({ maxLength: 2000, description: 'nextCursor of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
});
const CancelBody = named('AdminCancelProcess', Type.Object({ reason: Type.Optional(Text({ minLength: 1, maxLength: 500, description: 'written to the journal and the audit trail' })) }, { additionalProperties: false }));
const Cancelled = named('AdminCancelledProcess', Type.Object({ id: Type.String(), changed: Type.Boolean({ description: 'false when it was no longer running' }), status: Type.String() }));

export async function processAdminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET', url: '/processes', operationId: 'adminListProcesses', tags, access: read, conditional: false,
    summary: 'Running, stuck or failed processes, newest first',
    query: WatchedQuery,
    response: { status: 200, schema: WatchedPage, description: 'One page of processes.' },
  }, async (request) => watchedProcesses(app.storage.db, request.actor.orgId, request.query));

  route(app, {
    method: 'POST', url: '/processes/:id/cancel', operationId: 'adminCancelProcess', tags, access: change,
    summary: 'Cancel a running process: its active stages are cancelled and their tasks closed',
    params: IdParam, body: CancelBody,
    response: { status: 200, schema: Cancelled, description: 'The outcome.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => cancelByAdministrator(tx, request.actor.orgId, request.params.id, request.body.reason, await requestSource(tx.db, request))));
}
