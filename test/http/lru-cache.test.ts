import assert from 'node:assert/strict';
import { it } from 'node:test';
import { LruCache } from '../../src/http/lru-cache.ts';

it('drops the entry used least recently, however often the youngest one is hit', () => {
  const cache = new LruCache<number>(2, 60_000);
  cache.set('a', 1, 0);
  cache.set('b', 2, 0);
  assert.equal(cache.get('a', 1), 1);
  assert.equal(cache.get('a', 2), 1);
  cache.set('c', 3, 3);
  assert.equal(cache.get('b', 4), undefined, 'b was used least recently');
  assert.equal(cache.get('a', 4), 1);
  assert.equal(cache.get('c', 5), 3);
  assert.equal(cache.get('c', 6), 3);
  cache.set('d', 4, 7);
  assert.equal(cache.get('a', 8), undefined, 'a was used least recently');
  assert.deepEqual([cache.get('c', 9), cache.get('d', 9)], [3, 4]);
});

it('forgets an entry once its time is up, the youngest too', () => {
  const cache = new LruCache<number>(10, 100);
  cache.set('a', 1, 0);
  assert.equal(cache.get('a', 99), 1);
  assert.equal(cache.get('a', 100), undefined);
  assert.equal(cache.size, 0);
  cache.set('a', 2, 200);
  assert.equal(cache.get('a', 250), 2);
});
