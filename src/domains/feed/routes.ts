/** GET /events: the events feed, an extension of API v1. */
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { FeedCatalog } from './catalog.ts';
import { readEvents } from './feed.ts';
import { EventFeedPage, EventFeedQuery } from './schemas.ts';

export function feedRoutes(catalog: FeedCatalog) {
  return async (app: FastifyInstance): Promise<void> => {
    const scopes = [...new Set(catalog.readScopes.values())];
    route(app, {
      method: 'GET', url: '/events', operationId: 'listEvents', tags: ['events'],
      access: { scope: 'any', capability: 'event_bus', mode: 'read' },
      summary: 'The events feed, in commit order (extension of v1)',
      description:
        'Every catalog event of the organization, oldest first in commit order, with the same id, event, data and ts as the webhook body: a receiver that missed deliveries replays from here and drops the ids it has seen. ' +
        'Page with next_cursor; a page shorter than limit has reached the events committed so far (poll again with its next_cursor). ' +
        `A token with admin:all reads every event; otherwise only the events whose records its read scopes cover (${[...catalog.readScopes].map(([t, s]) => `${t}: ${s}`).join(', ')}), and a token with none of ${scopes.join(', ')} gets 403. ` +
        'Events are kept for the retention period (BIZPLAT_EVENT_RETENTION_DAYS): an older cursor answers 410 cursor_expired.',
      conditional: false,
      query: EventFeedQuery,
      response: { status: 200, schema: EventFeedPage, description: 'A page of events and the cursor to read on from.' },
      errors: {
        403: `The token has neither admin:all nor a read scope of the feed's records (${scopes.join(', ')}), or not the one entity_type needs (insufficient_scope).`,
        410: 'The cursor is older than the event retention period (cursor_expired): start again without a cursor.',
        422: 'The input is not valid (validation_error): a cursor this API did not give, an event name outside the catalog, an unknown entity_type.',
      },
    }, async (req) =>
      readEvents({ storage: app.storage, sealer: app.sealer, catalog, retentionDays: app.config.eventRetentionDays }, req.actor, req.query));
  };
}
