import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RouteAccess } from '../../http/access.ts';
import { ErrorResponses, IdParam } from '../../http/schemas.ts';
import { write } from '../../http/write.ts';
import { CreatedSubscription, CreateSubscriptionBody, EventCatalog, Ok, SubscriptionList } from './schemas.ts';
import { createSubscription, deleteSubscription, eventCatalog, listSubscriptionsOf } from './subscriptions.ts';
import { checkTargetUrl } from './target-url.ts';

const read: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'event_bus', mode: 'read' };
const change: RouteAccess = { scope: 'admin:all', right: 'all', capability: 'event_bus', mode: 'write' };
const tags = ['webhooks'];

export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/webhooks/event-catalog',
    { schema: { tags, summary: 'The events a subscription may take', response: { 200: EventCatalog, ...ErrorResponses } }, config: { access: read } },
    async () => eventCatalog(),
  );

  app.get(
    '/webhooks',
    { schema: { tags, summary: 'Webhook subscriptions with delivery statistics', response: { 200: SubscriptionList, ...ErrorResponses } }, config: { access: read } },
    async (request) => listSubscriptionsOf(app.storage.db, request.actor),
  );

  app.post(
    '/webhooks',
    {
      schema: { tags, summary: 'Subscribe a URL to events (the signing secret is returned only here)', body: CreateSubscriptionBody, response: { 201: CreatedSubscription, ...ErrorResponses } },
      config: { access: { ...change, risk: 'high' } },
    },
    async (request, reply) => {
      await checkTargetUrl(request.body.url, app.config.webhookAllowPrivate);
      return write(request, reply, 201, (tx) => createSubscription(tx, request.actor, request.body));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: { tags, summary: 'Disable a subscription and cancel its queued deliveries', params: IdParam, response: { 200: Ok, 404: Type.Ref('ErrorEnvelope'), ...ErrorResponses } },
      config: { access: change },
    },
    async (request, reply) => write(request, reply, 200, (tx) => deleteSubscription(tx, request.actor, request.params.id)),
  );
}
