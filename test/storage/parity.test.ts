import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { readBool, readJson, toJson } from '../../src/storage/codecs.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { describeEachDatabase } from '../helpers/harness.ts';

interface ParityTable {
  id: string;
  flag: boolean | number;
  doc: unknown;
  at: string;
  big: number;
  day: string;
  label: string | null;
}
type ParityDb = Kysely<{ parity: ParityTable }>;

const ROWS = [
  { id: 'a', flag: true, doc: { n: 1, list: [1, 'x', null], nested: { ok: false }, text: 'ünïcødé' }, at: '2026-01-02T03:04:05.678Z', big: Number.MAX_SAFE_INTEGER, day: '2026-02-28', label: 'Ärger' },
  { id: 'b', flag: false, doc: [], at: '1999-12-31T23:59:59.000Z', big: -Number.MAX_SAFE_INTEGER, day: '2000-01-01', label: null },
  { id: 'c', flag: true, doc: 'just text', at: '2026-06-30T12:00:00.001Z', big: 0, day: '2026-06-30', label: '' },
];

/**
 * Every value written through the storage layer comes back as the same JS value on both
 * dialects: the expectations below are literal, so a dialect that differs fails.
 */
describeEachDatabase('storage codec parity', (ctx) => {
  let db: ParityDb;
  before(async () => {
    await runMigrations(ctx().storage.db, ctx().storage.dialect, [
      {
        name: '9100_parity',
        statements: (t) => [
          `CREATE TABLE parity (id TEXT PRIMARY KEY, flag ${t.bool} NOT NULL, doc ${t.json} NOT NULL, at ${t.timestamp} NOT NULL, big ${t.bigint} NOT NULL, day ${t.date} NOT NULL, label TEXT)`,
        ],
      },
    ]);
    db = ctx().storage.db as unknown as ParityDb;
    await ctx().storage.transaction(async (tx) => {
      const trx = tx.db as unknown as ParityDb;
      for (const r of ROWS) await trx.insertInto('parity').values({ ...r, doc: toJson(r.doc) }).execute();
    });
  });

  it('booleans, JSON, timestamps, big integers, dates and text read back identically', async () => {
    const rows = await db.selectFrom('parity').selectAll().orderBy('id').execute();
    const decoded = rows.map((r) => ({ ...r, flag: readBool(r.flag), doc: readJson(r.doc) }));
    assert.deepEqual(decoded, ROWS);
    for (const r of rows) {
      assert.equal(typeof r.big, 'number');
      assert.equal(typeof r.at, 'string');
      assert.equal(typeof r.day, 'string');
    }
  });

  it('boolean parameters filter the same way', async () => {
    const on = await db.selectFrom('parity').select('id').where('flag', '=', true).orderBy('id').execute();
    assert.deepEqual(on.map((r) => r.id), ['a', 'c']);
  });

  it('counts, sums and aggregates are plain numbers', async () => {
    const row = await db
      .selectFrom('parity')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('big').as('top'), eb.fn.count<number>('label').as('labelled')])
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { n: 3, top: Number.MAX_SAFE_INTEGER, labelled: 2 });
    // sum() of a BIGINT is NUMERIC on PostgreSQL, which the driver hands over as exact text.
    const sum = await sql<{ s: number | string }>`select sum(big) as s from parity where big > 0`.execute(db);
    assert.equal(Number(sum.rows[0]?.s), Number.MAX_SAFE_INTEGER);
  });

  it('timestamps compare and order as instants', async () => {
    const before2000 = await db.selectFrom('parity').select('id').where('at', '<', '2000-01-01T00:00:00.000Z').execute();
    assert.deepEqual(before2000.map((r) => r.id), ['b']);
    const ordered = await db.selectFrom('parity').select('id').orderBy('at', 'desc').execute();
    assert.deepEqual(ordered.map((r) => r.id), ['c', 'a', 'b']);
  });

  it('a unique violation is recognised on both', async () => {
    const { isUniqueViolation } = await import('../../src/storage/errors.ts');
    await assert.rejects(
      ctx().storage.transaction(async (tx) => {
        await (tx.db as unknown as ParityDb).insertInto('parity').values({ ...ROWS[0]!, doc: '{}' }).execute();
      }),
      (e: unknown) => isUniqueViolation(e),
    );
  });
});
