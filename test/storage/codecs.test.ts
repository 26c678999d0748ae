import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { containsPattern, isoWithOffset, isoWithoutOffset, nowIso, readBool, readJson, searchText, toJson } from '../../src/storage/codecs.ts';
import { isUniqueViolation, isForeignKeyViolation, isTransientConflict } from '../../src/storage/errors.ts';
import { isUuid, newId } from '../../src/storage/ids.ts';

describe('storage/codecs', () => {
  it('readBool takes both dialects\' booleans', () => {
    assert.equal(readBool(true), true);
    assert.equal(readBool(1), true);
    assert.equal(readBool(false), false);
    assert.equal(readBool(0), false);
    assert.equal(readBool(null), false);
    assert.equal(readBool(undefined), false);
  });

  it('readJson takes text (SQLite) and parsed values (PostgreSQL) alike; toJson writes text', () => {
    const value = { a: [1, 'two', null], b: { c: true } };
    assert.deepEqual(readJson(toJson(value)), value);
    assert.deepEqual(readJson(value), value);
    assert.deepEqual(readJson('[]'), []);
    assert.equal(toJson('x'), '"x"');
  });

  it('timestamps: with offset (+00:00) and without offset', () => {
    assert.equal(isoWithOffset('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05.678+00:00');
    assert.equal(isoWithOffset('2026-01-02T03:04:05.678+05:00'), '2026-01-02T03:04:05.678+05:00');
    assert.equal(isoWithOffset(null), null);
    assert.equal(isoWithoutOffset('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05.678');
    assert.equal(isoWithoutOffset(null), null);
    assert.match(nowIso(), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('searchText lower-cases (non-ASCII too) and joins; containsPattern escapes LIKE wildcards', () => {
    assert.equal(searchText('ООО «Ромашка»', null, undefined, '', 'ACME\nLtd'), 'ооо «ромашка»\nacme ltd');
    assert.equal(containsPattern('Ab'), '%ab%');
    assert.equal(containsPattern('50%_off\\'), '%50\\%\\_off\\\\%');
  });

  it('driver errors are recognised by code', () => {
    assert.ok(isUniqueViolation({ code: '23505' }));
    assert.ok(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }));
    assert.ok(!isUniqueViolation(new Error('UNIQUE constraint failed')));
    assert.ok(isForeignKeyViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }));
    assert.ok(isTransientConflict({ code: '40001' }));
    assert.ok(isTransientConflict({ code: 'SQLITE_BUSY' }));
    assert.ok(!isTransientConflict({ code: 42 }));
  });

  it('ids are time-ordered UUIDs', async () => {
    const a = newId();
    await new Promise((r) => setTimeout(r, 2));
    const b = newId();
    assert.ok(isUuid(a) && isUuid(b));
    assert.ok(a < b);
    assert.ok(!isUuid('not-a-uuid'));
  });
});
