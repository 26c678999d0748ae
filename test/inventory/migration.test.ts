import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { platformMigrations } from '../../src/platform/migrations.ts';
import { createOrganization } from '../../src/platform/service.ts';
import { migrate } from '../../src/setup.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { DatabaseKind } from '../helpers/harness.ts';

for (const kind of ['sqlite', 'postgres'] as DatabaseKind[]) {
  describe(`inventory migration [${kind}]`, () => {
    it('gives organizations made before inventory existed their default warehouse', { skip: kind === 'postgres' && !POSTGRES_URL ? 'skipped: TEST_DATABASE_URL is not set' : false }, async () => {
      const db = await freshDatabase(kind);
      const storage = openStorage(testConfig(db.url));
      try {
        await runMigrations(storage.db, storage.dialect, platformMigrations);
        const org = await createOrganization(storage, { slug: 'early', name: 'Early' }, []);
        await migrate(storage);
        const rows = await storage.db.selectFrom('warehouses').selectAll().where('org_id', '=', org.id).execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]?.name, 'Main warehouse');
        assert.ok(rows[0]?.is_default === true || rows[0]?.is_default === 1);
      } finally {
        await storage.close();
        await db.drop();
      }
    });
  });
}
