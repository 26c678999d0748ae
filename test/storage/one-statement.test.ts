import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEachDatabase } from '../helpers/harness.ts';

describeEachDatabase('Storage.oneStatement', (ctx) => {
  it('runs a single-statement write that is there once answered', async () => {
    const { storage } = ctx();
    await sql`create table one_statement_notes (id integer primary key, body text not null)`.execute(storage.db);
    await storage.oneStatement(({ db }) => sql`insert into one_statement_notes (id, body) values (1, 'kept')`.execute(db));
    const { rows } = await sql<{ body: string }>`select body from one_statement_notes`.execute(storage.db);
    assert.deepEqual(rows, [{ body: 'kept' }]);
  });

  it('on PostgreSQL answers only once the log is flushed past the write', async (t) => {
    const { storage } = ctx();
    if (storage.dialect !== 'postgres') return t.skip('PostgreSQL only: SQLite syncs its log before answering (group-commit.test.ts)');
    await sql`create table durable_notes (id integer primary key)`.execute(storage.db);
    for (let id = 1; id <= 5; id++) {
      const seen = await storage.oneStatement(async ({ db }) => {
        const mode = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
        // The log position as the insert wrote its row: before its commit record, so a commit that
        // waited for the disk has flushed past it. (A position read after the statement would also
        // cover other sessions' writes, which need not be flushed yet.)
        const lsn = await sql<{ lsn: string }>`insert into durable_notes (id) values (${id}) returning pg_current_wal_insert_lsn()::text as lsn`.execute(db);
        return { mode: mode.rows[0]?.synchronous_commit, lsn: lsn.rows[0]?.lsn };
      });
      assert.equal(seen.mode, 'on', 'the statement waits for the disk itself');
      const flushed = await sql<{ ok: boolean }>`select pg_current_wal_flush_lsn() >= ${seen.lsn}::pg_lsn as ok`.execute(storage.db);
      assert.equal(flushed.rows[0]?.ok, true, 'answered before the write was on disk');
    }
  });
});
