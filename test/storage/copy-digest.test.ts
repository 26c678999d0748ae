import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TableDigest, forTarget, plain } from '../../src/storage/copy/values.ts';
import type { ColumnKind, RawValue } from '../../src/storage/copy/values.ts';

const KINDS: ColumnKind[] = ['text', 'bool', 'integer', 'json', 'timestamp'];
/** One row as each engine hands it to the copy: SQLite's own values, PostgreSQL's text forms. */
const SQLITE_ROW: RawValue[] = ['Café', 1n, 9007199254740993n, '{"b":[1,{"d":2,"c":null}],"a":"x"}', '2026-11-25T16:47:56.123Z'];
const POSTGRES_ROW: RawValue[] = ['Café', 't', '9007199254740993', '{"a": "x", "b": [1, {"c": null, "d": 2}]}', '2026-11-25 16:47:56.123+00'];

function digestOf(rows: RawValue[][]): string {
  const digest = new TableDigest(KINDS);
  for (const row of rows) digest.add(row.map((v, i) => plain(KINDS[i]!, v)));
  return digest.hex();
}

describe('the copy check: a digest computed alike from both engines', () => {
  it('is the same for the same rows as SQLite and PostgreSQL hand them over, in any order', () => {
    const other: RawValue[] = ['x', 0n, 1n, '[]', '2026-01-01T00:00:00.000Z'];
    const otherPg: RawValue[] = ['x', 'f', '1', '[]', '2026-01-01 00:00:00+00'];
    assert.equal(digestOf([SQLITE_ROW, other]), digestOf([otherPg, POSTGRES_ROW]));
  });

  it('differs when any one value differs', () => {
    const base = digestOf([SQLITE_ROW]);
    for (let i = 0; i < SQLITE_ROW.length; i++) {
      const changed = [...POSTGRES_ROW];
      changed[i] = [null, 'f', '9007199254740992', '{"a": "y", "b": [1, {"c": null, "d": 2}]}', '2026-11-25 16:47:56.124+00'][i]!;
      assert.notEqual(digestOf([changed]), base, `column ${KINDS[i]}`);
    }
    assert.notEqual(digestOf([SQLITE_ROW, SQLITE_ROW]), base, 'a row twice is not the row once');
  });

  it('writes into SQLite what the server itself writes there: 0/1, compact JSON, ISO timestamps with milliseconds', () => {
    const row = POSTGRES_ROW.map((v, i) => forTarget(KINDS[i]!, plain(KINDS[i]!, v), 'sqlite'));
    assert.deepEqual(row, ['Café', 1, 9007199254740993n, '{"a":"x","b":[1,{"c":null,"d":2}]}', '2026-11-25T16:47:56.123Z']);
  });
});
