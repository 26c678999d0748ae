import type { Generated } from 'kysely';
import type { DbJson, DbTimestamp } from '../storage/codecs.ts';

/** Every event, written in the same transaction as the change it reports. */
export interface EventsTable {
  /** Assigned at insert (not at commit): orders the events of one entity. */
  seq: Generated<number>;
  /** The writing transaction's id on PostgreSQL (0 on SQLite): with seq, the feed's commit order. */
  tx_id: Generated<number>;
  id: string;
  org_id: string;
  event: string;
  entity_type: string;
  entity_id: string;
  /** { entityType, entityId, ...context }. */
  data: DbJson;
  /** The record as the API showed it after the change, when the writer gave it (the feed's include=record). */
  record: DbJson | null;
  created_at: DbTimestamp;
}

export type ProgressStatus = 'pending' | 'done';

/** One row per (consumer, event) the consumer subscribes to: where its handling stands. */
export interface EventProgressTable {
  consumer: string;
  event_seq: number;
  org_id: string;
  entity_type: string;
  entity_id: string;
  status: ProgressStatus;
  attempts: Generated<number>;
  /** When a pending row is due (its retry time after a failure). */
  next_attempt_at: DbTimestamp;
  last_error: string | null;
  created_at: DbTimestamp;
  completed_at: DbTimestamp | null;
}

/** An organization whose outgoing deliveries (every outbox queue) wait until an operator resumes them. */
export interface OutboxPausesTable {
  org_id: string;
  paused_at: DbTimestamp;
  /** Why, as the operator or the restore said it. */
  reason: string;
}

/** A due job of a paused organization, parked: its job table's row has next_attempt_at NULL until resume puts this back. */
export interface OutboxParkedTable {
  job_table: string;
  org_id: string;
  id: string;
  next_attempt_at: DbTimestamp;
}

/** A job table holding parked jobs of an organization (parked by a pass or inserted parked), until they are all put back. */
export interface OutboxParkedOrgsTable {
  job_table: string;
  org_id: string;
}

export interface EventTables {
  events: EventsTable;
  event_progress: EventProgressTable;
  outbox_pauses: OutboxPausesTable;
  outbox_parked: OutboxParkedTable;
  outbox_parked_orgs: OutboxParkedOrgsTable;
}

declare module '../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends EventTables {}
}
