import type { Generated } from 'kysely';
import type { DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** The outbox: every catalog event, written in the same transaction as the change it reports. */
export interface EventsTable {
  seq: Generated<number>;
  id: string;
  org_id: string;
  event: string;
  entity_type: string;
  entity_id: string;
  /** The delivered `data` object: { entityType, entityId, ...context }. */
  data: DbJson;
  created_at: DbTimestamp;
}

export interface WebhookTables {
  events: EventsTable;
}
