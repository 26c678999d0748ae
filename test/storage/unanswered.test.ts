import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runUnansweredWrite } from '../../src/storage/statements.ts';
import { describeEachDatabase } from '../helpers/harness.ts';

/** A write whose answer is not waited for (pipelined.ts) still fails its transaction, and nothing of it commits. */
describeEachDatabase('writes whose answer is not waited for', (ctx) => {
  const UNIQUE_NOTE = 'insert into unanswered_notes (id, body) values (?, ?)';

  it('commit with the transaction', async () => {
    const { storage } = ctx();
    await sql`create table unanswered_notes (id integer primary key, body text not null)`.execute(storage.db);
    await storage.transaction(async (tx) => {
      await runUnansweredWrite(tx.db, UNIQUE_NOTE, [1, 'first']);
      await runUnansweredWrite(tx.db, UNIQUE_NOTE, [2, 'second']);
    });
    const { rows } = await sql<{ id: number }>`select id from unanswered_notes order by id`.execute(storage.db);
    assert.deepEqual(rows.map((r) => Number(r.id)), [1, 2]);
  });

  it('fail the transaction at the next statement, with their own error', async () => {
    const { storage } = ctx();
    const failed = storage.transaction(async (tx) => {
      await sql`insert into unanswered_notes (id, body) values (10, 'before')`.execute(tx.db);
      await runUnansweredWrite(tx.db, UNIQUE_NOTE, [1, 'a repeated id']);
      await sql`insert into unanswered_notes (id, body) values (11, 'after')`.execute(tx.db);
    });
    await assert.rejects(failed, /unique|duplicate/i);
    const { rows } = await sql<{ id: number }>`select id from unanswered_notes order by id`.execute(storage.db);
    assert.deepEqual(rows.map((r) => Number(r.id)), [1, 2], 'nothing of the failed transaction is there');
  });

  it('fail the transaction at its commit when no statement follows them', async () => {
    const { storage } = ctx();
    const failed = storage.transaction(async (tx) => {
      await sql`insert into unanswered_notes (id, body) values (20, 'before')`.execute(tx.db);
      await runUnansweredWrite(tx.db, UNIQUE_NOTE, [2, 'a repeated id']);
    });
    await assert.rejects(failed, /unique|duplicate/i);
    const { rows } = await sql<{ id: number }>`select id from unanswered_notes order by id`.execute(storage.db);
    assert.deepEqual(rows.map((r) => Number(r.id)), [1, 2], 'the commit did not keep the write before the failure');
  });
});
