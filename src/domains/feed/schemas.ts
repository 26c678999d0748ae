import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { DateTime, Text, Uuid } from '../../http/schemas.ts';

const FEED_LIMIT_DEFAULT = 100;

export const EventFeedQuery = Type.Object(
  {
    cursor: Type.Optional(Text({ maxLength: 300, description: 'the next_cursor of the previous page; absent: from the oldest event kept' })),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: FEED_LIMIT_DEFAULT, description: 'events per page, 1 to 500' }),
    types: Type.Optional(Text({ maxLength: 2000, description: 'comma-separated event names of the catalog, or * (every event; the default)' })),
    include: Type.Optional(Type.Literal('record', { description: 'record: each event\'s data also carries `record`, the record as its GET showed it right after the change (every catalog event: tasks, products, movements, meetings, clients, deals, payment requests, processes); a webhook subscription asks for the same with includeRecord' })),
    entity_type: Type.Optional(Text({ maxLength: 100, description: 'only events about this kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process' })),
  },
  { additionalProperties: false },
);
export type EventFeedInput = Static<typeof EventFeedQuery>;

export const FeedEvent = named(
  'FeedEvent',
  Type.Object({
    id: Uuid({ description: 'the event id: the X-Webhook-Id of its deliveries, so a receiver de-duplicates by it' }),
    event: Type.String({ description: 'the event name (catalog)' }),
    data: Type.Object(
      {
        entityType: Type.String({ description: 'the kind of record: client, contact, deal, finance_request, task, product, movement, meeting, process' }),
        entityId: Type.String({ description: 'the record id' }),
      },
      { additionalProperties: true, description: 'as in the webhook body: entityType and entityId, then the event context; with include=record also `record`, the record as its GET showed it right after the change' },
    ),
    ts: DateTime({ description: 'when the event happened (as in the webhook body)' }),
  }),
);

export const EventFeedPage = named(
  'EventFeedPage',
  Type.Object(
    {
      items: Type.Array(FeedEvent, { description: 'in commit order' }),
      next_cursor: Type.String({ description: 'pass as cursor to read on; a page shorter than limit reached the end for now: poll again with this cursor' }),
    },
    { description: 'One page of the events feed.' },
  ),
);
export type EventFeedPageOut = Static<typeof EventFeedPage>;
