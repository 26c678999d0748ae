import { KindGuard, Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { declaredEvent } from '../../events/registry.ts';
import type { RouteAccess } from '../../http/access.ts';
import { requestSource } from '../../http/audit-source.ts';
import { taggedByCollection } from '../../http/conditional.ts';
import { documentWebhook } from '../../http/openapi.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write } from '../../http/write.ts';
import { EVENT_NAMES } from './catalog.ts';
import { subscriptions } from './queries.ts';
import { CreatedSubscription, CreateSubscriptionBody, EventCatalog, Ok, PatchSubscriptionBody, RotatedSecret, Subscription, SubscriptionList, TestDeliveryOutcome, TestPayload, WebhookPayload } from './schemas.ts';
import { rotateSecret, ROTATION_SHOWN_ONCE_NOTE } from './rotation.ts';
import { createSubscription, deleteSubscription, eventCatalog, listSubscriptions, patchSubscription, SHOWN_ONCE_NOTE } from './subscriptions.ts';
import { sendTestEvent, TEST_EVENT } from './test-send.ts';
import { checkTargetUrl } from './target-url.ts';

const read: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'event_bus', mode: 'read' };
const change: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'event_bus', mode: 'write' };
const tags = ['webhooks'];

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET', url: '/webhooks/event-catalog', operationId: 'getWebhookEventCatalog', tags, access: read,
    summary: 'The events a subscription may take',
    description: 'The event names of the catalog, and * for every event.',
    conditional: false,
    response: { status: 200, schema: EventCatalog, description: 'The event catalog.' },
  }, async () => eventCatalog());

  route(app, {
    method: 'GET', url: '/webhooks', operationId: 'listWebhooks', tags, access: read,
    summary: 'Webhook subscriptions with delivery statistics',
    description: 'Every subscription of the organization with failureCount, lastSuccessAt and lastFailureAt (no secret).',
    conditional: taggedByCollection(subscriptions),
    response: { status: 200, schema: SubscriptionList, description: 'The subscriptions.' },
  }, async (request) => listSubscriptions(app.storage.db, request.actor));

  route(app, {
    method: 'POST', url: '/webhooks', operationId: 'createWebhook', tags, access: { ...change, risk: 'high' },
    summary: 'Subscribe a URL to events (the signing secret is returned only here)',
    description:
      'The URL must be https on a public address (loopback, private, link-local and reserved addresses are refused with 422; a server run for development with BIZPLAT_WEBHOOK_ALLOW_PRIVATE=1 takes them, over plain http too). Each delivery is signed with the secret returned here: see X-Webhook-Signature in the webhooks section.',
    body: CreateSubscriptionBody,
    response: { status: 201, schema: CreatedSubscription, description: 'The subscription, with its secret and a note.' },
  }, async (request, reply) => {
    const target = await checkTargetUrl(request.body.url, app.config.webhookAllowPrivate);
    const body = { ...request.body, url: target.href };
    return write<CreatedSubscription>(request, reply, 201, async (tx) => createSubscription(tx, request.actor, body, app.sealer, await requestSource(tx.db, request)), {
      shownOnce: ['secret'],
      onReplay: { note: SHOWN_ONCE_NOTE },
    });
  });

  route(app, {
    method: 'PATCH', url: '/webhooks/:id', operationId: 'updateWebhook', tags, access: { ...change, risk: 'high' },
    summary: 'Change a subscription: name, url, events, includeRecord (extension of v1)',
    description:
      'Changes only the fields sent, checked as on create (the url as POST /webhooks checks it). Takes If-Match with the version, as the other PATCHes. ' +
      'Events written from now on are sent as the subscription now stands; deliveries already queued go to the new url with the body they were made with. ' +
      'The secret is not changed (see rotate-secret). Recorded in the audit trail with each changed field before and after.',
    params: IdParam,
    body: PatchSubscriptionBody,
    response: { status: 200, schema: Subscription, description: 'The subscription at its new version (also the ETag).' },
    errors: { 409: 'If-Match names another version (stale_version).' },
  }, async (request, reply) => {
    const expected = expectedVersion(request);
    const url = request.body.url === undefined ? undefined : (await checkTargetUrl(request.body.url, app.config.webhookAllowPrivate)).href;
    const body = { ...request.body, ...(url === undefined ? {} : { url }) };
    return write(request, reply, 200, async (tx) => patchSubscription(tx, request.actor, request.params.id, body, expected, await requestSource(tx.db, request)));
  });

  route(app, {
    method: 'POST', url: '/webhooks/:id/test', operationId: 'testWebhook', tags, access: change,
    summary: 'Send a signed webhook.test event to a subscription now and answer what the receiver did (extension of v1)',
    description:
      'Whatever events the subscription takes, one webhook.test delivery is signed and sent at once, exactly as every delivery (the same headers and body shape; data names the subscription), ' +
      'and the answer says what came back: ok, statusCode, durationMs, error. It is not retried; it shows in the delivery log and the audit trail. ' +
      'An Idempotency-Key is not replayed here: each call sends a new test.',
    params: IdParam,
    response: { status: 200, schema: TestDeliveryOutcome, description: 'The outcome of the attempt (a receiver that failed is reported here, not as an error).' },
    errors: {
      409: 'Outgoing deliveries of the organization are paused (deliveries_paused).',
      422: 'The subscription is disabled (validation_error).',
    },
  }, async (request) => sendTestEvent(app.storage, app.config, request.actor.orgId, request.params.id, await requestSource(app.storage.db, request)));

  route(app, {
    method: 'DELETE', url: '/webhooks/:id', operationId: 'deleteWebhook', tags, access: change,
    summary: 'Disable a subscription and cancel its queued deliveries',
    params: IdParam,
    response: { status: 200, schema: Ok, description: 'The subscription is disabled.' },
  }, async (request, reply) => write(request, reply, 200, async (tx) => deleteSubscription(tx, request.actor, request.params.id, await requestSource(tx.db, request))));

  route(app, {
    method: 'POST', url: '/webhooks/:id/rotate-secret', operationId: 'rotateWebhookSecret', tags, access: { ...change, risk: 'high' },
    summary: 'Replace the signing secret of a subscription (extension of v1)',
    description:
      'Answers a new secret, shown only here. For BIZPLAT_WEBHOOK_SECRET_OVERLAP_HOURS (default 24) deliveries carry in webhook-signature a second signature under the previous secret, ' +
      'so receivers can switch over; X-Webhook-Signature is under the new secret only. Rotating again during the overlap ends the older secret at once. Recorded in the audit trail.',
    params: IdParam,
    response: { status: 200, schema: RotatedSecret, description: 'The new secret and when the previous one stops signing.' },
    errors: { 422: 'The subscription is disabled (validation_error).' },
  }, async (request, reply) =>
    write<RotatedSecret>(
      request,
      reply,
      200,
      async (tx) => rotateSecret(tx, request.actor.orgId, request.params.id, app.sealer, app.config.webhookSecretOverlapHours, await requestSource(tx.db, request)),
      { shownOnce: ['secret'], onReplay: { note: ROTATION_SHOWN_ONCE_NOTE } },
    ));

  for (const event of EVENT_NAMES) documentWebhook(app, event, deliveryOperation(event, payloadOf(event)));
  documentWebhook(app, TEST_EVENT, deliveryOperation(TEST_EVENT, TestPayload, 'Sent only by POST /webhooks/{id}/test, to that subscription, whatever its events; never retried. '));
}

