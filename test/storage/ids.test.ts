import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isUuid, newId } from '../../src/storage/ids.ts';

describe('newId', () => {
  it('makes version 7 UUIDs carrying the current time in milliseconds', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    assert.ok(isUuid(id), id);
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    assert.ok(ms >= before && ms <= after, `time ${ms} outside ${before}..${after}`);
  });

  it('only ever increases within a process, and never repeats, even many in one millisecond', () => {
    const ids = Array.from({ length: 200_000 }, () => newId());
    for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${ids[i - 1]} then ${ids[i]}`);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('varies its random part from one millisecond to the next', async () => {
    const first = newId();
    await new Promise((r) => setTimeout(r, 3));
    const second = newId();
    assert.notEqual(first.slice(24), second.slice(24));
    const counterHigh = (id: string) => id.slice(15, 18) + id.slice(20, 23);
    assert.notEqual(counterHigh(first), counterHigh(second), 'the counter starts afresh at a random value');
  });
});
