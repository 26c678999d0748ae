/**
 * Deals, tasks and payment requests imported in bulk (a chunk at a time, each link kind read once
 * a chunk): stored as the API stores a record created through it, counted in list totals and
 * member filters, with their events; a record naming another organization's client, user or
 * category fails the whole file, named, and nothing of it is kept.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { IMPORT_CHUNK } from '../../src/domains/importing.ts';
import { importData } from '../../src/import.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createUser } from '../../src/platform/service.ts';
import { newId } from '../../src/storage/ids.ts';
import { importError } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

/** Past one chunk: the first goes through the bulk path whole, the last record is a chunk of its own. */
const N = IMPORT_CHUNK + 1;

type Row = Record<string, unknown>;

async function get<T = Row>(ctx: TestContext, p: Principal, path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await api(ctx, p.token, 'GET', path, { query });
  assert.equal(res.statusCode, 200, res.body);
  return json<T>(res);
}

async function post(ctx: TestContext, p: Principal, path: string, body: Row): Promise<Row> {
  const res = await api(ctx, p.token, 'POST', path, { body });
  assert.equal(res.statusCode, 201, res.body);
  return json<Row>(res);
}

/** A record less what differs between two records made of one body: id and times. */
function sameBody(record: Row): Row {
  const { id: _id, created_at: _c, updated_at: _u, createdAt: _ca, ...rest } = record;
  return rest;
}

/** The organization's events of these names (internal ones too), in the order written. */
async function eventsOf(ctx: TestContext, p: Principal, prefix: string): Promise<Array<{ event: string; entityId: string; data: Row }>> {
  const rows = await ctx.storage.db.selectFrom('events').select(['event', 'entity_id', 'data']).where('org_id', '=', p.orgId).orderBy('seq').execute();
  return rows.filter((r) => r.event.startsWith(prefix)).map((r) => ({ event: r.event, entityId: r.entity_id, data: JSON.parse(String(r.data)) as Row }));
}

const total = async (ctx: TestContext, p: Principal, path: string, query: Record<string, string> = {}) => (await get<{ total: number }>(ctx, p, path, query)).total;

