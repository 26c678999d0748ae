import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';
import { countRows, eventsFor, fieldsOf } from './helpers.ts';

type Deal = Record<string, unknown> & { id: string; version: number; stage: string; stage_id: string; funnel_id: string; amount: number };

const OTHER_FUNNEL = {
  id: '0190a1b2-0000-7000-8000-00000000f001',
  name: 'Wholesale',
  stages: [
    { id: '0190a1b2-0000-7000-8000-00000000f011', name: 'Lead', kind: 'open', order: 1 },
    { id: '0190a1b2-0000-7000-8000-00000000f012', name: 'Shipped', kind: 'won', order: 2 },
    { id: '0190a1b2-0000-7000-8000-00000000f013', name: 'Lost', kind: 'lost', order: 3 },
  ],
};

describeEachDatabase('CRM deals', (ctx) => {
  it('creates a deal in the default funnel\'s first open stage with the org currency and exact amount', async () => {
    const p = await createPrincipal(ctx(), { currency: 'RUB' });
    const res = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Big one', amount: 1234.5 } });
    assert.equal(res.statusCode, 201);
    const d = json<Deal>(res);
    assert.equal(d.version, 1);
    assert.equal(d.stage, 'New');
    assert.equal(d.currency, 'RUB');
    assert.equal(d.amount, 1234.5);
    assert.match(String(d.created_at), /\+00:00$/);
    assert.match(String(d.updated_at), /\+00:00$/);
    const row = await ctx().storage.db.selectFrom('crm_deals').select('amount_cents').where('org_id', '=', p.orgId).where('id', '=', d.id).executeTakeFirstOrThrow();
    assert.equal(Number(row.amount_cents), 123450);
    const got = await api(ctx(), p.token, 'GET', `/deals/${d.id}`);
    assert.deepEqual(json(got), d);
    assert.equal(got.headers.etag, '"1"');
    assert.deepEqual((await eventsFor(ctx(), p.orgId, d.id)).map((e) => e.event), ['deal.created']);
    const usd = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'In dollars', currency: 'USD' } }));
    assert.equal(usd.currency, 'USD');
    assert.equal(usd.amount, 0);
  });

  it('resolves stage by name or id and keeps stage, stage_id and funnel_id consistent; mismatches are 422', async () => {
    const p = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, { funnels: [OTHER_FUNNEL] });
    const byName = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'A', stage: 'in PROGRESS' } }));
    assert.equal(byName.stage, 'In progress');
    const other = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'B', funnel_id: OTHER_FUNNEL.id } }));
    assert.equal(other.stage, 'Lead');
    assert.equal(other.stage_id, OTHER_FUNNEL.stages[0]?.id);
    const byId = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'C', stage_id: OTHER_FUNNEL.stages[1]?.id } }));
    assert.equal(byId.funnel_id, OTHER_FUNNEL.id);
    assert.equal(byId.stage, 'Shipped');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', stage: 'Nope' }, 'stage'],
      [{ title: 'x', funnel_id: randomUUID() }, 'funnel_id'],
      [{ title: 'x', stage_id: randomUUID() }, 'stage_id'],
      [{ title: 'x', stage_id: byName.stage_id, funnel_id: OTHER_FUNNEL.id }, 'stage_id'],
      [{ title: 'x', stage_id: OTHER_FUNNEL.stages[0]?.id, stage: 'Shipped' }, 'stage'],
      [{ title: 'x', funnel_id: OTHER_FUNNEL.id, stage: 'In progress' }, 'stage'],
      [{ title: 'x', amount: -1 }, 'amount'],
      [{ title: 'x', amount: 1.005 }, 'amount'],
      [{ title: 'x', amount: '10' }, 'amount'],
      [{ title: 'x', currency: 'usd' }, 'currency'],
      [{ title: ' ' }, 'title'],
      [{ title: 'x', assignee_id: randomUUID() }, 'assignee_id'],
      [{ title: 'x', client_id: randomUUID() }, 'client_id'],
      [{ title: 'x', contact_id: randomUUID() }, 'contact_id'],
    ];
    const before = await countRows(ctx(), 'crm_deals', p.orgId);
    for (const [body, field] of cases) {
      const res = await api(ctx(), p.token, 'POST', '/deals', { body });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.equal(json<Envelope>(res).details.error, 'validation_error');
      assert.ok(fieldsOf(res).includes(field), `${JSON.stringify(body)}: ${JSON.stringify(fieldsOf(res))}`);
    }
    assert.equal(await countRows(ctx(), 'crm_deals', p.orgId), before);
  });

  it('links client, contact and assignee of the same organization; a contact of another client is 422', async () => {
    const p = await createPrincipal(ctx());
    const client = json<Deal>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'C' } }));
    const otherClient = json<Deal>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'D' } }));
    const contact = json<Deal>(await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'P', client_id: client.id } }));
    const ok = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'T', client_id: client.id, contact_id: contact.id, assignee_id: p.userId } });
    assert.equal(ok.statusCode, 201);
    assert.equal(json(ok).assignee_id, p.userId);
    const mismatch = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'T', client_id: otherClient.id, contact_id: contact.id } });
    assert.equal(mismatch.statusCode, 422);
    assert.deepEqual(fieldsOf(mismatch), ['contact_id']);
    const moved = await api(ctx(), p.token, 'PATCH', `/deals/${json<Deal>(ok).id}`, { body: { client_id: otherClient.id } });
    assert.equal(moved.statusCode, 422, 'changing the client away from the contact\'s client is refused');
  });

  it('emits deal.won / deal.lost when a deal enters such a stage, with changedFields on deal.updated', async () => {
    const p = await createPrincipal(ctx());
    const d = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'W', amount: 10 } }));
    const res = await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { stage: 'Won', amount: 12.25 }, headers: { 'if-match': '1' } });
    assert.equal(res.statusCode, 200);
    const won = json<Deal>(res);
    assert.equal(won.version, 2);
    assert.equal(won.amount, 12.25);
    assert.equal(won.stage, 'Won');
    const events = await eventsFor(ctx(), p.orgId, d.id);
    assert.deepEqual(events.map((e) => e.event), ['deal.created', 'deal.updated', 'deal.won']);
    assert.deepEqual(events[1]?.data, { entityType: 'deal', entityId: d.id, version: 2, changedFields: ['amount', 'stage_id', 'stage'] });
    assert.deepEqual(events[2]?.data, { entityType: 'deal', entityId: d.id, version: 2, stageId: won.stage_id, stage: 'Won' });
    // Staying in the won stage is not entering it again.
    await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { stage_id: won.stage_id, title: 'W2' } });
    assert.deepEqual((await eventsFor(ctx(), p.orgId, d.id)).map((e) => e.event), ['deal.created', 'deal.updated', 'deal.won', 'deal.updated']);
    await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { stage: 'lost' } });
    const last = (await eventsFor(ctx(), p.orgId, d.id)).at(-1);
    assert.equal(last?.event, 'deal.lost');
    assert.equal(last?.data.version, 4);
    const created = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Born won', stage: 'Won' } }));
    assert.deepEqual((await eventsFor(ctx(), p.orgId, created.id)).map((e) => e.event), ['deal.created', 'deal.won']);
  });

  it('refuses stale and read-only PATCHes without writing events; 404 for unknown ids', async () => {
    const p = await createPrincipal(ctx());
    const d = json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'S' } }));
    const stale = await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { stage: 'Won' }, headers: { 'if-match': '7' } });
    assert.equal(stale.statusCode, 409);
    assert.equal(json<Envelope>(stale).details.error, 'stale_version');
    for (const field of ['id', 'version', 'created_at', 'updated_at', 'created_by_user_id']) {
      const res = await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { [field]: 1 } });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(fieldsOf(res), [field]);
    }
    assert.equal((await api(ctx(), p.token, 'PATCH', `/deals/${d.id}`, { body: { stage: 'Nope' } })).statusCode, 422);
    assert.deepEqual((await eventsFor(ctx(), p.orgId, d.id)).map((e) => e.event), ['deal.created']);
    assert.equal((await api(ctx(), p.token, 'PATCH', `/deals/${randomUUID()}`, { body: { title: 'x' } })).statusCode, 404);
    assert.equal((await api(ctx(), p.token, 'GET', `/deals/${randomUUID()}`)).statusCode, 404);
  });

  it('filters by client, funnel, stage and title search; archived deals only with include_archived', async () => {
    const p = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, { funnels: [OTHER_FUNNEL] });
    const client = json<Deal>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'C' } }));
    const mk = async (body: Record<string, unknown>) => json<Deal>(await api(ctx(), p.token, 'POST', '/deals', { body }));
    const a = await mk({ title: 'Поставка ткани', client_id: client.id });
    const b = await mk({ title: 'Other', stage: 'Won' });
    const c = await mk({ title: 'Wholesale thing', funnel_id: OTHER_FUNNEL.id });
    const ids = async (query: Record<string, string>) =>
      json<{ items: Deal[] }>(await api(ctx(), p.token, 'GET', '/deals', { query })).items.map((i) => i.id);
    assert.deepEqual(await ids({}), [c.id, b.id, a.id]);
    assert.deepEqual(await ids({ client_id: client.id }), [a.id]);
    assert.deepEqual(await ids({ funnel_id: OTHER_FUNNEL.id }), [c.id]);
    assert.deepEqual(await ids({ stage: 'won' }), [b.id]);
    assert.deepEqual(await ids({ search: 'ПОСТАВКА' }), [a.id]);
    await api(ctx(), p.token, 'PATCH', `/deals/${b.id}`, { body: { is_archived: true } });
    assert.deepEqual(await ids({}), [c.id, a.id]);
    assert.deepEqual(await ids({ include_archived: 'true', stage: 'Won' }), [b.id]);
  });
});
