/** The webhooks domain's part of the admin API: the delivery log, redelivery, replay and hourly counts. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { named } from '../../http/components.ts';
import { requestSource } from '../../http/audit-source.ts';
import { route } from '../../http/route.ts';
import { DateTime, IdParam, Nullable, StringEnum } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { EVENT_NAMES } from './catalog.ts';
import { DELIVERY_STATUSES, deliveriesPerHour, redeliverIn, replayIn } from './deliveries.ts';
import { deliveryLogOf } from './log.ts';
import { Subscription } from './schemas.ts';
import { enableSubscription, removeSubscription } from './subscription-state.ts';

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
      recordId: Nullable(Type.String({ description: 'the id of the record the event is about (null on deliveries queued before it was kept)' })),
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
const DeliveryLog = named(
  'AdminWebhookDeliveryLog',
  Type.Object({
    deliveries: Type.Array(Delivery),
    nextCursor: Nullable(Type.String({ description: 'pass as cursor, with the same filters, for older deliveries; null on the last page' })),
  }),
);
const DeliveryQuery = Type.Object({
  subscription: Type.Optional(Type.String({ format: 'uuid', description: 'only this subscription' })),
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  event: Type.Optional(StringEnum(EVENT_NAMES, { description: 'only this event' })),
  recordId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'only deliveries of events about this record' })),
  from: Type.Optional(DateTime({ description: 'created at or after this time' })),
  to: Type.Optional(DateTime({ description: 'created before this time' })),
  cursor: Type.Optional(Type.String({ maxLength: 2000, description: 'nextCursor of the previous page' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
const Deleted = named('AdminDeletedWebhook', Type.Object({ id: Type.String(), deleted: Type.Literal(true) }));
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
    description: 'Filters combine; pages through `cursor` (the previous page\'s nextCursor, with the same filters).',
    query: DeliveryQuery,
    response: { status: 200, schema: DeliveryLog, description: 'One page of deliveries.' },
  }, async (request) => {
    const { subscription, from, to, ...rest } = request.query;
    const time = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso).toISOString());
    return deliveryLogOf(app.storage.db, request.actor.orgId, { ...rest, subscriptionId: subscription, from: time(from), to: time(to) });
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

  route(app, {
    method: 'POST', url: '/webhooks/:id/enable', operationId: 'adminEnableWebhook', tags, access: change,
    summary: 'Enable a disabled subscription: events from now on are delivered to it',
    params: IdParam,
    response: { status: 200, schema: Subscription, description: 'The subscription, active.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => enableSubscription(tx, request.actor.orgId, request.params.id, await requestSource(tx.db, request))));

  route(app, {
    method: 'DELETE', url: '/webhooks/:id', operationId: 'adminDeleteWebhook', tags, access: change,
    summary: 'Delete a disabled subscription for good (its finished deliveries stay in the log until retention)',
    params: IdParam,
    response: { status: 200, schema: Deleted, description: 'The subscription is deleted.' },
  }, async (request, reply) =>
    write(request, reply, 200, async (tx) => removeSubscription(tx, request.actor.orgId, request.params.id, await requestSource(tx.db, request))));
}
