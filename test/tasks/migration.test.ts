import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_STATUSES } from '../../src/domains/tasks/statuses.ts';
import { platformMigrations } from '../../src/platform/migrations.ts';
import { createOrganization } from '../../src/platform/service.ts';
import { migrate } from '../../src/setup.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind } from '../helpers/harness.ts';

for (const kind of ['sqlite', 'postgres'] as DatabaseKind[]) {
  describe(`tasks migration [${kind}]`, () => {
    it('gives organizations made before tasks existed the default status dictionary', { skip: kind === 'postgres' && !POSTGRES_URL ? 'skipped: TEST_DATABASE_URL is not set' : false }, async () => {
      const db = await freshDatabase(kind);
      const storage = openStorage(testConfig(db.url));
      try {
        await runMigrations(storage.db, storage.dialect, platformMigrations);
        const org = await createOrganization(storage, { slug: 'early', name: 'Early' }, []);
        await migrate(storage);
        const rows = await storage.db.selectFrom('task_statuses').selectAll().where('org_id', '=', org.id).orderBy('sort_order').execute();
        assert.deepEqual(
          rows.map((r) => ({ name: r.name, order: r.sort_order, initial: r.is_initial === true || r.is_initial === 1, final: r.is_final === true || r.is_final === 1, next: typeof r.next === 'string' ? JSON.parse(r.next) : r.next })),
          DEFAULT_STATUSES,
        );
      } finally {
        await storage.close();
        await db.drop();
      }
    });
  });
}
