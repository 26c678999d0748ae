import { lowerIdsStatement } from '../storage/ids.ts';
import type { DdlTypes, Migration } from '../storage/migrations.ts';

/**
 * Renames keys of recorded events' data in place (a plain text replacement of `"key":`, which
 * only a key can match: a string value's quotes are escaped), so events recorded before their
 * context's keys changed still decode for the consumers that have yet to handle them.
 */
function renameDataKeys(t: DdlTypes, events: readonly string[], renames: ReadonlyArray<readonly [string, string]>): string {
  const replaced = renames.reduce((text, [from, to]) => `REPLACE(${text}, '"${from}":', '"${to}":')`, 'CAST(data AS TEXT)');
  return `UPDATE events SET data = CAST(${replaced} AS ${t.json}) WHERE event IN (${events.map((e) => `'${e}'`).join(', ')})`;
}

/**
 * The events table was first created by the webhooks domain's `0300_events_outbox`; databases
 * that ran it keep it, and `IF NOT EXISTS` makes this migration a no-op there.
 */
export const eventMigrations: Migration[] = [
  {
    name: '0010_events',
    statements: (t) => [
      `CREATE TABLE IF NOT EXISTS events (
        seq ${t.autoId},
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL,
        event TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        data ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS events_org_seq ON events (org_id, seq)`,
    ],
  },
  {
    name: '0011_event_progress',
    statements: (t) => [
      `CREATE TABLE event_progress (
        consumer TEXT NOT NULL,
        event_seq ${t.bigint} NOT NULL,
        org_id TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at ${t.timestamp} NOT NULL,
        last_error TEXT,
        created_at ${t.timestamp} NOT NULL,
        completed_at ${t.timestamp},
        PRIMARY KEY (consumer, event_seq)
      )`,
      // Partial indexes: finished rows (most of them) cost nothing to the claim.
      `CREATE INDEX event_progress_pending ON event_progress (event_seq) WHERE status = 'pending'`,
      `CREATE INDEX event_progress_due ON event_progress (next_attempt_at) WHERE status = 'pending'`,
      `CREATE INDEX event_progress_entity ON event_progress (consumer, org_id, entity_id, entity_type, event_seq) WHERE status = 'pending'`,
      `CREATE INDEX event_progress_done ON event_progress (completed_at) WHERE status = 'done'`,
      `CREATE INDEX event_progress_event ON event_progress (event_seq)`,
      `CREATE INDEX IF NOT EXISTS events_created ON events (created_at)`,
    ],
  },
  {
    // Ids are kept in lower case (UUIDs compare case-insensitively): events name their record so.
    name: '0012_event_entity_ids_lower_case',
    statements: () => [lowerIdsStatement('events', ['entity_id']), lowerIdsStatement('event_progress', ['entity_id'])],
  },
  {
    // The events feed reads in commit order: (tx_id, seq) below the finished-transaction horizon.
    name: '0013_events_commit_order',
    statements: (t) => [
      `ALTER TABLE events ADD COLUMN tx_id ${t.bigint} NOT NULL DEFAULT ${t.currentTxId}`,
      `CREATE INDEX events_org_feed ON events (org_id, tx_id, seq)`,
    ],
  },
  {
    // Outgoing deliveries of an organization wait while it has a row here (a restored copy starts so).
    name: '0014_outbox_pauses',
    statements: (t) => [`CREATE TABLE outbox_pauses (org_id TEXT PRIMARY KEY, paused_at ${t.timestamp} NOT NULL, reason TEXT NOT NULL)`],
  },
  {
    // Event contexts are camelCase, like the entityType and entityId beside them (docs/decisions.md).
    name: '0015_event_context_keys_camel_case',
    statements: (t) => [
      renameDataKeys(t, ['deal.won', 'deal.lost'], [['stage_id', 'stageId']]),
      renameDataKeys(t, ['task.assigned', 'task.status_changed'], [
        ['assignee_id', 'assigneeId'], ['assignee_ids', 'assigneeIds'], ['assigned_user_ids', 'assignedUserIds'], ['actor_user_id', 'actorUserId'],
        ['end_date', 'endDate'], ['end_time', 'endTime'], ['from_status', 'fromStatus'], ['closed_as', 'closedAs'], ['as_right', 'asRight'],
      ]),
      renameDataKeys(t, ['meeting.created', 'meeting.reminder'], [
        ['start_at', 'startAt'], ['end_at', 'endAt'], ['video_url', 'videoUrl'], ['recurrence_rule', 'recurrenceRule'], ['owner_user_id', 'ownerUserId'],
        ['participant_ids', 'participantIds'], ['occurrence_id', 'occurrenceId'], ['reminder_minutes', 'reminderMinutes'],
      ]),
    ],
  },
  {
    // The record as the API showed it after the change: what a feed reader asks for with include=record.
    name: '0016_event_records',
    statements: (t) => [`ALTER TABLE events ADD COLUMN record ${t.json}`],
  },
  {
    // The claim reads one index range per consumer, in due order, over pending rows only: finished
    // rows (most of them) and rows not yet due are never visited. The index on pending rows by seq
    // alone served the old claim, which sorted every pending row; nothing reads it now.
    name: '0017_event_progress_claim',
    statements: () => [
      `CREATE INDEX event_progress_claim ON event_progress (consumer, next_attempt_at, event_seq) WHERE status = 'pending'`,
      `DROP INDEX IF EXISTS event_progress_pending`,
    ],
  },
  {
    // Due jobs of paused organizations, moved out of the due range (outbox/parking.ts).
    name: '0018_outbox_parked',
    statements: (t) => [
      `CREATE TABLE outbox_parked (job_table TEXT NOT NULL, org_id TEXT NOT NULL, id TEXT NOT NULL, next_attempt_at ${t.timestamp} NOT NULL, PRIMARY KEY (job_table, org_id, id))`,
    ],
  },
  {
    // Which job tables hold parked jobs of which organization: what a dispatcher puts back after resume (outbox/parking.ts).
    name: '0019_outbox_parked_orgs',
    statements: () => [`CREATE TABLE outbox_parked_orgs (job_table TEXT NOT NULL, org_id TEXT NOT NULL, PRIMARY KEY (job_table, org_id))`],
  },
];
