import type { JobTableColumns } from '../../events/outbox/tables.ts';
import type { ColumnType, Generated } from 'kysely';
import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

export interface WebhookSubscriptionsTable {
  org_id: string;
  id: string;
  name: string;
  url: string;
  /** Catalog names, or ["*"]. */
  events: DbJson;
  /** Sealed with the server key (secrets.ts): the server opens it to sign. Never leaves the server after the create response. */
  secret: string;
  /** After a rotation: the replaced secret (sealed), also signed with until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: DbTimestamp | null;
  is_active: DbBool;
  /** Bumped by every PATCH (If-Match). */
  version: ColumnType<number, number | undefined, number>;
  /** Deliveries carry data.record, the record as the API shows it after the change (an extension). */
  include_record: ColumnType<boolean | number, boolean | undefined, boolean>;
  failure_count: Generated<number>;
  last_success_at: DbTimestamp | null;
  last_failure_at: DbTimestamp | null;
  created_at: DbTimestamp;
  /** When it was last disabled, kept after an enable: its deliveries created up to then are never sent (cancelling.ts). */
  disabled_at: DbTimestamp | null;
  /** Its deliveries queued before disabled_at are still being cancelled, a batch at a time. */
  cancelling: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDeliveriesTable extends JobTableColumns<DeliveryStatus> {
  subscription_id: string;
  /** events.id: the X-Webhook-Id of every attempt. */
  event_id: string;
  event: string;
  /** The exact bytes signed and sent on every attempt. */
  body: string;
  /** The event's entityId (null on deliveries queued before the log could filter by record). */
  entity_id: string | null;
}

export interface WebhookAttemptsTable {
  seq: Generated<number>;
  org_id: string;
  delivery_id: string;
  subscription_id: string;
  attempt: number;
  started_at: DbTimestamp;
  duration_ms: number;
  status_code: number | null;
  ok: DbBool;
  error: string | null;
}

export interface WebhookTables {
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends WebhookTables {}
}
