import assert from 'node:assert/strict';
import { it } from 'node:test';
import { RIGHTS } from '../../src/platform/rights.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';

type Rec = { id: string; stage_id: string; funnel_id: string };

interface Seed {
  owner: Principal;
  client: Rec;
  contact: Rec;
  deal: Rec;
}

async function seed(ctx: Parameters<typeof createPrincipal>[0]): Promise<Seed> {
  const owner = await createPrincipal(ctx);
  const client = json<Rec>(await api(ctx, owner.token, 'POST', '/clients', { body: { name: 'Seed client' } }));
  const contact = json<Rec>(await api(ctx, owner.token, 'POST', '/contacts', { body: { name: 'Seed contact', client_id: client.id } }));
  const deal = json<Rec>(await api(ctx, owner.token, 'POST', '/deals', { body: { title: 'Seed deal', client_id: client.id } }));
  return { owner, client, contact, deal };
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH';
  path: (s: Seed) => string;
  right?: (typeof RIGHTS)[number];
  body?: Record<string, unknown>;
  ok: number;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: () => '/clients', ok: 200 },
  { method: 'GET', path: (s) => `/clients/${s.client.id}`, ok: 200 },
  { method: 'POST', path: () => '/clients', right: 'crm.clients', body: { name: 'N' }, ok: 201 },
  { method: 'PATCH', path: (s) => `/clients/${s.client.id}`, right: 'crm.clients', body: { city: 'Fergana' }, ok: 200 },
  { method: 'GET', path: () => '/contacts', ok: 200 },
  { method: 'GET', path: (s) => `/contacts/${s.contact.id}`, ok: 200 },
  { method: 'POST', path: () => '/contacts', right: 'crm.clients', body: { name: 'N' }, ok: 201 },
  { method: 'PATCH', path: (s) => `/contacts/${s.contact.id}`, right: 'crm.clients', body: { job_title: 'CEO' }, ok: 200 },
  { method: 'GET', path: () => '/deals', ok: 200 },
  { method: 'GET', path: (s) => `/deals/${s.deal.id}`, ok: 200 },
  { method: 'POST', path: () => '/deals', right: 'crm.deals.edit', body: { title: 'N' }, ok: 201 },
  { method: 'PATCH', path: (s) => `/deals/${s.deal.id}`, right: 'crm.deals.edit', body: { amount: 5 }, ok: 200 },
];

describeEachDatabase('CRM access: scope × right matrix and tenant isolation', (ctx) => {
  it('needs the scope, and the role right on writes; with both it succeeds', async () => {
    const s = await seed(ctx());
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path(s)}`;
      const scope = route.method === 'GET' ? 'crm:read' : 'crm:write';
      const rightsWithout = route.right ? RIGHTS.filter((r) => r !== route.right) : [...RIGHTS];
      const noScope = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [route.method === 'GET' ? 'inventory:read' : 'crm:read'] });
      const r1 = await api(ctx(), noScope.token, route.method, route.path(s), { body: route.body });
      assert.equal(r1.statusCode, 403, `${label} without scope`);
      assert.equal(json<Envelope>(r1).details.error, 'insufficient_scope');
      assert.equal(json<Envelope>(r1).error, 'forbidden');
      if (route.right) {
        const noRight = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [scope], rights: rightsWithout });
        const r2 = await api(ctx(), noRight.token, route.method, route.path(s), { body: route.body });
        assert.equal(r2.statusCode, 403, `${label} without right`);
        assert.equal(json<Envelope>(r2).details.error, 'insufficient_scope');
      }
      const both = await createPrincipal(ctx(), { slug: s.owner.slug, scopes: [scope], rights: route.right ? [route.right] : [] });
      const r3 = await api(ctx(), both.token, route.method, route.path(s), { body: route.body });
      assert.equal(r3.statusCode, route.ok, `${label} with scope and right: ${r3.body}`);
      const none = await api(ctx(), undefined, route.method, route.path(s), { body: route.body });
      assert.equal(none.statusCode, 401, `${label} without token`);
      assert.equal(json<Envelope>(none).details.error, 'api_token_required');
      const bad = await api(ctx(), 'nonsense-token', route.method, route.path(s), { body: route.body });
      assert.equal(bad.statusCode, 401);
    }
  });

  it('keeps organizations apart: 404 for another org\'s ids, empty lists, 422 for links into another org', async () => {
    const s = await seed(ctx());
    const other = await createPrincipal(ctx());
    for (const route of ROUTES.filter((r) => r.path(s).split('/').length > 2)) {
      const res = await api(ctx(), other.token, route.method, route.path(s), { body: route.body });
      assert.equal(res.statusCode, 404, `${route.method} ${route.path(s)}`);
      assert.equal(json<Envelope>(res).details.error, 'not_found');
    }
    for (const path of ['/clients', '/contacts', '/deals']) {
      const list = json<{ items: unknown[]; total: number }>(await api(ctx(), other.token, 'GET', path, { query: { include_archived: 'true' } }));
      assert.deepEqual(list.items, [], path);
      assert.equal(list.total, 0);
    }
    const links: Array<[string, Record<string, unknown>, string]> = [
      ['/contacts', { name: 'x', client_id: s.client.id }, 'client_id'],
      ['/deals', { title: 'x', client_id: s.client.id }, 'client_id'],
      ['/deals', { title: 'x', contact_id: s.contact.id }, 'contact_id'],
      ['/deals', { title: 'x', funnel_id: s.deal.funnel_id }, 'funnel_id'],
      ['/deals', { title: 'x', stage_id: s.deal.stage_id }, 'stage_id'],
      ['/deals', { title: 'x', assignee_id: s.owner.userId }, 'assignee_id'],
    ];
    for (const [path, body, field] of links) {
      const res = await api(ctx(), other.token, 'POST', path, { body });
      assert.equal(res.statusCode, 422, `${path} ${JSON.stringify(body)}`);
      assert.deepEqual((json<Envelope>(res).details.fields ?? []).map((f) => f.field), [field]);
    }
    // The same client id may exist in two organizations without either seeing the other.
    const sameId = await api(ctx(), other.token, 'POST', '/clients', { body: { id: s.client.id, name: 'Mine' } });
    assert.equal(sameId.statusCode, 201);
    assert.equal(json<{ name: string }>(await api(ctx(), s.owner.token, 'GET', `/clients/${s.client.id}`)).name, 'Seed client');
  });
});
