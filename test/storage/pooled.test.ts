import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { currentCollectionVersion } from '../../src/storage/change-counters.ts';
import { inSavepoint } from '../../src/storage/savepoint.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { describeEachDatabase } from '../helpers/harness.ts';

/** The test database's URL as another string naming the same server: the server then treats DATABASE_URL as a transaction pooler. */
function sessionTwin(url: string): string {
  const twin = new URL(url);
  twin.searchParams.set('application_name', 'bizplat-session');
  return twin.toString();
}

describeEachDatabase('Storage through a transaction pooler (DATABASE_SESSION_URL set)', (ctx) => {
  it('keeps a transaction whole across a savepoint rolled back, in the URL schema, and migrations run on the session URL', async (t) => {
    if (ctx().kind !== 'postgres') return t.skip('PostgreSQL only: SQLite has no pooler');
    const { databaseUrl } = ctx().config;
    const storage = openStorage({ ...ctx().config, databaseSessionUrl: ctx().config.databaseSessionUrl ?? sessionTwin(databaseUrl) });
    try {
      await sql`create table pooled_notes (id integer primary key)`.execute(storage.db);
      await assert.rejects(
        storage.transaction(async (tx) => {
          await sql`insert into pooled_notes (id) values (1)`.execute(tx.db);
          await assert.rejects(inSavepoint(tx, async (inner) => {
            await sql`insert into pooled_notes (id) values (2)`.execute(inner.db);
            throw new Error('refused');
          }));
          await sql`insert into pooled_notes (id) values (3)`.execute(tx.db);
          throw new Error('the whole write fails');
        }),
        /the whole write fails/,
      );
      const { rows } = await sql<{ id: number }>`select id from pooled_notes`.execute(storage.db);
      assert.deepEqual(rows, [], 'nothing of the failed transaction stays');
      // Outside a transaction too, statements run in the URL's schema.
      await sql`insert into pooled_notes (id) values (4)`.execute(storage.db);
      const seen = await sql<{ id: number }>`select id from pooled_notes`.execute(ctx().storage.db);
      assert.deepEqual(seen.rows, [{ id: 4 }]);
      assert.notEqual(storage.sessionDb, storage.db, 'migrations hold their lock on a session connection');
    } finally {
      await storage.close();
    }
  });

  it('reads the change counters on a direct connection: a named statement, under the statement time-out', async (t) => {
    if (ctx().kind !== 'postgres') return t.skip('PostgreSQL only: SQLite has no pooler');
    const { databaseUrl, databaseSessionUrl } = ctx().config;
    // The direct URL under an application name of its own, so its connections can be told apart.
    const storage = openStorage({ ...ctx().config, databaseSessionUrl: sessionTwin(databaseSessionUrl ?? databaseUrl), databaseStatementTimeoutMs: 4321 });
    try {
      const orgId = `org-${Date.now()}`;
      assert.equal(await currentCollectionVersion(storage, orgId, 'clients'), 0);
      await storage.transaction(async (tx) => {
        await sql`insert into collection_changes (org_id, collection, slot, version) values (${orgId}, 'clients', 0, 5)`.execute(tx.db);
      });
      assert.equal(await currentCollectionVersion(storage, orgId, 'clients'), 5, 'a change committed before the read is seen');
      const { rows } = await sql<{ query: string }>`select query from pg_stat_activity where application_name = 'bizplat-session' and query like '%collection_changes%'`.execute(ctx().storage.db);
      assert.equal(rows.length, 1, 'the counter was read on the direct connection');
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(storage.sharedReadDb);
      assert.ok(prepared.rows.some((r) => r.statement.includes('collection_changes')), 'and kept there as a named statement');
      const timeout = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(storage.sharedReadDb);
      assert.equal(timeout.rows[0]?.statement_timeout, '4321ms');
    } finally {
      await storage.close();
    }
  });
});
