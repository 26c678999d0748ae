import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { post, stockedOrg } from './fixtures.ts';
import type { MovementBody, MovementPageBody as PageBody } from './fixtures.ts';

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

  it('tells nothing: the cursor is sealed, opens only for its organization, and a changed one is 422', async () => {
    const s = await stockedOrg(ctx(), 1);
    for (let i = 0; i < 3; i++) assert.equal((await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: s.items[0], qty: 1 }] })).statusCode, 201);
    const first = json<PageBody>(await api(ctx(), s.token, 'GET', '/movements', { query: { limit: '1' } }));
    const cursor = first.next_cursor!;
    const seq = (await ctx().storage.db.selectFrom('stock_movements').select('seq').where('id', '=', first.items[0]!.id).executeTakeFirstOrThrow()).seq;
    const decoded = Buffer.from(cursor, 'base64url');
    assert.equal(decoded.toString('latin1').includes(String(seq)), false, 'the global sequence is not readable in the cursor');
    assert.doesNotMatch(decoded.toString('latin1'), /m1:/);
    assert.notEqual(json<PageBody>(await api(ctx(), s.token, 'GET', '/movements', { query: { limit: '1' } })).next_cursor, null);

    const second = json<PageBody>(await api(ctx(), s.token, 'GET', '/movements', { query: { limit: '1', cursor } }));
    assert.equal(second.items.length, 1);
    assert.notEqual(second.items[0]!.id, first.items[0]!.id);

    const stranger = await createPrincipal(ctx());
    const foreign = await api(ctx(), stranger.token, 'GET', '/movements', { query: { cursor } });
    assert.equal(foreign.statusCode, 422, 'another organization cannot use it');
    assert.equal(json<{ details: { fields: Array<{ field: string }> } }>(foreign).details.fields[0]!.field, 'cursor');

    const flipped = decoded.subarray();
    flipped[flipped.length - 20] = flipped[flipped.length - 20]! ^ 1;
    for (const bad of [flipped.toString('base64url'), cursor.slice(0, -2), `${cursor}A`, Buffer.from(`m1:${seq}`).toString('base64url'), '']) {
      const res = await api(ctx(), s.token, 'GET', '/movements', { query: { cursor: bad } });
      if (bad === '') {
        assert.equal(res.statusCode, 200, 'an empty cursor is the first page');
        continue;
      }
      assert.equal(res.statusCode, 422, bad);
      assert.equal(json<{ error: string; details: { error: string } }>(res).details.error, 'validation_error');
    }
  });
});
