import type { Migration } from '../../storage/migrations.ts';

export const webhookMigrations: Migration[] = [
  {
    name: '0300_events_outbox',
    statements: (t) => [
      `CREATE TABLE events (
        seq ${t.autoId},
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL,
        event TEXT NOT NULL,
        entity_type TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        data ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE INDEX events_org_seq ON events (org_id, seq)`,
    ],
  },
];
