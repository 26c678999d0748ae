import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createFunnel } from '../../src/domains/crm/funnels.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

interface Funnel {
  id: string;
  name: string;
  is_default: boolean;
  stages: Array<{ id: string; name: string; kind: string; order: number }>;
}

describeEachDatabase('GET /funnels', (ctx) => {
  it('lists the funnels with their stages in order; a deal moved to the won stage by its id raises deal.won', async () => {
    const p = await createPrincipal(ctx());
    const reader = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read'] });
    const first = await api(ctx(), reader.token, 'GET', '/funnels');
    assert.equal(first.statusCode, 200, first.body);
    const page = json<{ items: Funnel[]; total: number; limit: number; offset: number }>(first);
    assert.equal(page.total, 1);
    const [sales] = page.items;
    assert.equal(sales!.name, 'Sales');
    assert.equal(sales!.is_default, true);
    assert.deepEqual(sales!.stages.map((s) => [s.name, s.kind, s.order]), [['New', 'open', 1], ['In progress', 'open', 2], ['Won', 'won', 3], ['Lost', 'lost', 4]]);

    const unchanged = await api(ctx(), reader.token, 'GET', '/funnels', { headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(unchanged.statusCode, 304);
    await ctx().storage.transaction((tx) =>
      createFunnel(tx, p.orgId, { name: 'Partners', stages: [{ name: 'Lead', kind: 'open', order: 2 }, { name: 'Intro', kind: 'open', order: 1 }, { name: 'Signed', kind: 'won', order: 3 }] }),
    );
    const changed = await api(ctx(), reader.token, 'GET', '/funnels', { headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(changed.statusCode, 200, 'a new funnel changes the tag');
    const both = json<{ items: Funnel[]; total: number }>(changed);
    assert.deepEqual(both.items.map((f) => f.name), ['Sales', 'Partners']);
    assert.deepEqual(both.items[1]!.stages.map((s) => s.name), ['Intro', 'Lead', 'Signed']);
    const second = await api(ctx(), reader.token, 'GET', '/funnels', { query: { limit: '1', offset: '1' } });
    assert.deepEqual(json<{ items: Funnel[]; total: number }>(second).items.map((f) => f.name), ['Partners']);
    await ctx().storage.transaction((tx) => createFunnel(tx, p.orgId, { name: 'Agents', stages: [{ name: 'Lead', kind: 'open', order: 1 }, { name: 'Signed', kind: 'won', order: 2 }] }));
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Funnel[]; next_cursor: string | null } = json(await api(ctx(), reader.token, 'GET', '/funnels', { query: { limit: '1', ...(cursor === null ? {} : { cursor }) } }));
      walked.push(...page.items.map((f) => f.name));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(walked, ['Sales', 'Agents', 'Partners'], 'by cursor: the default first, then by name');

    const won = sales!.stages.find((s) => s.kind === 'won')!;
    const deal = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Renewal', amount: 10 } }));
    const moved = await api(ctx(), p.token, 'PATCH', `/deals/${deal.id}`, { body: { stage_id: won.id }, headers: { 'if-match': '1' } });
    assert.equal(moved.statusCode, 200, moved.body);
    const events = await ctx().storage.db.selectFrom('events').select('event').where('entity_id', '=', deal.id).orderBy('seq').execute();
    assert.ok(events.some((e) => e.event === 'deal.won'), JSON.stringify(events));
  });

  it('is in the capabilities catalog (crm) and the OpenAPI document, as GET /events is (event_bus)', async () => {
    const p = await createPrincipal(ctx());
    const catalog = json<{ capabilities: Array<{ key: string; actions: Array<{ method: string; path: string; scope: string; mode: string }> }> }>(await api(ctx(), p.token, 'GET', '/capabilities'));
    const action = (key: string, path: string) => catalog.capabilities.find((c) => c.key === key)?.actions.find((a) => a.method === 'GET' && a.path === path);
    assert.equal(action('crm', '/funnels')?.scope, 'crm:read');
    assert.equal(action('crm', '/funnels')?.mode, 'read');
    assert.ok(action('event_bus', '/events'));
    const doc = json<{ paths: Record<string, { get?: { operationId: string } }>; components: { schemas: Record<string, unknown> } }>(await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' }));
    assert.equal(doc.paths['/funnels']?.get?.operationId, 'listFunnels');
    assert.equal(doc.paths['/events']?.get?.operationId, 'listEvents');
    for (const name of ['Funnel', 'FunnelStage', 'FunnelList', 'FeedEvent', 'EventFeedPage']) assert.ok(doc.components.schemas[name], name);
  });

  it('needs crm:read', async () => {
    const p = await createPrincipal(ctx(), { scopes: ['tasks:read'] });
    const res = await api(ctx(), p.token, 'GET', '/funnels');
    assert.equal(res.statusCode, 403);
    assert.equal(json<{ details: { error: string } }>(res).details.error, 'insufficient_scope');
  });
});
