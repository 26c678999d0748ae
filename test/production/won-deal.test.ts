import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { demoDataSet } from '../../src/demo.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import { settle, startDelivery } from '../webhooks/helpers.ts';
import { importInto, list, shop } from './helpers.ts';
import type { CommercialOrder, ProductionOrder, Shop } from './helpers.ts';
import type { TestContext } from '../helpers/harness.ts';

const cert = makeCertificate();
after(() => cert.remove());

const PIPE = '0190a1b2-0000-7000-8000-00000000d001';
const FIRST = '0190a1b2-0000-7000-8000-00000000d002';
const SECOND = '0190a1b2-0000-7000-8000-00000000d003';

function move(ctx: TestContext, s: Shop, stage: string) {
  return api(ctx, s.admin.token, 'PATCH', `/deals/${s.dealId}`, { body: { stage } });
}

async function productionOf(ctx: TestContext, s: Shop): Promise<ProductionOrder[]> {
  return (await list<ProductionOrder>(ctx, s.admin, '/production/orders', { deal_id: s.dealId })).items;
}

async function eventNames(ctx: TestContext, orgId: string): Promise<string[]> {
  const rows = await ctx.storage.db.selectFrom('events').select('event').where('org_id', '=', orgId).orderBy('seq').execute();
  return rows.map((r) => r.event);
}

