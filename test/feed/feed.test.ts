import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';
import { handleEventsNow } from '../webhooks/helpers.ts';
import { assertCommitOrder, consume } from './helpers.ts';
import type { FeedPage, PageReader, Write } from './helpers.ts';

const reader = (ctx: TestContext, token: string): PageReader => async (query) => {
  const res = await api(ctx, token, 'GET', '/events', { query });
  assert.equal(res.statusCode, 200, res.body);
  return json<FeedPage>(res);
};

/**
 * Reads until the page holds `count` events: on PostgreSQL a committed event shows once every
 * older transaction of the server has ended (other suites may hold one open for a moment).
 */
async function readAtLeast(read: PageReader, query: Record<string, string>, count: number): Promise<FeedPage> {
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    const page = await read(query);
    if (page.items.length >= count || Date.now() > until) return page;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function createClient(ctx: TestContext, token: string, name: string): Promise<{ id: string; version: number }> {
  const res = await api(ctx, token, 'POST', '/clients', { body: { name } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ id: string; version: number }>(res);
}

describeEachDatabase('GET /events, the events feed', (ctx) => {
  it('gives every catalog event once, oldest first, with the webhook body and id; pages by cursor; filters by types and entity_type', async () => {
    const p = await createPrincipal(ctx());
    const a = await createClient(ctx(), p.token, 'Alpha');
    const patched = await api(ctx(), p.token, 'PATCH', `/clients/${a.id}`, { body: { city: 'Riga' }, headers: { 'if-match': '1' } });
    assert.equal(patched.statusCode, 200, patched.body);
    const deal = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Big deal', client_id: a.id, amount: 100 } });
    assert.equal(deal.statusCode, 201, deal.body);

    const all = await readAtLeast(reader(ctx(), p.token), {}, 3);
    assert.deepEqual(all.items.map((i) => i.event), ['client.created', 'client.updated', 'deal.created']);
    const [created, updated] = all.items;
    assert.deepEqual(created!.data, { entityType: 'client', entityId: a.id, version: 1 });
    assert.deepEqual(updated!.data, { entityType: 'client', entityId: a.id, version: 2, changedFields: ['city'] });
    assert.match(created!.ts, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    const stored = await ctx().storage.db.selectFrom('events').select(['id', 'event']).where('org_id', '=', p.orgId).orderBy('seq').execute();
    assert.deepEqual(all.items.map((i) => i.id), stored.map((e) => e.id), 'the ids are the events\' (X-Webhook-Id)');

    const first = await reader(ctx(), p.token)({ limit: '2' });
    assert.deepEqual(first.items.map((i) => i.id), all.items.slice(0, 2).map((i) => i.id));
    const second = await reader(ctx(), p.token)({ limit: '2', cursor: first.next_cursor });
    assert.deepEqual(second.items.map((i) => i.id), [all.items[2]!.id]);
    const idle = await reader(ctx(), p.token)({ limit: '2', cursor: second.next_cursor });
    assert.deepEqual(idle.items, [], 'nothing new yet');
    await createClient(ctx(), p.token, 'Beta');
    const later = await readAtLeast(reader(ctx(), p.token), { cursor: idle.next_cursor }, 1);
    assert.deepEqual(later.items.map((i) => i.event), ['client.created'], 'the end-of-feed cursor picks up what commits later');

    assert.deepEqual((await reader(ctx(), p.token)({ types: 'client.updated,deal.created' })).items.map((i) => i.event), ['client.updated', 'deal.created']);
    assert.equal((await readAtLeast(reader(ctx(), p.token), { types: '*' }, 4)).items.length, 4);
    assert.deepEqual((await reader(ctx(), p.token)({ entity_type: 'deal' })).items.map((i) => i.event), ['deal.created']);
  });

  it('gives exactly the webhook body (event, data, ts; with id and type: the id and event of the item) under the id its deliveries carry as X-Webhook-Id', async () => {
    const p = await createPrincipal(ctx());
    const hook = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'replay check', url: 'https://127.0.0.1:9/hook', events: '*' } });
    assert.equal(hook.statusCode, 201, hook.body);
    const a = await createClient(ctx(), p.token, 'Delivered');
    await api(ctx(), p.token, 'PATCH', `/clients/${a.id}`, { body: { name: 'Delivered Ltd' }, headers: { 'if-match': '1' } });
    // One pass takes an entity's earliest pending event: two passes for the client's two events.
    await handleEventsNow(ctx());
    await handleEventsNow(ctx());
    const deliveries = await ctx().storage.db.selectFrom('webhook_deliveries').select(['event_id', 'body']).where('org_id', '=', p.orgId).execute();
    assert.equal(deliveries.length, 2);
    const feed = await readAtLeast(reader(ctx(), p.token), {}, 2);
    for (const item of feed.items) {
      const delivery = deliveries.find((d) => d.event_id === item.id);
      assert.ok(delivery, `a delivery of ${item.id}`);
      assert.deepEqual(JSON.parse(delivery.body), { event: item.event, data: item.data, ts: item.ts, id: item.id, type: item.event });
    }
  });

  it('shows a token only the events of records its read scopes cover, and refuses one with none', async () => {
    const p = await createPrincipal(ctx());
    await createClient(ctx(), p.token, 'Scoped');
    const request = await api(ctx(), p.token, 'POST', '/finance-requests', { body: { title: 'Paper', amount: '10.00' } });
    assert.equal(request.statusCode, 201, request.body);
    const crm = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read'] });
    assert.deepEqual((await readAtLeast(reader(ctx(), crm.token), {}, 1)).items.map((i) => i.event), ['client.created']);
    const fin = await createPrincipal(ctx(), { slug: p.slug, scopes: ['finance:read'] });
    const finance = (await readAtLeast(reader(ctx(), fin.token), {}, 1)).items.map((i) => i.event);
    assert.deepEqual(finance, ['finance_request.created']);
    const forbiddenType = await api(ctx(), crm.token, 'GET', '/events', { query: { entity_type: 'finance_request' } });
    assert.equal(forbiddenType.statusCode, 403);
    assert.equal(json<{ details: { error: string } }>(forbiddenType).details.error, 'insufficient_scope');
    const hrOnly = await createPrincipal(ctx(), { slug: p.slug, scopes: ['hr:read'] });
    const refused = await api(ctx(), hrOnly.token, 'GET', '/events');
    assert.equal(refused.statusCode, 403);
    assert.match(json<{ message: string }>(refused).message, /admin:all or the read scope/);
  });

  it('refuses a cursor it did not give, another organization\'s cursor, unknown event names and entity types (422)', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const theirs = await reader(ctx(), other.token)({});
    const bad: Array<Record<string, string>> = [{ cursor: 'abc' }, { cursor: theirs.next_cursor }, { types: 'client.created,client.deleted' }, { types: ',' }, { entity_type: 'employee' }, { limit: '0' }];
    for (const query of bad) {
      const res = await api(ctx(), p.token, 'GET', '/events', { query });
      assert.equal(res.statusCode, 422, `${JSON.stringify(query)}: ${res.body}`);
      assert.equal(json<{ details: { error: string } }>(res).details.error, 'validation_error');
    }
    const unknown = await api(ctx(), p.token, 'GET', '/events', { query: { types: 'client.deleted' } });
    assert.match(json<{ message: string }>(unknown).message, /"client.deleted" is not an event of the catalog/);
  });

  it('answers 410 cursor_expired for a cursor older than the retention period', async () => {
    const p = await createPrincipal(ctx());
    await createClient(ctx(), p.token, 'Old one');
    await createClient(ctx(), p.token, 'Old two');
    const days = ctx().config.eventRetentionDays;
    const longAgo = new Date(Date.now() - (days + 1) * 86_400_000).toISOString();
    await ctx().storage.db.updateTable('events').set({ created_at: longAgo }).where('org_id', '=', p.orgId).execute();
    const page = await readAtLeast(reader(ctx(), p.token), { limit: '1' }, 1);
    assert.equal(page.items.length, 1);
    const res = await api(ctx(), p.token, 'GET', '/events', { query: { cursor: page.next_cursor } });
    assert.equal(res.statusCode, 410, res.body);
    const body = json<{ error: string; message: string; details: { error: string; retention_days: number } }>(res);
    assert.equal(body.details.error, 'cursor_expired');
    assert.equal(body.details.retention_days, days);
    assert.match(body.message, /older than the event retention period/);
    const fresh = await readAtLeast(reader(ctx(), p.token), { limit: '5' }, 2);
    const idle = await reader(ctx(), p.token)({ cursor: fresh.next_cursor });
    assert.deepEqual(idle.items, [], 'a cursor that reached the end stays valid');
  });

  it('a consumer paging while 8 writers create and change records reads every committed event once, in commit order', async () => {
    const p = await createPrincipal(ctx());
    const writes: Write[] = [];
    let running = 8;
    const writer = async (n: number) => {
      let sentAt = Date.now();
      const created = await createClient(ctx(), p.token, `Writer ${n}`);
      writes.push({ entityId: created.id, version: 1, sentAt, answeredAt: Date.now() });
      for (let version = 1; version < 12; version++) {
        sentAt = Date.now();
        const res = await api(ctx(), p.token, 'PATCH', `/clients/${created.id}`, { body: { city: `City ${version}` }, headers: { 'if-match': String(version) } });
        assert.equal(res.statusCode, 200, res.body);
        writes.push({ entityId: created.id, version: version + 1, sentAt, answeredAt: Date.now() });
      }
      running -= 1;
    };
    const [items] = await Promise.all([consume(reader(ctx(), p.token), () => running === 0, 7, () => writes.length), ...Array.from({ length: 8 }, (_, n) => writer(n))]);
    assertCommitOrder(items, writes);
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1' } });
