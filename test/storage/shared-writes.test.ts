import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { SharedWrite } from '../../src/storage/shared-writes.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Tx } from '../../src/storage/storage.ts';
import { describeEachDatabase } from '../helpers/harness.ts';

/** A test-only shared write: notes whose body may not be 'refused' (the table's check says so). */
function notesWrite(table: string) {
  const calls: Array<{ shared: boolean; bodies: string[] }> = [];
  const insert = (tx: Tx, bodies: string[]) =>
    sql`insert into ${sql.table(table)} (body) values ${sql.join(bodies.map((b) => sql`(${b})`))}`.execute(tx.db);
  const write: SharedWrite<string, string> = {
    one: async (tx, body) => {
      calls.push({ shared: false, bodies: [body] });
      await insert(tx, [body]);
      return `kept ${body}`;
    },
    many: async (tx, bodies) => {
      calls.push({ shared: true, bodies });
      await insert(tx, bodies);
      return bodies.map((b) => `kept ${b}`);
    },
  };
  return { write, calls };
}

describeEachDatabase('Storage.shared', (ctx) => {
  let n = 0;
  const freshTable = async () => {
    const table = `shared_notes_${++n}`;
    await sql`create table ${sql.table(table)} (body text primary key check (body <> 'refused'))`.execute(ctx().storage.db);
    return table;
  };
  const bodiesIn = async (table: string) =>
    (await sql<{ body: string }>`select body from ${sql.table(table)} order by body`.execute(ctx().storage.db)).rows.map((r) => r.body);

  it('inputs arriving together are written by one shared call in one transaction, and each gets its own result', async () => {
    const table = await freshTable();
    const { write, calls } = notesWrite(table);
    const bodies = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(bodies.map((b) => ctx().storage.shared(write, b)));
    assert.deepEqual(results, bodies.map((b) => `kept ${b}`));
    assert.deepEqual(calls, [{ shared: true, bodies }]);
    assert.deepEqual(await bodiesIn(table), bodies);
  });

  it('a refused input fails alone: the others are written and answered, it gets its own error and leaves nothing', async () => {
    const table = await freshTable();
    const { write, calls } = notesWrite(table);
    const results = await Promise.allSettled(['a', 'refused', 'c'].map((b) => ctx().storage.shared(write, b)));
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.match(String((results[1] as PromiseRejectedResult).reason), /check/i);
    assert.deepEqual(await bodiesIn(table), ['a', 'c']);
    assert.deepEqual(calls[0], { shared: true, bodies: ['a', 'refused', 'c'] }, 'first tried together');
    assert.deepEqual(calls.slice(1).map((c) => c.shared), [false, false, false], 'then each alone');
  });

  it('answers nobody before the commit: the write is not visible elsewhere until then, and is when answered', async () => {
    const table = await freshTable();
    const other = openStorage(ctx().config);
    try {
      const seenElsewhere = () => sql<{ body: string }>`select body from ${sql.table(table)}`.execute(other.db).then((r) => r.rows.map((row) => row.body));
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      let written: () => void = () => {};
      const wrote = new Promise<void>((r) => (written = r));
      const write: SharedWrite<string, string> = {
        one: () => Promise.reject(new Error('not expected alone')),
        many: async (tx, bodies) => {
          await sql`insert into ${sql.table(table)} (body) values (${bodies[0]!})`.execute(tx.db);
          written();
          await held;
          return bodies;
        },
      };
      let answered = false;
      const answer = ctx().storage.shared(write, 'x').then(async (value) => {
        answered = true;
        return { value, seen: await seenElsewhere() };
      });
      await wrote;
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(answered, false, 'answered while the transaction was still open');
      assert.deepEqual(await seenElsewhere(), [], 'another connection saw an uncommitted write');
      release();
      const { value, seen } = await answer;
      assert.equal(value, 'x');
      assert.deepEqual(seen, ['x'], 'answered before the write was committed');
    } finally {
      await other.close();
    }
  });

  it('a shared call whose statement fails leaves nothing of any input when they are then refused alone', async () => {
    const table = await freshTable();
    const { write } = notesWrite(table);
    const results = await Promise.allSettled(['refused', 'refused'].map((b) => ctx().storage.shared(write, b)));
    assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
    assert.deepEqual(await bodiesIn(table), []);
  });
});
