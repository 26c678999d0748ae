import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { assertEnvelope, importError } from '../helpers/envelope.ts';
import { COMMERCIAL_FIELDS, fieldsOf, importInto, list, shop } from './helpers.ts';
import type { CommercialOrder } from './helpers.ts';

const QUOTE = '0190a1b2-0000-7000-8000-00000000c001';
const STANDALONE = '0190a1b2-0000-7000-8000-00000000c002';
const ARCHIVED = '0190a1b2-0000-7000-8000-00000000c003';
const MADE = '0190a1b2-0000-7000-8000-00000000c004';

describeEachDatabase('commercial orders', (ctx) => {
  it('lists imported quotations (non-archived, exact snake_case fields and numbers) and reads one', async () => {
    const s = await shop(ctx());
    const walkIn = json<{ id: string }>(await api(ctx(), s.admin.token, 'POST', '/clients', { body: { name: 'Walk-in' } })).id;
    const counts = await importInto(ctx(), s.admin.slug, {
      productionOrders: [{ id: MADE, title: 'Made', items: [] }],
      commercialOrders: [
        {
          id: QUOTE, deal_id: s.dealId, title: 'Kitchen sets', status: 'transferred', currency: 'USD', production_order_id: MADE,
          items: [{ name: 'Cabinet', qty: 4, price: 1250000.55 }, { name: 'Shelf', qty: 2.125, price: 0.1 }],
          approved_at: '2025-03-10T12:00:00+05:00', created_at: '2025-03-01T09:30:00.000+00:00',
        },
        { id: STANDALONE, client_id: walkIn, deal_id: '', title: 'Counter sale', items: [{ name: 'Stool', qty: 1, price: 99.99 }] },
        { id: ARCHIVED, client_id: walkIn, title: 'Withdrawn', status: 'sent', items: [], is_archived: true },
      ],
    });
    assert.deepEqual(counts, { productionOrders: 1, commercialOrders: 3 });
    const page = await list<CommercialOrder>(ctx(), s.admin, '/commercial-orders');
    assert.equal(page.total, 2);
    for (const o of page.items) assert.deepEqual(Object.keys(o).sort(), COMMERCIAL_FIELDS);
    // Newest first: the standalone order was created now, the quotation on 2025-03-01.
    assert.deepEqual(page.items.map((o) => o.id), [STANDALONE, QUOTE]);
    assert.deepEqual(page.items[1], {
      id: QUOTE, deal_id: s.dealId, client_id: s.clientId, title: 'Kitchen sets', status: 'transferred', currency: 'USD',
      items: [{ name: 'Cabinet', qty: 4, price: 1250000.55 }, { name: 'Shelf', qty: 2.125, price: 0.1 }], production_order_id: MADE,
      approved_at: '2025-03-10T07:00:00.000+00:00', created_at: '2025-03-01T09:30:00.000+00:00',
    });
    const standalone = page.items[0]!;
    assert.equal(standalone.deal_id, null, 'an order without a deal has deal_id null');
    assert.equal(standalone.client_id, walkIn);
    assert.equal(standalone.status, 'draft');
    assert.equal(standalone.currency, 'UZS', 'the organization currency by default');
    assert.equal(standalone.approved_at, null);
    const one = await api(ctx(), s.admin.token, 'GET', `/commercial-orders/${QUOTE}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(json(one), page.items[1]);
    assert.equal((await api(ctx(), s.admin.token, 'GET', `/commercial-orders/${QUOTE}`, { headers: { 'if-none-match': one.headers.etag as string } })).statusCode, 304);
    assert.equal((await api(ctx(), s.admin.token, 'GET', `/commercial-orders/${ARCHIVED}`)).statusCode, 200);
    assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/commercial-orders/unknown'), 404, 'not_found', 'not_found');
  });

  it('filters by deal_id, client_id and status; any other status is 422', async () => {
    const s = await shop(ctx());
    const walkIn = json<{ id: string }>(await api(ctx(), s.admin.token, 'POST', '/clients', { body: { name: 'Walk-in' } })).id;
    await importInto(ctx(), s.admin.slug, {
      commercialOrders: [
        { title: 'A', deal_id: s.dealId, status: 'confirmed', items: [] },
        { title: 'B', deal_id: s.dealId, status: 'sent', items: [] },
        { title: 'C', client_id: walkIn, status: 'confirmed', items: [] },
        { title: 'D', client_id: walkIn, status: 'fulfilled', items: [] },
      ],
    });
    const titles = async (query: Record<string, string>) => (await list<CommercialOrder>(ctx(), s.admin, '/commercial-orders', query)).items.map((o) => o.title).sort();
    assert.deepEqual(await titles({ deal_id: s.dealId }), ['A', 'B']);
    assert.deepEqual(await titles({ client_id: walkIn }), ['C', 'D']);
    assert.deepEqual(await titles({ client_id: s.clientId }), ['A', 'B'], 'a deal\'s order carries the deal\'s client');
    assert.deepEqual(await titles({ status: 'confirmed' }), ['A', 'C']);
    assert.deepEqual(await titles({ status: 'confirmed', client_id: walkIn }), ['C']);
    assert.deepEqual(await titles({ status: 'approved' }), []);
    for (const status of ['shipped', 'Confirmed', '']) {
      const bad = assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/commercial-orders', { query: { status } }), 422, 'validation_error', 'validation_error');
      assert.deepEqual(bad.details.fields?.map((f) => f.field), ['status']);
    }
    assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/commercial-orders', { query: { dealId: s.dealId } }), 422, 'validation_error', 'validation_error');
  });

  it('keeps organizations apart and needs crm:read (production:read is refused)', async () => {
    const a = await shop(ctx());
    const b = await createPrincipal(ctx());
    await importInto(ctx(), a.admin.slug, { commercialOrders: [{ id: QUOTE, deal_id: a.dealId, title: 'Ours', items: [] }] });
    assertEnvelope(await api(ctx(), b.token, 'GET', `/commercial-orders/${QUOTE}`), 404, 'not_found', 'not_found');
    assert.equal((await list<CommercialOrder>(ctx(), b, '/commercial-orders')).total, 0);
    assert.equal((await list<CommercialOrder>(ctx(), b, '/commercial-orders', { deal_id: a.dealId })).total, 0);
    const crmReader = await createPrincipal(ctx(), { slug: a.admin.slug, scopes: ['crm:read'], rights: [] });
    assert.equal((await api(ctx(), crmReader.token, 'GET', '/commercial-orders')).statusCode, 200);
    assert.equal((await api(ctx(), crmReader.token, 'GET', `/commercial-orders/${QUOTE}`)).statusCode, 200);
    assertEnvelope(await api(ctx(), crmReader.token, 'GET', '/production/orders'), 403, 'forbidden', 'insufficient_scope');
    for (const scopes of [['production:read'], ['crm:write', 'finance:read']]) {
      const p = await createPrincipal(ctx(), { slug: a.admin.slug, scopes, rights: [] });
      const refused = assertEnvelope(await api(ctx(), p.token, 'GET', '/commercial-orders'), 403, 'forbidden', 'insufficient_scope');
      assert.equal(refused.details.required_scope, 'crm:read');
      assertEnvelope(await api(ctx(), p.token, 'GET', `/commercial-orders/${QUOTE}`), 403, 'forbidden', 'insufficient_scope');
    }
    assertEnvelope(await api(ctx(), undefined, 'GET', '/commercial-orders'), 401, 'unauthorized', 'api_token_required');
  });

  it('import checks deal, client and production order within the organization, statuses and numbers, and rejects the whole file', async () => {
    const a = await shop(ctx());
    const other = await shop(ctx());
    await importInto(ctx(), other.admin.slug, { productionOrders: [{ id: MADE, title: 'Theirs', items: [] }] });
    const otherClient = json<{ id: string }>(await api(ctx(), a.admin.token, 'POST', '/clients', { body: { name: 'Someone else' } })).id;
    const refused = async (orders: unknown[]) => fieldsOf(await importError(importInto(ctx(), a.admin.slug, { commercialOrders: orders })));
    assert.deepEqual(await refused([{ title: 'ok', deal_id: a.dealId, items: [] }, { title: 'x', deal_id: other.dealId, items: [] }]), ['commercialOrders[1].deal_id']);
    assert.deepEqual(await refused([{ title: 'x', client_id: other.clientId, items: [] }]), ['commercialOrders[0].client_id']);
    assert.deepEqual(await refused([{ title: 'x', deal_id: a.dealId, client_id: otherClient, items: [] }]), ['commercialOrders[0].deal_id']);
    assert.deepEqual(await refused([{ title: 'x', production_order_id: MADE, status: 'transferred', items: [] }]), ['commercialOrders[0].production_order_id']);
    assert.deepEqual(await refused([{ title: 'x', status: 'transferred', items: [] }]), ['commercialOrders[0].production_order_id']);
    assert.deepEqual(await refused([{ title: 'x', status: 'won', items: [] }]), ['commercialOrders[0].status']);
    assert.deepEqual(await refused([{ title: 'x', items: [{ name: 'a', qty: 1, price: 0.005 }] }]), ['commercialOrders[0].items.0.price']);
    assert.deepEqual(await refused([{ title: 'x', items: [{ name: 'a', qty: -1, price: 1 }] }]), ['commercialOrders[0].items.0.qty']);
    assert.deepEqual(await refused([{ title: 'x', currency: 'usd', items: [] }]), ['commercialOrders[0].currency']);
    assert.deepEqual(await refused([{ id: QUOTE, title: 'a', items: [] }, { id: QUOTE, title: 'b', items: [] }]), ['commercialOrders[1].id']);
    assert.equal((await list<CommercialOrder>(ctx(), a.admin, '/commercial-orders')).total, 0, 'nothing of a refused file is written');
  });
});
