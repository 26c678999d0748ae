/** Rules the route helper and the schema primitives apply to every domain alike. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

const NUL = '\u0000';

describeEachDatabase('input rules shared by every domain', (ctx) => {
  it('a NUL in any text is refused with 422 naming the field, in inventory and webhooks as in CRM', async () => {
    const p = await createPrincipal(ctx());
    const refused = async (method: 'POST' | 'GET', path: string, field: string, options: { body?: unknown; query?: Record<string, string> }) => {
      const body = assertEnvelope(await api(ctx(), p.token, method, path, options), 422, 'validation_error', 'validation_error');
      assert.ok(body.details.fields?.some((f) => f.field === field), `${path}: ${JSON.stringify(body.details.fields)}`);
    };
    await refused('POST', '/products', 'name', { body: { name: `Shelf${NUL}` } });
    await refused('POST', '/products', 'sku', { body: { name: 'Shelf', sku: `S${NUL}1` } });
    await refused('GET', '/products', 'search', { query: { search: `a${NUL}` } });
    await refused('GET', '/stock', 'warehouse_id', { query: { warehouse_id: `w${NUL}` } });
    await refused('POST', '/movements', 'notes', { body: { kind: 'in', warehouse_id: 'w', lines: [{ item_id: 'i', qty: 1 }], notes: `n${NUL}` } });
    await refused('POST', '/movements', 'lines.0.item_id', { body: { kind: 'in', warehouse_id: 'w', lines: [{ item_id: `i${NUL}`, qty: 1 }] } });
    await refused('POST', '/webhooks', 'name', { body: { name: `hook${NUL}`, url: 'https://example.com/h', events: '*' } });
    await refused('POST', '/clients', 'name', { body: { name: `Acme${NUL}` } });
    const listed = json<{ total: number }>(await api(ctx(), p.token, 'GET', '/products', { query: { include_archived: 'true' } }));
    assert.equal(listed.total, 0, 'nothing was written');
  });

  it('an unknown query parameter is refused with 422 on every route, lists and single records alike', async () => {
    const p = await createPrincipal(ctx());
    const product = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Shelf' } }));
    for (const path of ['/ping', '/clients', '/products', '/warehouses', '/stock', '/movements', `/products/${product.id}`, '/webhooks', '/webhooks/event-catalog']) {
      const body = assertEnvelope(await api(ctx(), p.token, 'GET', path, { query: { includeArchived: 'true' } }), 422, 'validation_error', 'validation_error');
      assert.deepEqual(body.details.fields, [{ field: 'includeArchived', message: 'is not a known parameter' }], path);
    }
    const ok = await api(ctx(), p.token, 'GET', '/products', { query: { include_archived: 'true', limit: '5' } });
    assert.equal(ok.statusCode, 200);
  });
});