describeEachDatabase('a won deal starts production', (ctx) => {
  it('PATCH into the won stage makes each confirmed or approved quotation a production order in the same change, once, however often the deal moves', async () => {
    const s = await shop(ctx(), 'Alpha LLC');
    const other = await shop(ctx());
    await importInto(ctx(), s.admin.slug, {
      productionPipelines: [{ id: PIPE, title: 'Workshop', isDefault: true, stages: [{ id: SECOND, title: 'Sewing', order: 2 }, { id: FIRST, title: 'Cutting', order: 1 }] }],
      productionOrders: [{ id: '0190a1b2-0000-7000-8000-00000000d0ff', title: 'Made before', items: [] }],
      commercialOrders: [
        { title: 'Confirmed', deal_id: s.dealId, status: 'confirmed', items: [{ name: 'Cabinet', qty: 4, price: 100.5 }, { name: 'Shelf', qty: 0.125, price: 3 }] },
        { title: 'Approved', deal_id: s.dealId, status: 'approved', items: [{ name: 'Table', qty: 1, price: 900 }], approved_at: '2025-03-01T00:00:00Z' },
        { title: 'Draft', deal_id: s.dealId, status: 'draft', items: [{ name: 'x', qty: 1, price: 1 }] },
        { title: 'Sent', deal_id: s.dealId, status: 'sent', items: [] },
        { title: 'Already made', deal_id: s.dealId, status: 'approved', production_order_id: '0190a1b2-0000-7000-8000-00000000d0ff', items: [] },
        { title: 'Withdrawn', deal_id: s.dealId, status: 'confirmed', is_archived: true, items: [] },
      ],
    });
    await importInto(ctx(), other.admin.slug, { commercialOrders: [{ title: 'Elsewhere', deal_id: other.dealId, status: 'confirmed', items: [] }] });

    const won = await move(ctx(), s, 'Won');
    assert.equal(won.statusCode, 200, won.body);
    // Read straight after the answer, before any event consumer ran: the chain was part of the deal's transaction.
    const made = await productionOf(ctx(), s);
    assert.deepEqual(made.map((o) => o.title).sort(), ['Approved', 'Confirmed']);
    const confirmed = made.find((o) => o.title === 'Confirmed')!;
    assert.deepEqual({ ...confirmed, id: '' }, {
      id: '', title: 'Confirmed', status: 'open', pipelineId: PIPE, currentStageId: FIRST, dealId: s.dealId,
      items: [{ name: 'Cabinet', qty: 4 }, { name: 'Shelf', qty: 0.125 }], qtyToProduce: 4.125, qtyProduced: 0,
      customerName: 'Alpha LLC', plannedDeliveryDate: null, monitorStatus: 'on_track',
    });
    const detail = json<ProductionOrder>(await api(ctx(), s.admin.token, 'GET', `/production/orders/${confirmed.id}`));
    assert.deepEqual(detail.currentStage, { id: FIRST, title: 'Cutting' });

    const quotes = (await list<CommercialOrder>(ctx(), s.admin, '/commercial-orders', { deal_id: s.dealId })).items;
    const byTitle = new Map(quotes.map((q) => [q.title, q]));
    assert.equal(byTitle.get('Confirmed')!.status, 'transferred');
    assert.equal(byTitle.get('Confirmed')!.production_order_id, confirmed.id);
    assert.equal(byTitle.get('Approved')!.production_order_id, made.find((o) => o.title === 'Approved')!.id);
    assert.deepEqual([byTitle.get('Draft')!.status, byTitle.get('Draft')!.production_order_id], ['draft', null]);
    assert.deepEqual([byTitle.get('Sent')!.status, byTitle.get('Sent')!.production_order_id], ['sent', null]);
    assert.equal(byTitle.get('Already made')!.status, 'approved', 'an order that has a production order is left alone');
    const withdrawn = await ctx().storage.db.selectFrom('commercial_orders').select(['status', 'production_order_id']).where('org_id', '=', s.admin.orgId).where('title', '=', 'Withdrawn').executeTakeFirstOrThrow();
    assert.deepEqual(withdrawn, { status: 'confirmed', production_order_id: null });
    const elsewhere = (await list<CommercialOrder>(ctx(), other.admin, '/commercial-orders')).items;
    assert.deepEqual(elsewhere.map((q) => [q.status, q.production_order_id]), [['confirmed', null]], 'another organization is untouched');
    assert.deepEqual((await eventNames(ctx(), s.admin.orgId)).filter((e) => e !== 'client.created' && e !== 'deal.created'), [
      'production_order.created', 'deal.updated', 'deal.won', 'production_order.created', 'production_order.created',
    ]);

    // Out of won and back, twice: nothing new.
    for (const stage of ['In progress', 'Won', 'Lost', 'Won']) assert.equal((await move(ctx(), s, stage)).statusCode, 200);
    assert.equal((await productionOf(ctx(), s)).length, 2);
    assert.equal((await list<ProductionOrder>(ctx(), s.admin, '/production/orders')).total, 3);
    assert.equal((await eventNames(ctx(), s.admin.orgId)).filter((e) => e === 'deal.won').length, 3);
    assert.equal((await eventNames(ctx(), s.admin.orgId)).filter((e) => e === 'production_order.created').length, 3);
  });

  it('a deal created in the won stage, or won with no quotation, starts nothing; without a default pipeline the order has no stage; concurrent wins start it once', async () => {
    const s = await shop(ctx());
    const born = await api(ctx(), s.admin.token, 'POST', '/deals', { body: { title: 'Won at once', client_id: s.clientId, stage: 'Won' } });
    assert.equal(born.statusCode, 201, born.body);
    assert.equal((await move(ctx(), s, 'Won')).statusCode, 200);
    assert.equal((await list<ProductionOrder>(ctx(), s.admin, '/production/orders')).total, 0);
    assert.ok((await eventNames(ctx(), s.admin.orgId)).filter((e) => e === 'deal.won').length === 2);

    // A quotation of a deal without a client, in an organization without pipelines.
    const bare = await createPrincipal(ctx());
    const deal = json<{ id: string }>(await api(ctx(), bare.token, 'POST', '/deals', { body: { title: 'No client' } }));
    await importInto(ctx(), bare.slug, { commercialOrders: [{ title: 'Quote', deal_id: deal.id, status: 'confirmed', items: [{ name: 'Lamp', qty: 2, price: 10 }] }] });
    assert.equal((await api(ctx(), bare.token, 'PATCH', `/deals/${deal.id}`, { body: { stage: 'Won' } })).statusCode, 200);
    const [order] = (await list<ProductionOrder>(ctx(), bare, '/production/orders')).items;
    assert.ok(order);
    assert.deepEqual([order.pipelineId, order.currentStageId, order.customerName, order.qtyToProduce], [null, null, null, 2]);
    assert.equal(json<ProductionOrder>(await api(ctx(), bare.token, 'GET', `/production/orders/${order.id}`)).currentStage, null);

    // Three PATCHes into won at once: the deal enters won once, its quotation goes once.
    const race = json<{ id: string }>(await api(ctx(), bare.token, 'POST', '/deals', { body: { title: 'Raced' } }));
    await importInto(ctx(), bare.slug, { commercialOrders: [{ title: 'Raced quote', deal_id: race.id, status: 'approved', items: [] }] });
    const answers = await Promise.all([0, 1, 2].map(() => api(ctx(), bare.token, 'PATCH', `/deals/${race.id}`, { body: { stage: 'Won' } })));
    assert.deepEqual(answers.map((a) => a.statusCode), [200, 200, 200]);
    assert.equal((await list<ProductionOrder>(ctx(), bare, '/production/orders', { deal_id: race.id })).total, 1);
  });

  it('the demo data set carries a pipeline, a transferred and a confirmed quotation; winning the fabric deal starts its production', async () => {
    const p = await createPrincipal(ctx());
    const counts = await importInto(ctx(), p.slug, demoDataSet(ctx().modules));
    assert.deepEqual([counts.productionPipelines, counts.productionOrders, counts.commercialOrders], [1, 1, 2]);
    const made = json<ProductionOrder>(await api(ctx(), p.token, 'GET', '/production/orders/0190a1b2-0000-7000-8000-000000001611'));
    assert.deepEqual(made.currentStage, { id: '0190a1b2-0000-7000-8000-000000001603', title: 'Sewing' });
    const fabric = '0190a1b2-0000-7000-8000-000000000301';
    assert.equal((await api(ctx(), p.token, 'PATCH', `/deals/${fabric}`, { body: { stage: 'Won' } })).statusCode, 200);
    const [started] = (await list<ProductionOrder>(ctx(), p, '/production/orders', { deal_id: fabric })).items;
    assert.deepEqual([started?.title, started?.customerName, started?.currentStageId, started?.qtyToProduce], ['Autumn fabric order', 'Tashkent Textile LLC', '0190a1b2-0000-7000-8000-000000001602', 5000]);
  });

  it('deal.won reaches a real HTTPS subscriber, signed, after the production order exists', async () => {
    const s = await shop(ctx());
    await importInto(ctx(), s.admin.slug, { commercialOrders: [{ title: 'Quote', deal_id: s.dealId, status: 'confirmed', items: [{ name: 'Sofa', qty: 1, price: 500 }] }] });
    const receiver = await startReceiver(cert);
    const delivery = await startDelivery(ctx(), { webhookPollMs: 200, eventPollMs: 200 });
    try {
      const sub = await api(ctx(), s.admin.token, 'POST', '/webhooks', { body: { name: 'erp', url: receiver.url, events: ['deal.won'] } });
      assert.equal(sub.statusCode, 201, sub.body);
      const { secret } = json<{ secret: string }>(sub);
      const won = await move(ctx(), s, 'Won');
      assert.equal(won.statusCode, 200);
      const version = json<{ version: number; stage_id: string }>(won);
      const [got] = await receiver.waitFor(1);
      await settle(300);
      assert.equal(receiver.received.length, 1, 'only the subscribed event arrives');
      const body = JSON.parse(got!.body.toString('utf8')) as { event: string; data: Record<string, unknown> };
      assert.equal(body.event, 'deal.won');
      assert.deepEqual(body.data, { entityType: 'deal', entityId: s.dealId, version: version.version, stageId: version.stage_id, stage: 'Won' });
      assert.equal(got!.headers['x-webhook-signature'], opensslHmac(secret, got!.body, cert.dir));
      // What the subscriber can fetch on hearing it: the production order of the deal.
      assert.equal((await productionOf(ctx(), s)).length, 1);
    } finally {
      await delivery.stop();
      await receiver.close();
    }
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '200' } });
