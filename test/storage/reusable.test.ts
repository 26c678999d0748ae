import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { reusableStatement } from '../../src/storage/reusable.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { describeEachDatabase } from '../helpers/harness.ts';

const findOrg = reusableStatement(
  'findOrg',
  (db, id: string, slug: string) => db.selectFrom('organizations').select(['id', 'slug']).where('id', '=', id).where('slug', '=', slug),
  (id, slug) => [id, slug],
);

const swapped = reusableStatement(
  'swapped',
  (db, id: string, slug: string) => db.selectFrom('organizations').select('id').where('id', '=', id).where('slug', '=', slug),
  (id, slug) => [slug, id],
);

describeEachDatabase('reusable statements', (ctx) => {
  it('bind each call’s own values to the text compiled once', async () => {
    const { storage } = ctx();
    const orgs = await storage.db.selectFrom('organizations').select(['id', 'slug']).execute();
    await sql`insert into organizations (id, slug, name, currency, settings, created_at) values ('o-1', 'one', 'One', 'UZS', '{}', '2026-01-01T00:00:00.000Z'), ('o-2', 'two', 'Two', 'UZS', '{}', '2026-01-01T00:00:00.000Z')`.execute(storage.db);
    for (const [id, slug] of [['o-1', 'one'], ['o-2', 'two'], ['o-1', 'two'], ...orgs.map((o) => [o.id, o.slug])] as const) {
      const { rows } = await storage.transaction((tx) => tx.run(findOrg, id, slug));
      assert.deepEqual(rows, id === 'o-1' && slug === 'two' ? [] : [{ id, slug }]);
    }
  });

  it('refuse, at the first compile, values listed in another order than the SQL binds them', async () => {
    const { storage } = ctx();
    await assert.rejects(async () => storage.transaction((tx) => tx.run(swapped, 'o-1', 'one')), /swapped: the parameters given do not match/);
  });

  it('run as prepared statements on PostgreSQL, planned once per connection', async (t) => {
    const { storage, config } = ctx();
    if (storage.dialect !== 'postgres') return t.skip('PostgreSQL only');
    const single = openStorage(config, { poolSize: 1 });
    try {
      await single.transaction((tx) => tx.run(findOrg, 'o-1', 'one'));
      await single.transaction((tx) => tx.run(findOrg, 'o-2', 'two'));
      const prepared = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements where statement like '%"organizations"%' and name like 'bizplat_%'`.execute(single.db);
      assert.equal(Number(prepared.rows[0]?.n), 1);
    } finally {
      await single.close();
    }
  });
});