/**
 * The body of one event's deliveries: the common payload, narrowed to this event and its data to
 * entityType, entityId and the event's declared context (the schema emit checks it with).
 */
function payloadOf(event: string) {
  const declared = declaredEvent(event);
  if (declared === undefined) return WebhookPayload;
  const { context, entityType } = declared.declaration;
  const properties = KindGuard.IsObject(context) ? context.properties : {};
  return Type.Intersect([
    WebhookPayload,
    Type.Object({
      event: Type.Literal(event),
      data: Type.Object(
        {
          entityType: Type.Literal(entityType, { description: 'the kind of record' }),
          entityId: Type.String({ description: 'the record id' }),
          ...properties,
          record: Type.Optional(Type.Object({}, {
            additionalProperties: true,
            description: `beyond the spec, only for a subscription created with includeRecord: the ${entityType} as its GET showed it right after the change (no field the API keeps from its readers); absent where the domain records none`,
          })),
        },
        { description: `entityType and entityId, then the context of ${event}; record only for a subscription with includeRecord` },
      ),
    }),
  ]);
}

/** The POST the server sends to a subscribed URL for one event. */
function deliveryOperation(event: string, payload: TSchema, sentWhen?: string) {
  return {
    post: {
      operationId: `webhook_${event.replace(/\W/g, '_')}`,
      summary: `The ${event} event`,
      description:
        (sentWhen ?? `Sent to every active subscription whose events include ${event} or *. `) + 'Verify X-Webhook-Signature before processing; answer 2xx quickly. ' +
        (sentWhen === undefined ? 'Failed deliveries are repeated up to 5 times (after 1 min, 5 min, 30 min, 2 h, 8 h).' : ''),
      tags,
      parameters: [
        {
          name: 'X-Webhook-Signature',
          in: 'header',
          required: true,
          description: 'Hex HMAC-SHA256 of the raw request body keyed with the subscription secret; compare in constant time.',
          schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
        {
          name: 'X-Webhook-Id',
          in: 'header',
          required: true,
          description: 'The event id: the same on every attempt of one event, so a receiver can drop repeats.',
          schema: { type: 'string' },
        },
        {
          name: 'X-Webhook-Timestamp',
          in: 'header',
          required: true,
          description: 'When this attempt was sent, in Unix seconds.',
          schema: { type: 'string', pattern: '^\\d+$' },
        },
        {
          name: 'X-Webhook-Signature-V2',
          in: 'header',
          required: false,
          description: 'Only when the server enables it: hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<raw body>" with the subscription secret, for receivers that want replay protection.',
          schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
        {
          name: 'webhook-id',
          in: 'header',
          required: true,
          description: 'Standard Webhooks: the event id, the same as X-Webhook-Id and the same on every attempt.',
          schema: { type: 'string' },
        },
        {
          name: 'webhook-timestamp',
          in: 'header',
          required: true,
          description: 'Standard Webhooks: when this attempt was sent, in Unix seconds (the same as X-Webhook-Timestamp).',
          schema: { type: 'string', pattern: '^\\d+$' },
        },
        {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          description:
            'Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoding of the secret after "whsec_" — ' +
            'what the Standard Webhooks receiver libraries check with new Webhook(secret). During the overlap after a secret rotation, a second "v1," signature under the replaced secret follows, space-separated.',
          schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)?$' },
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: payload } } },
      responses: { '2XX': { description: 'Received; any other answer (or none within the time-out) is retried.' } },
      security: [],
    },
  };
}
