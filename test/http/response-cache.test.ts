import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ResponseCache } from '../../src/http/response-cache.ts';

it('answers only while the counter is the one the answer was kept with', () => {
  const cache = new ResponseCache(1000);
  cache.set('a', 1, '"1"', 'x'.repeat(10));
  assert.equal(cache.get('a', 1)?.tag, '"1"');
  assert.equal(cache.get('a', 2), undefined, 'a moved counter drops the answer');
  assert.equal(cache.get('a', 1), undefined, 'and it is gone for good');
});

it('drops the least recently used answers first, a repeated hit on the youngest included', () => {
  const cache = new ResponseCache(800);
  for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1, key, 'x'.repeat(100));
  cache.get('a', 1);
  cache.get('a', 1);
  cache.get('b', 1);
  cache.get('a', 1);
  // Over the bound: the oldest in use order (c, then d) go first; a and b stay.
  for (const key of ['e', 'f', 'g', 'h', 'i', 'j']) cache.set(key, 1, key, 'x'.repeat(100));
  assert.equal(cache.get('c', 1), undefined);
  assert.equal(cache.get('d', 1), undefined);
  assert.equal(cache.get('a', 1)?.body.length, 100);
  assert.equal(cache.get('b', 1)?.body.length, 100);
});

it('keeps nothing larger than an eighth of its bound', () => {
  const cache = new ResponseCache(800);
  cache.set('big', 1, 'big', 'x'.repeat(101));
  assert.equal(cache.get('big', 1), undefined);
});
