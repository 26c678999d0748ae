import type { Migration } from '../../storage/migrations.ts';

// 0300_events_outbox, which created the events table, is now the kernel's 0010_events (src/events/migrations.ts).
export const webhookMigrations: Migration[] = [
  {
    name: '0301_webhook_subscriptions_deliveries',
    statements: (t) => [
      `CREATE TABLE webhook_subscriptions (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        events ${t.json} NOT NULL,
        secret TEXT NOT NULL,
        is_active ${t.bool} NOT NULL,
        failure_count INTEGER NOT NULL DEFAULT 0,
        last_success_at ${t.timestamp},
        last_failure_at ${t.timestamp},
        created_at ${t.timestamp} NOT NULL,
        disabled_at ${t.timestamp},
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX webhook_subscriptions_active ON webhook_subscriptions (org_id, is_active)`,
      // One row per (event, subscription): the exact bytes to send, where the delivery stands and who holds it.
      `CREATE TABLE webhook_deliveries (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        subscription_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        event TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at ${t.timestamp},
        locked_until ${t.timestamp},
        lease_token TEXT,
        last_status_code INTEGER,
        last_error TEXT,
        created_at ${t.timestamp} NOT NULL,
        completed_at ${t.timestamp},
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)`,
      `CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (org_id, subscription_id, status)`,
      // The delivery log: one row per attempt made.
      `CREATE TABLE webhook_attempts (
        seq ${t.autoId},
        org_id TEXT NOT NULL,
        delivery_id TEXT NOT NULL,
        subscription_id TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        started_at ${t.timestamp} NOT NULL,
        duration_ms INTEGER NOT NULL,
        status_code INTEGER,
        ok ${t.bool} NOT NULL,
        error TEXT
      )`,
      `CREATE INDEX webhook_attempts_delivery ON webhook_attempts (org_id, delivery_id, seq)`,
    ],
  },
  {
    name: '0302_webhook_deliveries_finished',
    // Retention deletes finished deliveries by age.
    statements: () => [`CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (completed_at)`],
  },
  {
    // Stored Idempotency-Key responses of POST /webhooks held the signing secret in clear; they
    // are removed (the secret is never stored there again). A repeat of such a key within its
    // 24 hours is a new request.
    name: '0303_drop_replays_holding_secrets',
    statements: () => [`DELETE FROM idempotency_keys WHERE response_body LIKE '%"secret":"%' AND response_body LIKE '%"note":"Keep the secret: it is shown only now.%'`],
  },
  {
    // Secret rotation: the secret replaced last, sealed like the current one, still signed with until the overlap ends.
    name: '0304_webhook_previous_secret',
    statements: (t) => [
      `ALTER TABLE webhook_subscriptions ADD COLUMN previous_secret TEXT`,
      `ALTER TABLE webhook_subscriptions ADD COLUMN previous_secret_until ${t.timestamp}`,
    ],
  },
  {
    // The record beside each event, for the subscriptions that ask for it (an extension); off for those made before.
    name: '0305_webhook_include_record',
    statements: (t) => [`ALTER TABLE webhook_subscriptions ADD COLUMN include_record ${t.bool} NOT NULL DEFAULT ${t.false}`],
  },
  {
    // PATCH /webhooks/{id} takes If-Match: subscriptions carry a version like the other records.
    name: '0306_webhook_subscription_version',
    statements: () => [`ALTER TABLE webhook_subscriptions ADD COLUMN version INTEGER NOT NULL DEFAULT 1`],
  },
  {
    // The delivery log pages newest first by (created_at, id), per organization and per subscription,
    // and finds the deliveries of one record (the event's entityId, kept beside the body from now on).
    name: '0307_webhook_delivery_log',
    statements: () => [
      `ALTER TABLE webhook_deliveries ADD COLUMN entity_id TEXT`,
      `CREATE INDEX webhook_deliveries_log ON webhook_deliveries (org_id, created_at, id)`,
      `CREATE INDEX webhook_deliveries_subscription_log ON webhook_deliveries (org_id, subscription_id, created_at, id)`,
      `CREATE INDEX webhook_deliveries_entity ON webhook_deliveries (org_id, entity_id, created_at, id)`,
    ],
  },
  {
    // DELETE /webhooks/{id} cancels what is queued in batches (cancelling.ts): `cancelling` marks a
    // subscription whose batches are not done, and each batch is one range of the deliveries'
    // new index, which also serves everything the index it replaces served.
    name: '0308_webhook_cancel_in_batches',
    statements: (t) => [
      `ALTER TABLE webhook_subscriptions ADD COLUMN cancelling ${t.bool} NOT NULL DEFAULT ${t.false}`,
      `CREATE INDEX webhook_subscriptions_cancelling ON webhook_subscriptions (cancelling)`,
      `CREATE INDEX webhook_deliveries_subscription_pending ON webhook_deliveries (org_id, subscription_id, status, created_at)`,
      `DROP INDEX webhook_deliveries_subscription`,
    ],
  },
];
