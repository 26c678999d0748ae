import assert from 'node:assert/strict';
import { it } from 'node:test';
import { inventoryDemoData } from '../../src/domains/inventory/demo.ts';
import { AppError } from '../../src/http/errors.ts';
import { importData } from '../../src/import.ts';
import { newId } from '../../src/storage/ids.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { BalanceBody, MovementBody } from './fixtures.ts';
import { assertLedgerHolds, checkLedger } from './invariant.ts';

describeEachDatabase('inventory: import', (ctx) => {
  it('imports warehouses, products and movements through the ledger, keeping ids', async () => {
    const p = await createPrincipal(ctx());
    const w = newId();
    const item = newId();
    const mv = newId();
    const counts = await importData(ctx().storage, p.slug, {
      movements: [
        { id: mv, kind: 'in', date: '2025-03-01T10:00:00', to_warehouse_id: w, reason: 'initial', lines: [{ item_id: item, qty: '4.250', cost_per_unit: '1.10', cost_currency: 'UZS' }] },
        { kind: 'out', from_warehouse_id: w, created_by_user_id: p.userId, lines: [{ item_id: item, qty: 1 }] },
      ],
      products: [{ id: item, name: 'Widget', sku: 'W-1', cost_per_unit: 1.1, version: 4 }],
      warehouses: [{ id: w, name: 'Annex', code: 'ANX', city: 'Bukhara', address_line: '1 Street' }],
    });
    assert.deepEqual(counts, { warehouses: 1, products: 1, movements: 2 });
    const m = json<MovementBody>(await api(ctx(), p.token, 'GET', `/movements/${mv}`));
    assert.equal(m.date, '2025-03-01T10:00:00.000');
    assert.equal(m.reason, 'initial');
    assert.equal(m.to_warehouse_id, w);
    assert.equal(m.lines[0]?.qty, '4.250');
    const stock = json<{ items: BalanceBody[] }>(await api(ctx(), p.token, 'GET', '/stock', { query: { warehouse_id: w } })).items;
    assert.equal(stock[0]?.onHand, 3.25);
    assert.equal(json(await api(ctx(), p.token, 'GET', `/products/${item}`)).version, 1);
    assert.deepEqual((await checkLedger(ctx().storage, p.orgId)).mismatches, []);
  });

  it('rejects a bad file as a whole, naming the record and field', async () => {
    const p = await createPrincipal(ctx());
    const item = newId();
    const attempt = (file: unknown) => importData(ctx().storage, p.slug, file);
    const expectField = async (file: unknown, field: string) => {
      await assert.rejects(attempt(file), (e: unknown) => {
        assert.ok(e instanceof AppError, String(e));
        assert.equal(e.status, 422);
        const fields = (e.details.fields as Array<{ field: string }>).map((f) => f.field);
        assert.ok(fields.includes(field), `${field} not in ${fields.join(', ')}: ${e.message}`);
        return true;
      });
    };
    await expectField({ products: [{ name: 'ok' }, { sku: 'no-name' }] }, 'products[1].name');
    await expectField({ products: [{ id: item, name: 'A' }], movements: [{ kind: 'out', warehouse_id: 'nowhere', lines: [{ item_id: item, qty: 1 }] }] }, 'movements[0].warehouse_id');
    const [main] = json<{ items: Array<{ id: string }> }>(await api(ctx(), p.token, 'GET', '/warehouses')).items;
    await expectField({ products: [{ id: item, name: 'A' }], movements: [{ kind: 'out', warehouse_id: main?.id, lines: [{ item_id: item, qty: 1 }] }] }, 'movements[0].lines.0.qty');
    await expectField({ warehouses: [{ name: 'W', colour: 'red' }] }, 'warehouses[0].colour');
    await expectField({ products: [{ name: 'A', sku: 'S' }, { name: 'B', sku: 'S' }] }, 'products[1]');
    const left = json<{ total: number }>(await api(ctx(), p.token, 'GET', '/products', { query: { include_archived: 'true' } }));
    assert.equal(left.total, 0, 'nothing is half-imported');
    assert.equal(json<{ total: number }>(await api(ctx(), p.token, 'GET', '/warehouses')).total, 1);
  });

  it('loads the demo data: two warehouses (one default), a service item, movements that balance', async () => {
    const p = await createPrincipal(ctx());
    const counts = await importData(ctx().storage, p.slug, inventoryDemoData);
    assert.equal(counts.movements, inventoryDemoData.movements?.length);
    const warehouses = json<{ items: Array<{ isDefault: boolean; name: string }> }>(await api(ctx(), p.token, 'GET', '/warehouses')).items;
    assert.equal(warehouses.filter((w) => w.isDefault).length, 1);
    assert.equal(warehouses.find((w) => w.isDefault)?.name, 'Central warehouse');
    const products = json<{ items: Array<{ item_type: string }> }>(await api(ctx(), p.token, 'GET', '/products')).items;
    assert.ok(products.some((x) => x.item_type === 'service'));
    const check = await assertLedgerHolds(ctx().storage, p.orgId);
    assert.ok(check.balances >= 4);
  });
});
