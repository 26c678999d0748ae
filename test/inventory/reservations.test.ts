import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AppError } from '../../src/http/errors.ts';
import { releaseStock, reserveStock } from '../../src/domains/inventory/reservations.ts';
import { describeEachDatabase, json } from '../helpers/harness.ts';
import { balances, post, stockedOrg } from './fixtures.ts';
import type { ErrorBody } from './fixtures.ts';
import { checkLedger } from './invariant.ts';

describeEachDatabase('inventory: reservations (storage-level service)', (ctx) => {
  it('reserves within available, releases within reserved, and shipments respect reservations', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    const storage = ctx().storage;
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 10 }] });
    const reserved = await storage.transaction((tx) => reserveStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty: '7.5' }));
    assert.equal(reserved.reserved, 7.5);
    assert.equal(reserved.available, 2.5);
    assert.equal(reserved.onHand, 10);
    await assert.rejects(
      storage.transaction((tx) => reserveStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty: 3 })),
      (e: unknown) => e instanceof AppError && e.status === 422 && e.details.available === 2.5,
    );
    const out = await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 3 }] });
    assert.equal(out.statusCode, 422);
    assert.equal(json<ErrorBody>(out).details.available, 2.5);
    const released = await storage.transaction((tx) => releaseStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty: 7.5 }));
    assert.equal(released.reserved, 0);
    assert.equal(released.available, 10);
    await assert.rejects(storage.transaction((tx) => releaseStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty: 1 })), AppError);
    const [b] = await balances(ctx(), s.token);
    assert.equal(b?.version, 3);
  });

  it('refuses reserving an item with no balance, zero or inexact quantities', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    const run = (qty: number | string) => ctx().storage.transaction((tx) => reserveStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty }));
    await assert.rejects(run(1), (e: unknown) => e instanceof AppError && e.status === 422 && e.details.available === 0);
    await assert.rejects(run(0), (e: unknown) => e instanceof AppError && e.status === 422);
    await assert.rejects(run('0.0001'), (e: unknown) => e instanceof AppError && e.status === 422);
  });

  it('concurrent reservations never take available below zero', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 5 }] });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => ctx().storage.transaction((tx) => reserveStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: a, qty: 1 }))),
    );
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 5);
    const [b] = await balances(ctx(), s.token);
    assert.equal(b?.reserved, 5);
    assert.equal(b?.available, 0);
    assert.deepEqual((await checkLedger(ctx().storage, s.orgId)).negatives, []);
  });
});
