import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { assertEnvelope, importError } from '../helpers/envelope.ts';
import { fieldsOf, importInto, list, PRODUCTION_FIELDS, shop } from './helpers.ts';
import type { ProductionOrder } from './helpers.ts';

const PIPE = '0190a1b2-0000-7000-8000-00000000a001';
const CUT = '0190a1b2-0000-7000-8000-00000000a002';
const SEW = '0190a1b2-0000-7000-8000-00000000a003';
const OTHER_PIPE = '0190a1b2-0000-7000-8000-00000000a011';
const OTHER_STAGE = '0190a1b2-0000-7000-8000-00000000a012';
const STAGED = '0190a1b2-0000-7000-8000-00000000b001';
const LOOSE = '0190a1b2-0000-7000-8000-00000000b002';
const ARCHIVED = '0190a1b2-0000-7000-8000-00000000b003';
const SECOND = '0190a1b2-0000-7000-8000-00000000b004';
const THIRD = '0190a1b2-0000-7000-8000-00000000b005';

describeEachDatabase('production orders', (ctx) => {
  it('lists imported orders (non-archived, exact camelCase fields, no currentStage) and reads one with its stage from the pipeline', async () => {
    const s = await shop(ctx());
    const counts = await importInto(ctx(), s.admin.slug, {
      productionPipelines: [
        { id: PIPE, title: 'Workshop', stages: [{ id: CUT, title: 'Cutting', order: 1 }, { id: SEW, title: 'Sewing', order: 2 }] },
        { id: OTHER_PIPE, title: 'Paint shop', stages: [{ id: OTHER_STAGE, title: 'Priming' }] },
      ],
      productionOrders: [
        {
          id: STAGED, title: 'Kitchen sets', status: 'in_progress', pipelineId: PIPE, currentStageId: SEW, dealId: s.dealId,
          items: [{ name: 'Cabinet', qty: 4 }, { name: 'Shelf', qty: 2.125 }], qtyProduced: 1.5, customerName: 'Alpha LLC',
          plannedDeliveryDate: '2025-04-15', monitorStatus: 'at_risk', currentStage: { id: SEW, title: 'ignored' },
        },
        { id: LOOSE, title: 'Samples', items: [] },
        { id: ARCHIVED, title: 'Old run', items: [{ name: 'Chair', qty: 1 }], isArchived: true },
      ],
    });
    assert.deepEqual(counts, { productionPipelines: 2, productionOrders: 3 });
    const page = await list<ProductionOrder>(ctx(), s.admin, '/production/orders');
    assert.equal(page.total, 2);
    assert.deepEqual(page.items.map((o) => o.id).sort(), [STAGED, LOOSE].sort());
    for (const o of page.items) assert.deepEqual(Object.keys(o).sort(), PRODUCTION_FIELDS);
    const staged = page.items.find((o) => o.id === STAGED)!;
    assert.deepEqual(staged, {
      id: STAGED, title: 'Kitchen sets', status: 'in_progress', pipelineId: PIPE, currentStageId: SEW, dealId: s.dealId,
      items: [{ name: 'Cabinet', qty: 4 }, { name: 'Shelf', qty: 2.125 }], qtyToProduce: 6.125, qtyProduced: 1.5, customerName: 'Alpha LLC',
      plannedDeliveryDate: '2025-04-15', monitorStatus: 'at_risk',
    });
    assert.deepEqual(page.items.find((o) => o.id === LOOSE), {
      id: LOOSE, title: 'Samples', status: 'open', pipelineId: null, currentStageId: null, dealId: null, items: [], qtyToProduce: 0, qtyProduced: 0,
      customerName: null, plannedDeliveryDate: null, monitorStatus: 'on_track',
    });

    const one = await api(ctx(), s.admin.token, 'GET', `/production/orders/${STAGED}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(json<ProductionOrder>(one), { ...staged, currentStage: { id: SEW, title: 'Sewing' } });
    assert.deepEqual(json<ProductionOrder>(await api(ctx(), s.admin.token, 'GET', `/production/orders/${LOOSE}`)).currentStage, null);
    // An archived order is not listed but is read by id.
    assert.equal((await api(ctx(), s.admin.token, 'GET', `/production/orders/${ARCHIVED}`)).statusCode, 200);
    // Conditional reads: the record and the page answer 304 to their own tags.
    const tag = one.headers.etag as string;
    assert.equal((await api(ctx(), s.admin.token, 'GET', `/production/orders/${STAGED}`, { headers: { 'if-none-match': tag } })).statusCode, 304);
    const pageRes = await api(ctx(), s.admin.token, 'GET', '/production/orders');
    assert.equal((await api(ctx(), s.admin.token, 'GET', '/production/orders', { headers: { 'if-none-match': pageRes.headers.etag as string } })).statusCode, 304);
    // An imported order moves the list's tag.
    await importInto(ctx(), s.admin.slug, { productionOrders: [{ title: 'Later', items: [{ name: 'Door', qty: 1 }] }] });
    assert.equal((await api(ctx(), s.admin.token, 'GET', '/production/orders', { headers: { 'if-none-match': pageRes.headers.etag as string } })).statusCode, 200);
  });

  it('filters by status, pipeline_id and deal_id, pages, and refuses an unknown status or parameter', async () => {
    const s = await shop(ctx());
    await importInto(ctx(), s.admin.slug, {
      productionPipelines: [{ id: PIPE, title: 'Workshop', stages: [{ id: CUT, title: 'Cutting' }] }],
      productionOrders: [
        { id: STAGED, title: 'A', status: 'completed', pipelineId: PIPE, currentStageId: CUT, dealId: s.dealId, items: [] },
        { id: LOOSE, title: 'B', status: 'open', pipelineId: PIPE, items: [] },
        { title: 'C', status: 'open', items: [] },
      ],
    });
    const ids = async (query: Record<string, string>) => (await list<ProductionOrder>(ctx(), s.admin, '/production/orders', query)).items.map((o) => o.title).sort();
    assert.deepEqual(await ids({ status: 'open' }), ['B', 'C']);
    assert.deepEqual(await ids({ status: 'completed' }), ['A']);
    assert.deepEqual(await ids({ pipeline_id: PIPE }), ['A', 'B']);
    assert.deepEqual(await ids({ deal_id: s.dealId }), ['A']);
    assert.deepEqual(await ids({ status: 'open', pipeline_id: PIPE }), ['B']);
    assert.equal(json<ProductionOrder>(await api(ctx(), s.admin.token, 'GET', `/production/orders/${LOOSE}`)).currentStage, null, 'a pipeline without a stage: null');
    const paged = await list<ProductionOrder>(ctx(), s.admin, '/production/orders', { limit: '2', offset: '2' });
    assert.deepEqual([paged.items.length, paged.total, paged.limit, paged.offset], [1, 3, 2, 2]);
    assert.deepEqual((await list<ProductionOrder>(ctx(), s.admin, '/production/orders', { limit: '1' })).items.map((o) => o.title), ['C']);
    const bad = assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/production/orders', { query: { status: 'shipped' } }), 422, 'validation_error', 'validation_error');
    assert.deepEqual(bad.details.fields?.map((f) => f.field), ['status']);
    assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/production/orders', { query: { include_archived: 'true' } }), 422, 'validation_error', 'validation_error');
    assertEnvelope(await api(ctx(), s.admin.token, 'GET', '/production/orders', { query: { limit: '0' } }), 422, 'validation_error', 'validation_error');
  });

  it('answers 404 for an unknown id and for another organization\'s order, whose lists stay apart', async () => {
    const a = await shop(ctx());
    const b = await createPrincipal(ctx());
    await importInto(ctx(), a.admin.slug, { productionOrders: [{ id: STAGED, title: 'Ours', items: [] }] });
    await importInto(ctx(), b.slug, { productionOrders: [{ id: LOOSE, title: 'Theirs', items: [] }] });
    assertEnvelope(await api(ctx(), b.token, 'GET', `/production/orders/${STAGED}`), 404, 'not_found', 'not_found');
    assertEnvelope(await api(ctx(), a.admin.token, 'GET', '/production/orders/nope'), 404, 'not_found', 'not_found');
    assert.deepEqual((await list<ProductionOrder>(ctx(), b, '/production/orders')).items.map((o) => o.title), ['Theirs']);
    // The same id may live in two organizations.
    await importInto(ctx(), b.slug, { productionOrders: [{ id: STAGED, title: 'Theirs too', items: [] }] });
    assert.equal(json<ProductionOrder>(await api(ctx(), a.admin.token, 'GET', `/production/orders/${STAGED}`)).title, 'Ours');
  });

  it('import checks pipelines, stages, deals and values, and rejects the whole file', async () => {
    const a = await shop(ctx());
    const other = await shop(ctx());
    const pipelines = [{ id: PIPE, title: 'Workshop', stages: [{ id: CUT, title: 'Cutting' }] }];
    await importInto(ctx(), other.admin.slug, { productionPipelines: [{ id: OTHER_PIPE, title: 'Theirs', stages: [{ id: OTHER_STAGE, title: 'X' }] }] });
    const refused = async (orders: unknown[], extra: Record<string, unknown[]> = {}) => fieldsOf(await importError(importInto(ctx(), a.admin.slug, { productionPipelines: pipelines, ...extra, productionOrders: orders })));
    assert.deepEqual(await refused([{ title: 'x', items: [], pipelineId: CUT }]), ['productionOrders[0].pipelineId']);
    assert.deepEqual(await refused([{ title: 'x', items: [], pipelineId: PIPE, currentStageId: CUT, currentStage: { id: SEW, title: 'Sewing' } }]), ['productionOrders[0].currentStage.id']);
    assert.deepEqual(await refused([{ title: 'x', items: [], pipelineId: PIPE, currentStageId: OTHER_STAGE }]), ['productionOrders[0].currentStageId']);
    assert.deepEqual(await refused([{ title: 'x', items: [], currentStageId: CUT }]), ['productionOrders[0].currentStageId']);
    assert.deepEqual(await refused([{ title: 'ok', items: [] }, { title: 'x', items: [], dealId: other.dealId }]), ['productionOrders[1].dealId']);
    assert.deepEqual(await refused([{ title: 'x', items: [], status: 'shipped' }]), ['productionOrders[0].status']);
    assert.deepEqual(await refused([{ title: 'x', items: [], monitorStatus: 'fine' }]), ['productionOrders[0].monitorStatus']);
    assert.deepEqual(await refused([{ title: 'x', items: [{ name: 'a', qty: 1.0005 }] }]), ['productionOrders[0].items.0.qty']);
    assert.deepEqual(await refused([{ title: 'x', items: [{ name: 'a', qty: 0 }] }]), ['productionOrders[0].items.0.qty']);
    assert.deepEqual(await refused([{ title: 'x', items: [], salary: 1 }]), ['productionOrders[0].salary']);
    assert.deepEqual(await refused([{ id: STAGED, title: 'a', items: [] }, { id: STAGED, title: 'b', items: [] }]), ['productionOrders[1].id']);
    const pipelineError = await importError(importInto(ctx(), a.admin.slug, { productionPipelines: [{ id: PIPE, title: 'P', stages: [{ id: OTHER_STAGE, title: 'S' }] }, { id: OTHER_PIPE, title: 'Q', stages: [{ id: OTHER_STAGE, title: 'again' }] }] }));
    assert.deepEqual(fieldsOf(pipelineError), ['productionPipelines[1].stages.0.id']);
    // Nothing of the refused files was written.
    assert.equal((await list<ProductionOrder>(ctx(), a.admin, '/production/orders')).total, 0);
    const rows = await ctx().storage.db.selectFrom('production_pipelines').select('id').where('org_id', '=', a.admin.orgId).execute();
    assert.deepEqual(rows, []);
  });

  it('imports orders as GET /production/orders/{id} shows them: a pipeline and stage named only by orders are created from them', async () => {
    const s = await shop(ctx());
    const shown = (id: string, stageId: string | null, stageTitle: string | null): ProductionOrder => ({
      id, title: `Order ${id.slice(-4)}`, status: 'in_progress', pipelineId: OTHER_PIPE, currentStageId: stageId, dealId: null, items: [{ name: 'Door', qty: 2 }],
      qtyToProduce: 2, qtyProduced: 0, customerName: null, plannedDeliveryDate: null, monitorStatus: 'on_track',
      currentStage: stageId === null || stageTitle === null ? null : { id: stageId, title: stageTitle },
    });
    const file = [shown(STAGED, OTHER_STAGE, 'Priming'), shown(LOOSE, SEW, 'Sewing'), shown(ARCHIVED, OTHER_STAGE, 'Priming'), shown(SECOND, null, null)];
    assert.deepEqual(await importInto(ctx(), s.admin.slug, { productionOrders: file }), { productionOrders: 4 });
    for (const order of file) {
      const res = await api(ctx(), s.admin.token, 'GET', `/production/orders/${order.id}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(json<ProductionOrder>(res), order);
    }
    assert.deepEqual((await list<ProductionOrder>(ctx(), s.admin, '/production/orders', { pipeline_id: OTHER_PIPE })).total, 4);
    // A later file into that pipeline is checked against the stages it now has: a mistyped stage is refused.
    const typo = await importError(importInto(ctx(), s.admin.slug, { productionOrders: [{ ...shown(THIRD, CUT, 'Cutting') }] }));
    assert.deepEqual(fieldsOf(typo), ['productionOrders[0].currentStageId']);
  });

  it('needs production:read: crm:read and other scopes are refused with 403, no token with 401', async () => {
    const s = await shop(ctx());
    await importInto(ctx(), s.admin.slug, { productionOrders: [{ id: STAGED, title: 'Ours', items: [] }] });
    for (const scopes of [['crm:read'], ['inventory:read', 'finance:read', 'crm:write']]) {
      const p = await createPrincipal(ctx(), { slug: s.admin.slug, scopes, rights: [] });
      const res = assertEnvelope(await api(ctx(), p.token, 'GET', '/production/orders'), 403, 'forbidden', 'insufficient_scope');
      assert.equal(res.details.required_scope, 'production:read');
      assertEnvelope(await api(ctx(), p.token, 'GET', `/production/orders/${STAGED}`), 403, 'forbidden', 'insufficient_scope');
    }
    const reader = await createPrincipal(ctx(), { slug: s.admin.slug, scopes: ['production:read'], rights: [] });
    assert.equal((await api(ctx(), reader.token, 'GET', '/production/orders')).statusCode, 200);
    assert.equal((await api(ctx(), reader.token, 'GET', `/production/orders/${STAGED}`)).statusCode, 200);
    assertEnvelope(await api(ctx(), reader.token, 'GET', '/commercial-orders'), 403, 'forbidden', 'insufficient_scope');
    assertEnvelope(await api(ctx(), undefined, 'GET', '/production/orders'), 401, 'unauthorized', 'api_token_required');
  });

  it('the capabilities catalog shows production (logistics) and commercial orders (crm) as served', async () => {
    const p = await createPrincipal(ctx(), { scopes: ['production:read'], rights: [] });
    const catalog = json<{ products: Array<{ slug: string; status: string }>; capabilities: Array<{ key: string; providers: string[]; exposure: string; dependsOn: string[]; actions: Array<{ method: string; path: string; scope: string; mode: string; permissions: string[] }> }> }>(
      await api(ctx(), p.token, 'GET', '/capabilities'),
    );
    const logistics = catalog.capabilities.find((c) => c.key === 'logistics')!;
    assert.equal(logistics.exposure, 'public_api');
    assert.deepEqual(logistics.providers, ['bizplat']);
    assert.deepEqual(logistics.dependsOn, ['identity', 'access']);
    assert.deepEqual(logistics.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode} ${a.permissions.join(',')}`).sort(), [
      'GET /production/orders production:read read ',
      'GET /production/orders/:id production:read read ',
    ]);
    assert.ok(catalog.products.some((x) => x.slug === 'logistics' && x.status === 'active'));
    const crm = catalog.capabilities.find((c) => c.key === 'crm')!;
    const commercial = crm.actions.filter((a) => a.path.startsWith('/commercial-orders')).map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode}`).sort();
    assert.deepEqual(commercial, ['GET /commercial-orders crm:read read', 'GET /commercial-orders/:id crm:read read']);
  });
});
