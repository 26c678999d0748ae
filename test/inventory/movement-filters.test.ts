import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, describeEachDatabase, json } from '../helpers/harness.ts';
import { post, stockedOrg } from './fixtures.ts';
import type { MovementBody, MovementPageBody as PageBody } from './fixtures.ts';

describeEachDatabase('inventory: movement filters', (ctx) => {
  it('warehouse_id (source or destination) and item_id page with cursors through every match once, newest first, with exact totals', async () => {
    const s = await stockedOrg(ctx(), 3);
    const [a, b, c] = s.items as [string, string, string];
    const made: MovementBody[] = [];
    const push = async (body: unknown) => {
      const res = await post(ctx(), s.token, body);
      assert.equal(res.statusCode, 201, res.body);
      made.push(json<MovementBody>(res));
    };
    await push({ kind: 'in', warehouse_id: s.main, lines: [{ item_id: b, qty: 100 }, { item_id: c, qty: 100 }] });
    for (let i = 0; i < 6; i++) {
      await push({ kind: 'in', warehouse_id: i % 2 ? s.main : s.second, lines: [{ item_id: i % 3 === 0 ? a : b, qty: 5 }] });
      // Sources and destinations interleave, so a page of one warehouse takes from both sides.
      await push({ kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: b, qty: 1 }, ...(i % 2 ? [{ item_id: c, qty: 1 }] : [])] });
      if (i % 3 === 1) await push({ kind: 'adjustment', warehouse_id: s.second, lines: [{ item_id: a, qty: 1 }, { item_id: a, qty: 2 }] });
    }
    const expected = (keep: (m: MovementBody) => boolean) => made.filter(keep).map((m) => m.id).reverse();
    const walk = async (query: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let total: number | undefined;
      for (let pages = 0; pages < 30; pages++) {
        const page: PageBody = json<PageBody>(await api(ctx(), s.token, 'GET', '/movements', { query: { ...query, limit: '2', ...(cursor ? { cursor } : {}) } }));
        if (total !== undefined) assert.equal(page.total, total, 'the total does not change along the walk');
        total = page.total;
        seen.push(...page.items.map((m) => m.id));
        cursor = page.next_cursor;
        if (cursor === null) break;
      }
      return { seen, total };
    };
    const cases: Array<[Record<string, string>, (m: MovementBody) => boolean]> = [
      [{ warehouse_id: s.main }, (m) => m.from_warehouse_id === s.main || m.to_warehouse_id === s.main],
      [{ warehouse_id: s.second }, (m) => m.from_warehouse_id === s.second || m.to_warehouse_id === s.second],
      [{ item_id: a }, (m) => m.lines.some((l) => l.item_id === a)],
      [{ item_id: c }, (m) => m.lines.some((l) => l.item_id === c)],
      [{ warehouse_id: s.second, item_id: a }, (m) => (m.from_warehouse_id === s.second || m.to_warehouse_id === s.second) && m.lines.some((l) => l.item_id === a)],
      [{ warehouse_id: s.main, kind: 'transfer' }, (m) => m.kind === 'transfer' && (m.from_warehouse_id === s.main || m.to_warehouse_id === s.main)],
      [{ warehouse_id: s.main, item_id: c, kind: 'in' }, (m) => m.kind === 'in' && m.to_warehouse_id === s.main && m.lines.some((l) => l.item_id === c)],
      [{ warehouse_id: s.second, item_id: c, kind: 'in' }, () => false],
    ];
    for (const [query, keep] of cases) {
      const want = expected(keep);
      const { seen, total } = await walk(query);
      assert.deepEqual(seen, want, JSON.stringify(query));
      assert.equal(total, want.length, `total of ${JSON.stringify(query)}`);
    }
  });
});
