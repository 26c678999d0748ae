/** The webhooks domain's part of the admin API: the delivery log, redelivery, replay and hourly counts. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { named } from '../../http/components.ts';
import { requestSource } from '../../http/audit-source.ts';
import { route } from '../../http/route.ts';
import { DateTime, IdParam, Nullable, StringEnum } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { DELIVERY_STATUSES, deliveriesPerHour, deliveryLogOf, redeliverIn, replayIn } from './deliveries.ts';

const read: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'read' };
const change: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'admin', mode: 'write', risk: 'high' };
const tags = ['webhook deliveries'];

const Attempt = Type.Object({
  attempt: Type.Integer(),
  at: DateTime(),
  ok: Type.Boolean(),
  statusCode: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
});
const Delivery = named(
  'AdminWebhookDelivery',
  Type.Object(
    {
      id: Type.String(),
      subscriptionId: Type.String(),
      eventId: Type.String(),
      event: Type.String(),
      status: StringEnum(DELIVERY_STATUSES),
      attemptCount: Type.Integer(),
      nextAttemptAt: Nullable(DateTime()),
      createdAt: DateTime(),
      completedAt: Nullable(DateTime()),
      attempts: Type.Array(Attempt),
    },
    { description: 'A delivery of one event to one subscription with every attempt.' },
  ),
);
const DeliveryLog = named('AdminWebhookDeliveryLog', Type.Object({ deliveries: Type.Array(Delivery) }));
const DeliveryQuery = Type.Object({
  subscription: Type.Optional(Type.String({ format: 'uuid', description: 'only this subscription' })),
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
const Redelivery = named(
  'AdminRedelivery',
  Type.Object({
    deliveryId: Type.String(),
    ok: Type.Boolean(),
    statusCode: Nullable(Type.Integer()),
    durationMs: Type.Integer(),
    error: Nullable(Type.String()),
    nextAttemptAt: Nullable(DateTime()),
  }),
);
const ReplayBody = named('AdminReplay', Type.Object({ since: DateTime({ description: 'events at or after this time are sent again' }) }, { additionalProperties: false }));
const Replayed = named('AdminReplayed', Type.Object({ subscriptionId: Type.String(), since: DateTime(), queued: Type.Integer() }));
const Hourly = named(
  'AdminDeliveriesPerHour',
  Type.Object({
    hours: Type.Array(Type.Object({ hour: DateTime(), succeeded: Type.Integer(), failed: Type.Integer() }), { description: 'oldest hour first' }),
  }),
);

export async function webhookAdminRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET', url: '/webhooks/deliveries', operationId: 'adminListWebhookDeliveries', tags, access: read, conditional: false,
    summary: 'Webhook deliveries, newest first, with every attempt',
    query: DeliveryQuery,
    response: { status: 200, schema: DeliveryLog, description: 'The deliveries.' },
  }, async (request) => {
    const { subscription, status, limit } = request.query;
    return deliveryLogOf(app.storage.db, request.actor.orgId, { limit, ...(subscription ? { subscriptionId: subscription } : {}), ...(status ? { status } : {}) });
  });

  route(app, {
    method: 'GET', url: '/webhooks/deliveries/hourly', operationId: 'adminWebhookDeliveriesPerHour', tags, access: read, conditional: false,
    summary: 'Delivery attempts succeeded and failed per hour over the last 7 days',
    response: { status: 200, schema: Hourly, description: '168 hours.' },
  }, async (request) => ({ hours: await deliveriesPerHour(app.storage.db, request.actor.orgId, 7) }));

  route(app, {
    method: 'POST', url: '/webhooks/deliveries/:id/redeliver', operationId: 'adminRedeliverWebhook', tags, access: change,
    summary: 'Attempt one delivery again now (a failed one included) and answer its outcome',
    description: 'An Idempotency-Key is not replayed here: each call is a new attempt.',
    params: IdParam,
    response: { status: 200, schema: Redelivery, description: 'The outcome of the attempt.' },
  }, async (request) => redeliverIn(app.storage, app.config, request.actor.orgId, request.params.id, await requestSource(app.storage.db, request)));

  route(app, {
    method: 'POST', url: '/webhooks/:id/replay', operationId: 'adminReplayWebhook', tags, access: change,
    summary: 'Queue a new delivery to a subscription for every matching event since a time',
    params: IdParam, body: ReplayBody,
    response: { status: 200, schema: Replayed, description: 'How many deliveries were queued.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => replayIn(tx, request.actor.orgId, request.params.id, request.body.since, await requestSource(tx.db, request))));
}
