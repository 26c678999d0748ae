import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, describeEachDatabase, json } from '../helpers/harness.ts';
import { post, stockedOrg } from './fixtures.ts';
import type { MovementBody } from './fixtures.ts';

interface PageBody {
  items: MovementBody[];
  total: number;
  next_cursor: string | null;
}

describeEachDatabase('inventory: movement cursor under concurrent inserts', (ctx) => {
  it('walks every pre-existing movement exactly once while new ones are posted', async () => {
    const s = await stockedOrg(ctx(), 2);
    const existing: string[] = [];
    for (let i = 0; i < 45; i++) {
      const res = await post(ctx(), s.token, { kind: 'in', warehouse_id: i % 2 ? s.main : s.second, lines: [{ item_id: s.items[i % 2], qty: 1 }] });
      assert.equal(res.statusCode, 201);
      existing.push(json<MovementBody>(res).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    const inserted: string[] = [];
    do {
      const query: Record<string, string> = { limit: '7', ...(cursor ? { cursor } : {}) };
      const [page, ...news] = await Promise.all([
        api(ctx(), s.token, 'GET', '/movements', { query }),
        post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: s.items[0], qty: 1 }] }),
        post(ctx(), s.token, { kind: 'in', warehouse_id: s.second, lines: [{ item_id: s.items[1], qty: 1 }] }),
      ]);
      for (const n of news) inserted.push(json<MovementBody>(n).id);
      assert.equal(page?.statusCode, 200);
      const body = json<PageBody>(page as NonNullable<typeof page>);
      seen.push(...body.items.map((m) => m.id));
      cursor = body.next_cursor;
      pages += 1;
      assert.ok(pages < 50, 'the walk must end');
    } while (cursor !== null);
    const seenExisting = seen.filter((id) => existing.includes(id));
    assert.equal(new Set(seen).size, seen.length, 'no movement may appear twice');
    assert.deepEqual([...seenExisting].sort(), [...existing].sort(), 'every pre-existing movement appears once');
    assert.deepEqual(seenExisting, [...existing].reverse(), 'newest first');
    assert.ok(inserted.length > 0);
  });
});
