import assert from 'node:assert/strict';
import { it } from 'node:test';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { api, describeEachDatabase, json } from '../helpers/harness.ts';
import { onHand, post, stockedOrg } from './fixtures.ts';
import type { ErrorBody, MovementBody } from './fixtures.ts';
import { assertLedgerHolds, checkLedger } from './invariant.ts';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describeEachDatabase('inventory: concurrent movements (bank test)', (ctx) => {
  it('cold start: two first receipts of one balance at once both count', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    const results = await Promise.all([
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 2 }] }),
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 3 }, { item_id: a, qty: '0.5' }] }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode), [201, 201]);
    assert.equal(await onHand(ctx(), s.token, s.main, a), 5.5);
    const check = await checkLedger(ctx().storage, s.orgId);
    assert.deepEqual(check.mismatches, []);
    assert.equal(check.balances, 1);
  });

  it('racing shipments of the last units: exactly as many pass as there is stock', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 5 }] });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 1 }] })
          : post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: a, qty: 1 }] }),
      ),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 5);
    assert.equal(results.filter((r) => r.statusCode === 422).length, 7);
    assert.equal(await onHand(ctx(), s.token, s.main, a), 0);
    await assertLedgerHolds(ctx().storage, s.orgId);
  });

  it('opposite transfers from empty shelves at once are both refused, though together they would cancel out', async () => {
    const s = await stockedOrg(ctx(), 2);
    const [a, b] = s.items as [string, string];
    // Each needs stock the other would bring: no order lets either pass. With them, transfers
    // that do have stock arrive in the same moment and pass.
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: b, qty: 4 }] });
    const results = await Promise.all([
      post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: a, qty: 1 }] }),
      post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.second, to_warehouse_id: s.main, lines: [{ item_id: a, qty: 1 }] }),
      post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: b, qty: 1 }] }),
      post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: b, qty: 2 }] }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode), [422, 422, 201, 201]);
    assert.match(json<ErrorBody>(results[0]!).message, /available 0\.000, requested 1\.000/);
    assert.equal(await onHand(ctx(), s.token, s.main, b), 1);
    assert.equal(await onHand(ctx(), s.token, s.second, b), 1);
    await assertLedgerHolds(ctx().storage, s.orgId);
  });

  it('stock left below zero while it was allowed: a receipt arriving with a shipment does not let the shipment through', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    await updateOrganizationSettings(ctx().storage, s.slug, { allowNegativeStock: true });
    assert.equal((await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 10 }] })).statusCode, 201);
    await updateOrganizationSettings(ctx().storage, s.slug, { allowNegativeStock: false });
    // Together they add 3, but in no order does the shipment find stock: -10 + 5 - 2 is still below zero.
    const [receipt, shipment] = await Promise.all([
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 5 }] }),
      post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 2 }] }),
    ]);
    assert.equal(receipt!.statusCode, 201, receipt!.body);
    assert.equal(shipment!.statusCode, 422, shipment!.body);
    assert.equal(await onHand(ctx(), s.token, s.main, a), -5);
  });

  it('many concurrent transfers, receipts and shipments over hot items keep every balance equal to its movements', async () => {
    const s = await stockedOrg(ctx(), 3);
    const warehouses = [s.main, s.second];
    const next = random(ctx().kind === 'sqlite' ? 7 : 11);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    const qty = () => (1 + Math.floor(next() * 4000)) / 1000;
    const bodies = Array.from({ length: 240 }, () => {
      const r = next();
      const item = pick(s.items);
      const from = pick(warehouses);
      const to = from === s.main ? s.second : s.main;
      const lines = next() < 0.3 ? [{ item_id: item, qty: qty() }, { item_id: item, qty: qty() }, { item_id: pick(s.items), qty: qty() }] : [{ item_id: item, qty: qty() }];
      if (r < 0.3) return { kind: 'in', warehouse_id: from, lines };
      if (r < 0.65) return { kind: 'out', warehouse_id: from, lines };
      return { kind: 'transfer', warehouse_id: from, to_warehouse_id: to, lines };
    });
    const results = await Promise.all(bodies.map((b) => post(ctx(), s.token, b)));
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 422);
    assert.equal(created.length + refused.length, bodies.length, results.filter((r) => r.statusCode !== 201 && r.statusCode !== 422).map((r) => r.body).join('\n'));
    assert.ok(created.length > 60, `only ${created.length} movements passed`);
    assert.ok(refused.length > 0, 'some shipments should have met empty shelves');
    const check = await checkLedger(ctx().storage, s.orgId);
    assert.equal(check.movements, created.length);
    const listed = json<{ total: number }>(await api(ctx(), s.token, 'GET', '/movements', { query: { limit: '1' } }));
    assert.equal(listed.total, created.length, 'the unfiltered total counts every committed movement');
    assert.deepEqual(check.mismatches, []);
    assert.deepEqual(check.negatives, []);
    for (const r of created) {
      const id = json<MovementBody>(r).id;
      const row = await ctx().storage.db.selectFrom('stock_movements').select('id').where('org_id', '=', s.orgId).where('id', '=', id).executeTakeFirst();
      assert.ok(row, `acknowledged movement ${id} is missing`);
    }
  });
  it('movements posted at the same moment each get their own answer: a refused or unfit one does not take the others down', async () => {
    const s = await stockedOrg(ctx(), 6);
    const [a, b, c, d, e, f] = s.items as [string, string, string, string, string, string];
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: f, qty: 1 }] });
    // Disjoint balances arrive in one turn, so on PostgreSQL they share a statement; one of them
    // ships more than there is, one names an unknown item, one a service item.
    const results = await Promise.all([
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 2 }] }),
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.second, lines: [{ item_id: b, qty: 3 }] }),
      post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: f, qty: 4 }] }),
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: 'no-such-item', qty: 1 }] }),
      post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: s.service, qty: 1 }] }),
      post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.second, to_warehouse_id: s.main, lines: [{ item_id: c, qty: 1 }] }),
      post(ctx(), s.token, { kind: 'adjustment', warehouse_id: s.second, lines: [{ item_id: d, qty: 5 }, { item_id: e, qty: '1.5' }] }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode), [201, 201, 422, 422, 422, 422, 201]);
    assert.match(json<ErrorBody>(results[2]!).message, /available 1\.000, requested 4\.000/);
    assert.match(json<ErrorBody>(results[3]!).message, /no product "no-such-item"/);
    assert.match(json<ErrorBody>(results[4]!).message, /service item/);
    assert.match(json<ErrorBody>(results[5]!).message, /available 0\.000, requested 1\.000/);
    assert.equal(await onHand(ctx(), s.token, s.main, a), 2);
    assert.equal(await onHand(ctx(), s.token, s.second, b), 3);
    assert.equal(await onHand(ctx(), s.token, s.main, f), 1);
    assert.equal(await onHand(ctx(), s.token, s.second, e), 1.5);
    const written = results.filter((r) => r.statusCode === 201).map((r) => json<MovementBody>(r).id);
    for (const id of written) assert.equal((await api(ctx(), s.token, 'GET', `/movements/${id}`)).statusCode, 200);
    const check = await assertLedgerHolds(ctx().storage, s.orgId);
    assert.equal(check.movements, 1 + written.length);
  });
});
