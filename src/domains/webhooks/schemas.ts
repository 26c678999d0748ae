import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const Subscription = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  isActive: Type.Boolean(),
  failureCount: Type.Integer({ description: 'failed attempts since the last success' }),
  lastSuccessAt: Timestamp,
  lastFailureAt: Timestamp,
});
export type Subscription = Static<typeof Subscription>;

export const CreatedSubscription = Type.Composite([
  Subscription,
  Type.Object({
    secret: Type.Optional(
      Type.String({ description: 'the signing secret: shown only in the first response; an Idempotency-Key replay of the create answers without it' }),
    ),
    note: Type.String(),
  }),
]);
export type CreatedSubscription = Static<typeof CreatedSubscription>;

export const CreateSubscriptionBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'an https:// URL on a public address' }),
    events: Type.Union([Type.Literal('*'), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })], {
      description: 'catalog event names, or "*" (or ["*"]) for every event',
    }),
  },
  { additionalProperties: false },
);
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBody>;

export const SubscriptionList = Type.Object({ items: Type.Array(Subscription) });
export const EventCatalog = Type.Object({ events: Type.Array(Type.String()) });
export const Ok = Type.Object({ ok: Type.Literal(true) });
