import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { DateTime, Name, Nullable, StringEnum, Text, Uuid } from '../../http/schemas.ts';
import { EVENT_NAMES } from './catalog.ts';

const Timestamp = Nullable(DateTime());
const subscriptionExample = {
  id: '0193b1f0-4d5e-7f60-8172-839405a6b7c8',
  version: 1,
  name: 'ERP sync',
  url: 'https://erp.example.com/hooks/bizplat',
  events: ['client.created', 'deal.won'],
  isActive: true,
  includeRecord: false,
  failureCount: 0,
  lastSuccessAt: '2025-03-01T09:30:00.000+00:00',
  lastFailureAt: null,
};

const INCLUDE_RECORD = `beyond the spec: whether each delivery's data also carries record, the record as its GET showed it right after the change (as the events feed gives it with include=record), where the domain records it`;

export const Subscription = named(
  'WebhookSubscription',
  Type.Object(
    {
      id: Uuid(),
      version: Type.Integer({ minimum: 1, description: 'beyond the spec: the version PATCH /webhooks/{id} takes in If-Match' }),
      name: Type.String(),
      url: Type.String({ format: 'uri', description: 'an https:// URL' }),
      events: Type.Array(Type.String(), { description: 'catalog event names, or ["*"] for every event' }),
      isActive: Type.Boolean(),
      includeRecord: Type.Boolean({ description: INCLUDE_RECORD }),
      failureCount: Type.Integer({ minimum: 0, description: 'failed attempts since the last success' }),
      lastSuccessAt: Timestamp,
      lastFailureAt: Timestamp,
    },
    { description: 'A webhook subscription with its delivery statistics.', examples: [subscriptionExample] },
  ),
);
export type Subscription = Static<typeof Subscription>;

export const CreatedSubscription = named(
  'CreatedWebhookSubscription',
  Type.Composite(
    [
      Subscription,
      Type.Object({
        secret: Type.Optional(
          Type.String({ description: 'the signing secret: shown only in the first response; an Idempotency-Key replay of the create answers without it' }),
        ),
        note: Type.String(),
      }),
    ],
    {
      description: 'The subscription just created, with its signing secret (shown once: a replay answers without it, with a note saying so).',
      examples: [{ ...subscriptionExample, lastSuccessAt: null, secret: 'whsec_P5wrfl0aTI6bD2otfE4bil89nG4qe08djA5qO50vfE4=', note: 'store the secret now: it is not shown again' }],
    },
  ),
);
export type CreatedSubscription = Static<typeof CreatedSubscription>;

const SubscribedEvents = Type.Union([Type.Literal('*'), Type.Array(Text({ maxLength: 100 }), { maxItems: 50 })], {
  description: 'catalog event names, or "*" (or ["*"]) for every event',
});

export const CreateSubscriptionBody = named(
  'WebhookSubscriptionCreate',
  Type.Object(
    {
      name: Name(200),
      url: Text({ minLength: 1, maxLength: 2048, description: 'an https:// URL on a public address' }),
      events: SubscribedEvents,
      includeRecord: Type.Optional(Type.Boolean({ description: `${INCLUDE_RECORD}; false by default: the body is then exactly the spec's` })),
    },
    { additionalProperties: false, examples: [{ name: 'ERP sync', url: 'https://erp.example.com/hooks/bizplat', events: ['client.created', 'deal.won'] }] },
  ),
);
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBody>;

export const PatchSubscriptionBody = named(
  'WebhookSubscriptionPatch',
  Type.Object(
    {
      name: Type.Optional(Name(200)),
      url: Type.Optional(Text({ minLength: 1, maxLength: 2048, description: 'an https:// URL on a public address, checked as on create' })),
      events: Type.Optional(SubscribedEvents),
      includeRecord: Type.Optional(Type.Boolean({ description: INCLUDE_RECORD })),
    },
    { additionalProperties: false, examples: [{ events: ['client.created', 'client.updated', 'deal.won'] }] },
  ),
);
export type PatchSubscriptionBody = Static<typeof PatchSubscriptionBody>;

