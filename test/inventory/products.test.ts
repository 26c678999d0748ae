import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { bumpCollection } from '../../src/storage/change-counters.ts';

type Body = Record<string, unknown>;
interface ListBody<T = Body> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
interface ErrorBody {
  error: string;
  message: string;
  details: { error: string; fields?: Array<{ field: string; message: string }> };
}

describeEachDatabase('inventory: products', (ctx) => {
  it('creates a product with every field and reads it back', async () => {
    const p = await createPrincipal(ctx());
    const body = {
      name: 'Office chair',
      sku: 'CH-1',
      unit: 'pcs',
      item_type: 'finished_good',
      category_id: 'furniture',
      cost_per_unit: 10.5,
      price: 19.99,
      barcode: '4780000000011',
      manufacturer: 'Acme',
      minStockLevel: 2.5,
      maxStockLevel: 100,
    };
    const res = await api(ctx(), p.token, 'POST', '/products', { body });
    assert.equal(res.statusCode, 201, res.body);
    const created = json(res);
    assert.deepEqual({ ...created, id: undefined }, { ...body, id: undefined, isArchived: false, version: 1 });
    assert.equal(Object.keys(created).sort().join(','), 'barcode,category_id,cost_per_unit,id,isArchived,item_type,manufacturer,maxStockLevel,minStockLevel,name,price,sku,unit,version');
    const got = await api(ctx(), p.token, 'GET', `/products/${String(created.id)}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(json(got), created);
    assert.equal(got.headers.etag, '"1"');
  });

  it('defaults item_type to product, cost and price to 0', async () => {
    const p = await createPrincipal(ctx());
    const res = await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Plain' } });
    assert.equal(res.statusCode, 201);
    const b = json(res);
    assert.equal(b.item_type, 'product');
    assert.equal(b.cost_per_unit, 0);
    assert.equal(b.price, 0);
    assert.equal(b.sku, null);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const p = await createPrincipal(ctx());
    const cases: Array<[Body, string]> = [
      [{}, 'name'],
      [{ name: 'x', item_type: 'gadget' }, 'item_type'],
      [{ name: 'x', cost_per_unit: 1.234 }, 'cost_per_unit'],
      [{ name: 'x', price: -1 }, 'price'],
      [{ name: 'x', cost_per_unit: '5' }, 'cost_per_unit'],
      [{ name: 'x', minStockLevel: 0.0001 }, 'minStockLevel'],
      [{ name: 'x', minStockLevel: 5, maxStockLevel: 1 }, 'maxStockLevel'],
      [{ name: 'x', isArchived: true, version: 3 }, 'version'],
      [{ name: '   ' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ctx(), p.token, 'POST', '/products', { body });
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)} → ${res.body}`);
      const e = json<ErrorBody>(res);
      assert.equal(e.details.error, 'validation_error');
      assert.ok(e.details.fields?.some((f) => f.field === field), `${JSON.stringify(body)} should name ${field}: ${res.body}`);
    }
  });

  it('keeps a SKU unique among live products of an organization (409), free after archiving, per organization', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const first = json(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'A', sku: 'DUP' } }));
    const dup = await api(ctx(), p.token, 'POST', '/products', { body: { name: 'B', sku: 'DUP' } });
    assert.equal(dup.statusCode, 409);
    assert.equal(json<ErrorBody>(dup).error, 'conflict');
    assert.equal((await api(ctx(), other.token, 'POST', '/products', { body: { name: 'B', sku: 'DUP' } })).statusCode, 201);
    const second = json(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'C', sku: 'OTHER' } }));
    const rename = await api(ctx(), p.token, 'PATCH', `/products/${String(second.id)}`, { body: { sku: 'DUP' } });
    assert.equal(rename.statusCode, 409);
    const archived = await api(ctx(), p.token, 'PATCH', `/products/${String(first.id)}`, { body: { isArchived: true } });
    assert.equal(archived.statusCode, 200);
    assert.equal((await api(ctx(), p.token, 'POST', '/products', { body: { name: 'B', sku: 'DUP' } })).statusCode, 201);
    const revive = await api(ctx(), p.token, 'PATCH', `/products/${String(first.id)}`, { body: { isArchived: false } });
    assert.equal(revive.statusCode, 409);
  });

  it('patches with If-Match, bumps the version and refuses a stale one with 409 stale_version', async () => {
    const p = await createPrincipal(ctx());
    const created = json(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Desk', price: 5 } }));
    const path = `/products/${String(created.id)}`;
    const ok = await api(ctx(), p.token, 'PATCH', path, { body: { price: 7.5, manufacturer: null }, headers: { 'if-match': 'W/"1"' } });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(json(ok).version, 2);
    assert.equal(json(ok).price, 7.5);
    assert.equal(ok.headers.etag, '"2"');
    const stale = await api(ctx(), p.token, 'PATCH', path, { body: { price: 8 }, headers: { 'if-match': '1' } });
    assert.equal(stale.statusCode, 409);
    assert.equal(json<ErrorBody>(stale).details.error, 'stale_version');
    assert.equal(json(await api(ctx(), p.token, 'GET', path)).price, 7.5);
    assert.equal((await api(ctx(), p.token, 'PATCH', path, { body: { unknown: 1 } })).statusCode, 422);
    assert.equal((await api(ctx(), p.token, 'PATCH', '/products/00000000-0000-7000-8000-000000000000', { body: { name: 'x' } })).statusCode, 404);
  });

  it('searches name, SKU and barcode case-insensitively and hides archived unless include_archived', async () => {
    const p = await createPrincipal(ctx());
    const mk = async (body: Body) => json(await api(ctx(), p.token, 'POST', '/products', { body }));
    await mk({ name: 'Red CHAIR', sku: 'r-1' });
    await mk({ name: 'Table', sku: 'CHAIR-SKU' });
    await mk({ name: 'Lamp', barcode: 'BC-chair-9' });
    await mk({ name: 'Other 100%' });
    const gone = await mk({ name: 'Old chair' });
    await api(ctx(), p.token, 'PATCH', `/products/${String(gone.id)}`, { body: { isArchived: true } });
    const found = json<ListBody>(await api(ctx(), p.token, 'GET', '/products', { query: { search: 'ChAiR' } }));
    assert.deepEqual(found.items.map((i) => i.name).sort(), ['Lamp', 'Red CHAIR', 'Table']);
    assert.equal(found.total, 3);
    const all = json<ListBody>(await api(ctx(), p.token, 'GET', '/products', { query: { search: 'chair', include_archived: 'true' } }));
    assert.equal(all.total, 4);
    const pct = json<ListBody>(await api(ctx(), p.token, 'GET', '/products', { query: { search: '0%' } }));
    assert.deepEqual(pct.items.map((i) => i.name), ['Other 100%']);
    const page = json<ListBody>(await api(ctx(), p.token, 'GET', '/products', { query: { limit: '2', offset: '1' } }));
    assert.equal(page.items.length, 2);
    assert.equal(page.total, 4);
    assert.equal(page.limit, 2);
    assert.equal(page.offset, 1);
    assert.equal((await api(ctx(), p.token, 'GET', '/products', { query: { limit: '201' } })).statusCode, 422);
  });

  it('isolates tenants: another organization’s product is 404', async () => {
    const a = await createPrincipal(ctx());
    const b = await createPrincipal(ctx());
    const created = json(await api(ctx(), a.token, 'POST', '/products', { body: { name: 'Secret' } }));
    assert.equal((await api(ctx(), b.token, 'GET', `/products/${String(created.id)}`)).statusCode, 404);
    assert.equal((await api(ctx(), b.token, 'PATCH', `/products/${String(created.id)}`, { body: { name: 'x' } })).statusCode, 404);
    assert.equal(json<ListBody>(await api(ctx(), b.token, 'GET', '/products')).total, 0);
  });

  it('needs inventory:write and the right org.inventory.edit to write, inventory:read to read', async () => {
    const reader = await createPrincipal(ctx(), { scopes: ['inventory:read'] });
    assert.equal((await api(ctx(), reader.token, 'GET', '/products')).statusCode, 200);
    assert.equal((await api(ctx(), reader.token, 'POST', '/products', { body: { name: 'x' } })).statusCode, 403);
    const noRight = await createPrincipal(ctx(), { scopes: ['inventory:write', 'inventory:read'], rights: ['crm.clients'] });
    const res = await api(ctx(), noRight.token, 'POST', '/products', { body: { name: 'x' } });
    assert.equal(res.statusCode, 403);
    assert.equal(json<ErrorBody>(res).details.error, 'insufficient_scope');
    const crm = await createPrincipal(ctx(), { scopes: ['crm:read'] });
    assert.equal((await api(ctx(), crm.token, 'GET', '/products')).statusCode, 403);
    assert.equal((await api(ctx(), undefined, 'GET', '/products')).statusCode, 401);
  });
});

