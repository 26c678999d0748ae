import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { eventMigrations } from '../../src/events/migrations.ts';
import { decodeEvent } from '../../src/events/registry.ts';
import { platformMigrations } from '../../src/platform/migrations.ts';
import { migrate } from '../../src/setup.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';

/** The events table as the webhooks domain's migration created it before it moved to the kernel. */
const oldEventsMigration = {
  name: '0300_events_outbox',
  statements: (t: { autoId: string; json: string; timestamp: string }) => [
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
};

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`events table of an existing database [${kind}]`, () => {
    it('a database whose events table came from 0300_events_outbox migrates on and keeps its events', { skip: kind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, async () => {
      const database = await freshDatabase(kind);
      const storage = openStorage(testConfig(database.url));
      try {
        await runMigrations(storage.db, storage.dialect, [...platformMigrations, oldEventsMigration]);
        await storage.db
          .insertInto('events')
          .values({ id: 'e-1', org_id: 'o-1', event: 'client.created', entity_type: 'client', entity_id: 'c-1', data: '{"entityType":"client","entityId":"c-1","version":1}', created_at: new Date().toISOString() })
          .execute();
        const applied = await migrate(storage);
        assert.ok(applied.includes('0010_events') && applied.includes('0011_event_progress'));
        const events = await storage.db.selectFrom('events').select(['id', 'seq']).execute();
        assert.deepEqual(events.map((e) => e.id), ['e-1']);
        const names = (await sql<{ name: string }>`select name from schema_migrations`.execute(storage.db)).rows.map((r) => r.name);
        assert.ok(names.includes('0300_events_outbox'));
        assert.deepEqual(await migrate(storage), []);
      } finally {
        await storage.close();
        await database.drop();
      }
    });

    it('events recorded with snake_case context keys decode after 0015 renames them, string values untouched', { skip: kind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, async () => {
      const database = await freshDatabase(kind);
      const storage = openStorage(testConfig(database.url));
      try {
        await runMigrations(storage.db, storage.dialect, [...platformMigrations, ...eventMigrations.filter((m) => m.name < '0015')]);
        const title = 'Quote "end_date": and "stage_id": as text';
        const old = {
          entityType: 'task', entityId: 't-1', version: 2, title, assignee_id: 'u-1', assignee_ids: [], assigned_user_ids: ['u-1'],
          actor_user_id: 'u-2', end_date: null, end_time: null,
        };
        const won = { entityType: 'deal', entityId: 'd-1', version: 3, stage_id: 's-1', stage: 'Won' };
        const at = new Date().toISOString();
        await storage.db.insertInto('events').values([
          { id: 'e-1', org_id: 'o-1', event: 'task.assigned', entity_type: 'task', entity_id: 't-1', data: JSON.stringify(old), created_at: at },
          { id: 'e-2', org_id: 'o-1', event: 'deal.won', entity_type: 'deal', entity_id: 'd-1', data: JSON.stringify(won), created_at: at },
        ]).execute();
        await migrate(storage);
        const rows = await storage.db.selectFrom('events').select(['id', 'event', 'data']).orderBy('seq').execute();
        const decoded = rows.map((r) => {
          const { entityType: _t, entityId: _i, ...context } = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>;
          return decodeEvent({ seq: 1, id: r.id, orgId: 'o-1', name: r.event, entityType: '', entityId: '', context, createdAt: at }).context;
        });
        assert.deepEqual(decoded, [
          { version: 2, title, assigneeId: 'u-1', assigneeIds: [], assignedUserIds: ['u-1'], actorUserId: 'u-2', endDate: null, endTime: null },
          { version: 3, stageId: 's-1', stage: 'Won' },
        ]);
      } finally {
        await storage.close();
        await database.drop();
      }
    });
  });
}
