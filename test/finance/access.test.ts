import assert from 'node:assert/strict';
import { it } from 'node:test';
import { RIGHTS } from '../../src/platform/rights.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { fieldsOf, file, importInto } from './helpers.ts';
import type { Envelope, FinanceRequest } from './helpers.ts';

const CATEGORY = '0190a1b2-0000-7000-8000-0000000ac001';

interface Seed {
  owner: Principal;
  request: FinanceRequest;
  clientId: string;
  dealId: string;
}

async function seed(ctx: TestContext): Promise<Seed> {
  const owner = await createPrincipal(ctx);
  const client = json<{ id: string }>(await api(ctx, owner.token, 'POST', '/clients', { body: { name: 'Debtor' } }));
  const deal = json<{ id: string }>(await api(ctx, owner.token, 'POST', '/deals', { body: { title: 'Sale', client_id: client.id } }));
  await importInto(ctx, owner.slug, {
    financeCategories: [{ id: CATEGORY, name: 'Travel' }],
    receivables: [{ clientId: client.id, dealId: deal.id, amount: 100, dueDate: '2030-01-01' }],
  });
  const request = await file(ctx, owner, { title: 'Seed', amount: 1 });
  return { owner, request, clientId: client.id, dealId: deal.id };
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH';
  path: (s: Seed) => string;
  body?: Record<string, unknown>;
  ok: number;
  /** details.error of the expected answer when it is a refusal. */
  code?: string;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: () => '/finance-requests', ok: 200 },
  { method: 'GET', path: () => '/finance/requests', ok: 200 },
  { method: 'GET', path: (s) => `/finance-requests/${s.request.id}`, ok: 200 },
  { method: 'GET', path: (s) => `/finance/requests/${s.request.id}`, ok: 200 },
  { method: 'GET', path: () => '/finance/categories', ok: 200 },
  { method: 'GET', path: () => '/receivables', ok: 200 },
  { method: 'POST', path: () => '/finance-requests', body: { title: 'N', amount: 1 }, ok: 201 },
  { method: 'POST', path: () => '/finance/requests', body: { title: 'N', amount: 1 }, ok: 201 },
  // Past the scope, a field change is the requester's alone: another member, an administrator included, gets 403.
  { method: 'PATCH', path: (s) => `/finance-requests/${s.request.id}`, body: { counterparty: 'Acme' }, ok: 403, code: 'not_requester' },
  { method: 'PATCH', path: (s) => `/finance/requests/${s.request.id}`, body: { counterparty: 'Acme' }, ok: 403, code: 'not_requester' },
];

