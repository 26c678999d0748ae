import assert from 'node:assert/strict';
import { it } from 'node:test';
import { reserveStock } from '../../src/domains/inventory/reservations.ts';
import { api, describeEachDatabase } from '../helpers/harness.ts';
import { post, stockedOrg } from './fixtures.ts';

describeEachDatabase('inventory: conditional reads of stock and movements', (ctx) => {
  it('GET /stock and GET /movements answer 304 while the ledger is unchanged, and 200 after a movement or a reservation', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [item] = s.items as [string];
    assert.equal((await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: item, qty: 5 }] })).statusCode, 201);

    const stock = await api(ctx(), s.token, 'GET', '/stock');
    const movements = await api(ctx(), s.token, 'GET', '/movements?limit=10');
    const stockTag = stock.headers.etag as string;
    const movementsTag = movements.headers.etag as string;
    assert.match(stockTag, /^"[^"]+"$/);
    assert.match(movementsTag, /^"[^"]+"$/);
    assert.notEqual(stockTag, movementsTag, 'two lists of one counter still have their own tags');
    assert.equal((await api(ctx(), s.token, 'GET', '/stock', { headers: { 'if-none-match': stockTag } })).statusCode, 304);
    assert.equal((await api(ctx(), s.token, 'GET', '/movements?limit=10', { headers: { 'if-none-match': movementsTag } })).statusCode, 304);

    assert.equal((await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: item, qty: 2 }] })).statusCode, 201);
    const stockAfterMovement = await api(ctx(), s.token, 'GET', '/stock', { headers: { 'if-none-match': stockTag } });
    assert.equal(stockAfterMovement.statusCode, 200);
    assert.notEqual(stockAfterMovement.headers.etag, stockTag);
    const movementsAfter = await api(ctx(), s.token, 'GET', '/movements?limit=10', { headers: { 'if-none-match': movementsTag } });
    assert.equal(movementsAfter.statusCode, 200);
    assert.equal((movementsAfter.json() as { items: unknown[] }).items.length, 2);

    const tagBeforeReservation = stockAfterMovement.headers.etag as string;
    await ctx().storage.transaction((tx) => reserveStock(tx, { orgId: s.orgId }, { warehouseId: s.main, itemId: item, qty: 1 }));
    const stockAfterReservation = await api(ctx(), s.token, 'GET', '/stock', { headers: { 'if-none-match': tagBeforeReservation } });
    assert.equal(stockAfterReservation.statusCode, 200);
    assert.equal((stockAfterReservation.json() as { items: Array<{ reserved: number }> }).items[0]!.reserved, 1);
  });

  it('a refused movement leaves the tags as they were', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [item] = s.items as [string];
    const stock = await api(ctx(), s.token, 'GET', '/stock');
    const refused = await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: item, qty: 1 }] });
    assert.equal(refused.statusCode, 422);
    assert.equal((await api(ctx(), s.token, 'GET', '/stock', { headers: { 'if-none-match': stock.headers.etag as string } })).statusCode, 304);
  });
});
