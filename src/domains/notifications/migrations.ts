import { jobColumnsDdl } from '../../events/outbox/queries.ts';
import type { Migration } from '../../storage/migrations.ts';

export const notificationMigrations: Migration[] = [
  {
    name: '0900_notifications',
    statements: (t) => [
      `CREATE TABLE notifications (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        title TEXT NOT NULL,
        text TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        read_at ${t.timestamp},
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX notifications_user ON notifications (org_id, user_id, created_at)`,
      `CREATE TABLE messenger_links (
        org_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        telegram_chat_id TEXT NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, user_id)
      )`,
      `CREATE TABLE messenger_deliveries (
        ${jobColumnsDdl(t)},
        notification_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        chat_id TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX messenger_deliveries_due ON messenger_deliveries (status, next_attempt_at)`,
      `CREATE INDEX messenger_deliveries_finished ON messenger_deliveries (completed_at)`,
    ],
  },
];