describeEachDatabase('finance access: scope × right matrix and tenant isolation', (ctx) => {
  it('needs the finance scope; filing needs no role right; admin:all covers it; field changes stay the requester\'s', async () => {
    const s = await seed(ctx());
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path(s)}`;
      const scope = route.method === 'GET' ? 'finance:read' : 'finance:write';
      for (const wrong of [route.method === 'GET' ? 'crm:read' : 'finance:read', 'inventory:write']) {
        const noScope = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [wrong] });
        const res = await api(ctx(), noScope.token, route.method, route.path(s), { body: route.body });
        assert.equal(res.statusCode, 403, `${label} with ${wrong}`);
        assert.equal(json<Envelope>(res).details.error, 'insufficient_scope');
      }
      const scoped = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [scope], rights: [] });
      const res = await api(ctx(), scoped.token, route.method, route.path(s), { body: route.body });
      assert.equal(res.statusCode, route.ok, `${label} with ${scope}: ${res.body}`);
      if (route.code !== undefined) assert.equal(json<Envelope>(res).details.error, route.code);
      const admin = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: ['admin:all'], rights: [] });
      const byAdmin = await api(ctx(), admin.token, route.method, route.path(s), { body: route.body });
      assert.equal(byAdmin.statusCode, route.ok, `${label} with admin:all`);
      if (route.code !== undefined) assert.equal(json<Envelope>(byAdmin).details.error, route.code);
      assert.equal((await api(ctx(), undefined, route.method, route.path(s), { body: route.body })).statusCode, 401);
    }
  });

  it('transitions need both the scope and the right: right without finance:write, or finance:write without the right, is 403', async () => {
    const s = await seed(ctx());
    const cases: Array<{ scopes: string[]; rights: string[]; status: number }> = [
      { scopes: ['finance:read'], rights: [...RIGHTS], status: 403 },
      { scopes: ['finance:write'], rights: RIGHTS.filter((r) => r !== 'finance.approve'), status: 403 },
      { scopes: ['finance:write'], rights: ['finance.approve'], status: 200 },
    ];
    for (const c of cases) {
      const r = await file(ctx(), s.owner, { title: 'Matrix', amount: 1 });
      const p = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: c.scopes, rights: c.rights });
      const res = await api(ctx(), p.token, 'PATCH', `/finance/requests/${r.id}`, { body: { status: 'approved' } });
      assert.equal(res.statusCode, c.status, `${c.scopes.join(',')} / ${c.rights.join(',')}: ${res.body}`);
      if (c.status === 403) assert.equal(json<Envelope>(res).details.error, 'insufficient_scope');
      const pay = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: ['finance:write'], rights: RIGHTS.filter((x) => x !== 'finance.pay') });
      if (c.status === 200) {
        const refused = await api(ctx(), pay.token, 'PATCH', `/finance/requests/${r.id}`, { body: { status: 'paid' } });
        assert.equal(refused.statusCode, 403);
        assert.equal(json<Envelope>(refused).details.required_right, 'finance.pay');
      }
    }
  });

  it('keeps organizations apart: 404 for another org\'s request, empty lists, 422 for its category, empty receivables for its client and deal', async () => {
    const s = await seed(ctx());
    const other = await createPrincipal(ctx());
    for (const route of ROUTES.filter((r) => r.path(s).includes(s.request.id))) {
      const res = await api(ctx(), other.token, route.method, route.path(s), { body: route.body });
      assert.equal(res.statusCode, 404, `${route.method} ${route.path(s)}`);
    }
    for (const path of ['/finance-requests', '/finance/requests', '/finance/categories', '/receivables']) {
      const list = json<{ items: unknown[]; total: number }>(await api(ctx(), other.token, 'GET', path));
      assert.deepEqual([list.items, list.total], [[], 0], path);
    }
    for (const query of [{ client_id: s.clientId }, { deal_id: s.dealId }] as Array<Record<string, string>>) {
      const mine = json<{ total: number }>(await api(ctx(), s.owner.token, 'GET', '/receivables', { query }));
      assert.equal(mine.total, 1);
      const theirs = json<{ total: number }>(await api(ctx(), other.token, 'GET', '/receivables', { query }));
      assert.equal(theirs.total, 0);
    }
    const byId = await api(ctx(), other.token, 'POST', '/finance/requests', { body: { title: 'x', amount: 1, category_id: CATEGORY } });
    assert.equal(byId.statusCode, 422);
    assert.deepEqual(fieldsOf(byId), ['category_id']);
    const byName = await api(ctx(), other.token, 'POST', '/finance-requests', { body: { title: 'x', amount: 1, category: 'Travel' } });
    assert.deepEqual(fieldsOf(byName), ['category']);
    const mine = await file(ctx(), other, { title: 'Mine', amount: 1 });
    const patched = await api(ctx(), other.token, 'PATCH', `/finance-requests/${mine.id}`, { body: { category_id: CATEGORY } });
    assert.deepEqual(fieldsOf(patched), ['category_id']);
  });

  it('the capabilities catalog serves payments (requests, categories, receivables) and approvals (the PATCH of requests)', async () => {
    const s = await seed(ctx());
    const catalog = json<{ capabilities: Array<{ key: string; exposure: string; providers: string[]; actions: Array<{ method: string; path: string; scope: string; mode: string; permissions: string[] }> }>; products: Array<{ slug: string }> }>(
      await api(ctx(), s.owner.token, 'GET', '/capabilities'),
    );
    const actions = (key: string) => catalog.capabilities.find((c) => c.key === key)!.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode}`).sort();
    assert.deepEqual(actions('payments'), [
      'GET /finance-requests finance:read read',
      'GET /finance-requests/:id finance:read read',
      'GET /finance/categories finance:read read',
      'GET /finance/requests finance:read read',
      'GET /finance/requests/:id finance:read read',
      'GET /receivables finance:read read',
      'POST /finance-requests finance:write write',
      'POST /finance/requests finance:write write',
    ]);
    assert.deepEqual(actions('approvals'), ['PATCH /finance-requests/:id finance:write write', 'PATCH /finance/requests/:id finance:write write']);
    for (const key of ['payments', 'approvals']) assert.equal(catalog.capabilities.find((c) => c.key === key)!.exposure, 'public_api');
    assert.ok(catalog.products.some((p) => p.slug === 'payments'));
  });
});