describeEachDatabase('inventory: warehouses', (ctx) => {
  it('gives every organization a default warehouse, read-only, and hides archived ones', async () => {
    const p = await createPrincipal(ctx());
    const list = json<ListBody>(await api(ctx(), p.token, 'GET', '/warehouses'));
    assert.equal(list.total, 1);
    const w = list.items[0];
    assert.ok(w);
    assert.deepEqual(Object.keys(w).sort(), ['address_line', 'city', 'code', 'id', 'isArchived', 'isDefault', 'name']);
    assert.equal(w.isDefault, true);
    assert.equal(w.isArchived, false);
    const one = await api(ctx(), p.token, 'GET', `/warehouses/${String(w.id)}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(json(one), w);
    assert.equal((await api(ctx(), p.token, 'POST', '/warehouses', { body: { name: 'x' } })).statusCode, 405);
    const other = await createPrincipal(ctx());
    assert.equal((await api(ctx(), other.token, 'GET', `/warehouses/${String(w.id)}`)).statusCode, 404);
    // As every writer of a collection does, the archiving bumps its change counter.
    await ctx().storage.transaction(async (tx) => {
      await tx.db.updateTable('warehouses').set({ is_archived: true }).where('org_id', '=', p.orgId).execute();
      await bumpCollection(tx.db, p.orgId, 'warehouses');
    });
    assert.equal(json<ListBody>(await api(ctx(), p.token, 'GET', '/warehouses')).total, 0);
    assert.equal(json<ListBody>(await api(ctx(), p.token, 'GET', '/warehouses', { query: { include_archived: 'true' } })).total, 1);
  });
});