describeEachDatabase('import in bulk: deals, tasks, payment requests', (ctx) => {
  it('deals: stored as POST /deals stores them, placed, counted, with deal.created and deal.won; another organization\'s client fails the file, named', async () => {
    const p = await createPrincipal(ctx());
    const stranger = await createPrincipal(ctx());
    const theirs = newId();
    await importData(ctx().storage, stranger.slug, { clients: [{ id: theirs, name: 'Not yours' }] });
    const owners = [newId(), newId()];
    const contact = newId();
    const base = { clients: owners.map((id, i) => ({ id, name: `Owner ${i}` })), contacts: [{ id: contact, name: 'Buyer', client_id: owners[0] }] };
    const body = (i: number): Row => ({
      title: `Bulk deal ${i}`,
      client_id: owners[i % 2],
      ...(i % 2 === 0 ? { contact_id: contact } : {}),
      amount: 100 + i + 0.25,
      ...(i % 5 === 0 ? { stage: 'Won' } : {}),
      ...(i % 3 === 0 ? { assignee_id: p.userId, tags: ['bulk', `n${i % 4}`], source: 'fair' } : {}),
    });
    const deals = Array.from({ length: N }, (_, i) => ({ id: newId(), ...body(i) }));

    const refused = await importError(importData(ctx().storage, p.slug, { ...base, deals: [...deals.slice(0, -1), { ...deals.at(-1)!, client_id: theirs }] }));
    assert.deepEqual((refused.details.fields as Array<{ field: string }>).map((f) => f.field), [`deals[${N - 1}].client_id`]);
    assert.equal(await total(ctx(), p, '/deals', { include_archived: 'true' }), 0, 'nothing of the file is kept');
    assert.equal(await total(ctx(), p, '/clients', { include_archived: 'true' }), 0);

    assert.deepEqual(await importData(ctx().storage, p.slug, { ...base, deals }), { clients: 2, contacts: 1, deals: N });
    for (const i of [0, 3, 5, 7, 300]) {
      const imported = await get(ctx(), p, `/deals/${deals[i]!.id}`);
      const viaApi = await post(ctx(), p, '/deals', body(i));
      assert.deepEqual(sameBody(imported), sameBody(viaApi), `deal ${i}`);
    }
    const wonCount = Math.ceil(N / 5);
    assert.equal(await total(ctx(), p, '/deals'), N + 5);
    assert.equal(await total(ctx(), p, '/deals', { stage: 'Won' }), wonCount + 3);
    assert.equal(await total(ctx(), p, '/deals', { client_id: owners[1]! }), Math.floor(N / 2) + 3);
    assert.equal(await total(ctx(), p, '/deals', { search: 'bulk deal 42' }), 11, 'the search index holds the imported titles (42, 420-429)');

    const imported = (await eventsOf(ctx(), p, 'deal.')).slice(0, N + wonCount);
    assert.deepEqual(
      imported.map((e) => [e.event, e.entityId]),
      deals.flatMap((d, i) => [['deal.created', d.id], ...(i % 5 === 0 ? [['deal.won', d.id]] : [])]),
      'deal.created for each deal and deal.won after it when it starts won, in file order',
    );
  });

  it('tasks: stored as POST /tasks stores them, members found through the assignee filter, status counted; another organization\'s user fails the file, named', async () => {
    const p = await createPrincipal(ctx());
    const stranger = await createPrincipal(ctx());
    const member = (await createUser(ctx().storage, { orgSlug: p.slug, name: 'Member', rights: [...RIGHTS] })).id;
    const project = newId();
    const deal = newId();
    const base = { projects: [{ id: project, name: 'Bulk project' }], deals: [{ id: deal, title: 'Bulk deal' }] };
    const statuses = [undefined, 'In progress', 'Done'];
    const body = (i: number): Row => ({
      title: `Bulk task ${i}`,
      ...(statuses[i % 3] ? { status: statuses[i % 3] } : {}),
      ...(i % 2 === 0 ? { assignee_id: member, project_id: project } : { assignee_id: p.userId, assignee_ids: [member], watcher_ids: [member, p.userId] }),
      ...(i % 4 === 0 ? { priority: 'high', deal_id: deal, tags: ['bulk'], description: `  Task ${i} notes  `, start_date: '2030-01-01', end_date: '2030-02-01', end_time: '17:30' } : {}),
    });
    const tasks = Array.from({ length: N }, (_, i) => ({ id: newId(), ...body(i) }));

    const refused = await importError(importData(ctx().storage, p.slug, { ...base, tasks: [...tasks.slice(0, -1), { ...tasks.at(-1)!, watcher_ids: [stranger.userId] }] }));
    assert.deepEqual((refused.details.fields as Array<{ field: string }>).map((f) => f.field), [`tasks[${N - 1}].watcher_ids`]);
    assert.equal(await total(ctx(), p, '/tasks'), 0, 'nothing of the file is kept');

    assert.deepEqual(await importData(ctx().storage, p.slug, { ...base, tasks }), { projects: 1, deals: 1, tasks: N });
    for (const i of [0, 1, 2, 4, 401]) {
      const imported = await get(ctx(), p, `/tasks/${tasks[i]!.id}`);
      const viaApi = await post(ctx(), p, '/tasks', body(i));
      assert.deepEqual(sameBody(imported), sameBody(viaApi), `task ${i}`);
    }
    assert.equal(await total(ctx(), p, '/tasks'), N + 5);
    assert.equal(await total(ctx(), p, '/tasks', { status: 'Done' }), Math.floor(N / 3) + 2);
    assert.equal(await total(ctx(), p, '/tasks', { project_id: project }), Math.ceil(N / 2) + 3);
    // The member executes the even tasks and co-executes the odd ones: task_members holds both.
    assert.equal(await total(ctx(), p, '/tasks', { assignee_id: member }), N + 5);
    assert.equal(await total(ctx(), p, '/tasks', { assignee_id: p.userId }), Math.floor(N / 2) + 2);
  });

  it('payment requests: stored as POST stores them, categories and rates applied, counted, with their events; another organization\'s category fails the file, named', async () => {
    const p = await createPrincipal(ctx());
    const stranger = await createPrincipal(ctx());
    const approver = (await createUser(ctx().storage, { orgSlug: p.slug, name: 'Approver', rights: [...RIGHTS] })).id;
    const theirs = newId();
    await importData(ctx().storage, stranger.slug, { financeCategories: [{ id: theirs, name: 'Theirs' }] });
    const office = newId();
    const base = { financeCategories: [{ id: office, name: 'Office' }], financeRates: [{ currency: 'USD', rate: '12500.5' }] };
    const body = (i: number): Row => ({
      title: `Bulk payment ${i}`,
      amount: String(1000 + i) + '.10',
      ...(i % 2 === 0 ? { category: 'office', counterparty: ` Supplier ${i % 7} ` } : { category_id: office, comment: `note ${i}` }),
      ...(i % 3 === 0 ? { currency: 'USD', vatAmount: '12.5' } : {}),
      ...(i % 5 === 0 ? { status: 'draft' } : {}),
    });
    const requests: Row[] = Array.from({ length: N }, (_, i) => ({ id: newId(), ...body(i) }));

    const last = requests.at(-1)!;
    const { category: _name, ...lastById } = last;
    const refused = await importError(importData(ctx().storage, p.slug, { ...base, financeRequests: [...requests.slice(0, -1), { ...lastById, category_id: theirs }] }));
    assert.deepEqual((refused.details.fields as Array<{ field: string }>).map((f) => f.field), [`financeRequests[${N - 1}].category_id`]);
    assert.equal(await total(ctx(), p, '/finance-requests', { include_archived: 'true' }), 0, 'nothing of the file is kept');

    assert.deepEqual(await importData(ctx().storage, p.slug, { ...base, financeRequests: requests }), { financeCategories: 1, financeRates: 1, financeRequests: N });
    for (const i of [0, 1, 3, 5, 6]) {
      const imported = await get(ctx(), p, `/finance-requests/${requests[i]!.id}`);
      const { category_id: _c, comment: _m, ...asDash } = body(i);
      const viaApi = await post(ctx(), p, '/finance-requests', i % 2 === 0 ? body(i) : { ...asDash, category: 'Office', description: `note ${i}` });
      assert.deepEqual(sameBody(imported), sameBody(viaApi), `payment request ${i}`);
    }
    const drafts = Math.ceil(N / 5);
    assert.equal(await total(ctx(), p, '/finance-requests'), N + 5);
    assert.equal(await total(ctx(), p, '/finance-requests', { status: 'draft' }), drafts + 2);
    assert.equal(await total(ctx(), p, '/finance-requests', { search: 'bulk payment 50' }), 2, 'the search index holds the imported titles (50, 500)');

    const imported = (await eventsOf(ctx(), p, 'finance_request.')).slice(0, 2 * N - drafts);
    assert.deepEqual(
      imported.map((e) => [e.event, e.entityId]),
      requests.flatMap((r, i) => [['finance_request.created', r.id], ...(i % 5 === 0 ? [] : [['finance_request.approval_requested', r.id]])]),
      'finance_request.created for each and approval_requested after each pending one, in file order',
    );
    const asked = imported.find((e) => e.event === 'finance_request.approval_requested')!;
    assert.deepEqual(asked.data.approverIds, [approver], 'every holder of finance.approve but the requester');
  });
});