/** The answer of POST /webhooks/{id}/test: what the one attempt got. */
export const TestDeliveryOutcome = named(
  'WebhookTestOutcome',
  Type.Object(
    {
      id: Uuid({ description: 'the test event id: the webhook-id and X-Webhook-Id it was sent with, and the body\'s id' }),
      deliveryId: Uuid({ description: 'the delivery in the delivery log (GET /admin/webhooks/deliveries)' }),
      event: Type.Literal('webhook.test'),
      ok: Type.Boolean({ description: 'the receiver answered 2xx' }),
      statusCode: Nullable(Type.Integer({ description: 'the HTTP status the receiver answered; null when none came (connection refused, time-out)' })),
      durationMs: Type.Integer({ minimum: 0 }),
      error: Nullable(Type.String({ description: 'why it failed; null on success' })),
    },
    {
      description: 'The outcome of the one attempt of a test delivery (it is not retried).',
      examples: [{ id: '0193b1d4-6a7b-7c8d-9e0f-1a2b3c4d5e6f', deliveryId: '0193b1d4-7a7b-7c8d-9e0f-1a2b3c4d5e6f', event: 'webhook.test', ok: true, statusCode: 204, durationMs: 12, error: null }],
    },
  ),
);
export type TestDeliveryOutcome = Static<typeof TestDeliveryOutcome>;

export const SubscriptionList = named('WebhookSubscriptionList', Type.Object({ items: Type.Array(Subscription) }));
export const EventCatalog = named(
  'EventCatalog',
  Type.Object({ events: Type.Array(Type.String()) }, { examples: [{ events: [...EVENT_NAMES, '*'] }] }),
);
export const Ok = named('Ok', Type.Object({ ok: Type.Literal(true) }));

/** The body of every delivery: the bytes X-Webhook-Signature signs. */
export const WebhookPayload = named(
  'WebhookPayload',
  Type.Object(
    {
      event: StringEnum(EVENT_NAMES),
      data: Type.Object(
        {
          entityType: Type.String({ description: 'the kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process' }),
          entityId: Type.String({ description: 'the record id' }),
        },
        { additionalProperties: true, description: 'entityType and entityId, then the event context (version, changedFields, stageId, stage, …)' },
      ),
      ts: DateTime({ description: 'when the event happened' }),
      id: Type.Optional(Uuid({ description: 'beyond the spec: the event id, as in the webhook-id and X-Webhook-Id headers (the same on every attempt and redelivery: repeats can be told apart). Present on every delivery made since it was added; a redelivery of one stored before is sent as it was' })),
      type: Type.Optional(StringEnum(EVENT_NAMES, { description: 'beyond the spec: the event name again, under the name Standard Webhooks gives it' })),
    },
    {
      examples: [{
        event: 'deal.won',
        data: { entityType: 'deal', entityId: '0193b1d4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', version: 4, stageId: '0193b1d0-0a0b-7c0d-8e0f-1a2b3c4d5e6f', stage: 'Won' },
        ts: '2025-03-01T09:30:00.000+00:00',
        id: '0193b1d4-6a7b-7c8d-9e0f-1a2b3c4d5e6f',
        type: 'deal.won',
      }],
    },
  ),
);

/** The body of a test delivery (POST /webhooks/{id}/test): shaped as every delivery, about the subscription itself. */
export const TestPayload = named(
  'WebhookTestPayload',
  Type.Object({
    event: Type.Literal('webhook.test'),
    data: Type.Object({
      entityType: Type.Literal('webhook_subscription'),
      entityId: Uuid({ description: 'the subscription the test was sent to' }),
    }),
    ts: DateTime({ description: 'when the test was asked for' }),
    id: Uuid({ description: 'the test event id, as in webhook-id and X-Webhook-Id' }),
    type: Type.Literal('webhook.test'),
  }),
);

export const RotatedSecret = named(
  'RotatedWebhookSecret',
  Type.Object(
    {
      id: Uuid(),
      secret: Type.Optional(
        Type.String({ description: 'the new signing secret: shown only in this response; an Idempotency-Key replay answers without it' }),
      ),
      previousSecretExpiresAt: Nullable(DateTime({ description: 'until then deliveries are also signed with the previous secret (webhook-signature); null: it was dropped at once' })),
      note: Type.String(),
    },
    {
      description: 'The new signing secret of a subscription (shown once) and the end of the overlap with the previous one.',
      examples: [{ id: subscriptionExample.id, secret: 'whsec_2Vt8b0GQx1mY3kQ9n4cL7rJ5pW6sA0dE8fH1iK2lM3o=', previousSecretExpiresAt: '2025-03-02T09:30:00.000+00:00', note: 'store the new secret now: it is not shown again' }],
    },
  ),
);
export type RotatedSecret = Static<typeof RotatedSecret>;
