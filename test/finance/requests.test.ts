import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { events, fieldsOf, file, importInto, team } from './helpers.ts';
import type { Envelope, FinanceRequest } from './helpers.ts';

const FIELDS = [
  'id', 'version', 'title', 'amount', 'currency', 'category', 'counterparty', 'counterpartyInn', 'status', 'paymentDate',
  'invoiceNumber', 'vatAmount', 'amountWithVat', 'requestedBy', 'description', 'createdAt', 'isArchived',
].sort();

describeEachDatabase('finance: filing payment requests', (ctx) => {
  it('POST /finance-requests: 201, pending, requested by the token owner, version 1, every field of the spec', async () => {
    const t = await team(ctx());
    await importInto(ctx(), t.slug, { financeCategories: [{ name: 'Rent', type: 'expense', color: '#aa00cc', order: 1 }] });
    const res = await api(ctx(), t.requester.token, 'POST', '/finance-requests', {
      body: { title: ' Office rent ', amount: '12500.5', counterparty: 'Tower Estates', category: 'rent', paymentDate: '2025-03-05', description: 'March' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const r = json<FinanceRequest>(res);
    assert.deepEqual(Object.keys(r).sort(), FIELDS);
    assert.equal(r.title, 'Office rent');
    assert.equal(r.amount, '12500.50');
    assert.equal(r.vatAmount, '0.00');
    assert.equal(r.amountWithVat, '12500.50');
    assert.equal(r.currency, 'UZS');
    assert.equal(r.category, 'Rent');
    assert.equal(r.status, 'pending');
    assert.equal(r.version, 1);
    assert.equal(r.requestedBy, t.requester.userId);
    assert.equal(r.paymentDate, '2025-03-05');
    assert.equal(r.description, 'March');
    assert.match(r.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const again = json<FinanceRequest>(await api(ctx(), t.requester.token, 'GET', `/finance-requests/${r.id}`));
    assert.deepEqual(again, r);
    const row = await ctx().storage.db.selectFrom('finance_requests').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    assert.equal(Number(row.amount_cents), 1250050);
    assert.equal(Number(row.base_amount_cents), 1250050);
    assert.equal(Number(row.rate_micros), 1_000_000);
    assert.equal(Number(row.approvals_required), 1);
  });

  it('POST /finance/requests: category_id and comment; status approved in the body is downgraded to pending', async () => {
    const t = await team(ctx());
    await importInto(ctx(), t.slug, { financeCategories: [{ id: '0190a1b2-0000-7000-8000-0000000fc001', name: 'Hosting' }] });
    for (const [token, path] of [[t.requester.token, '/finance/requests'], [t.approver.token, '/finance/requests'], [t.approver.token, '/finance-requests']] as const) {
      const byName = path === '/finance-requests' ? { category: 'Hosting', description: 'yearly' } : { category_id: '0190a1b2-0000-7000-8000-0000000fc001', comment: 'yearly' };
      const res = await api(ctx(), token, 'POST', path, {
        body: { title: 'Servers', amount: 120, currency: 'UZS', ...byName, status: 'approved' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const r = json<FinanceRequest>(res);
      assert.equal(r.status, 'pending');
      assert.equal(r.category, 'Hosting');
      assert.equal(r.description, 'yearly');
      assert.equal(r.amount, '120.00');
      assert.deepEqual((await events(ctx(), t.orgId, r.id)).map((e) => e.event), ['finance_request.created', 'finance_request.approval_requested']);
    }
  });

  it('status draft creates a draft, with no approval request yet', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Later', amount: 5, status: 'draft' });
    assert.equal(r.status, 'draft');
    assert.deepEqual((await events(ctx(), t.orgId, r.id)).map((e) => e.event), ['finance_request.created']);
  });

  it('the created event carries the CRM payload shape; approval_requested names the approvers, not the requester', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Paper', amount: '10' });
    const [created, asked] = await events(ctx(), t.orgId, r.id);
    assert.deepEqual(created, { event: 'finance_request.created', data: { entityType: 'finance_request', entityId: r.id, version: 1 } });
    assert.equal(asked!.event, 'finance_request.approval_requested');
    assert.deepEqual([...(asked!.data.approverIds as string[])].sort(), [t.approver.userId, t.approver2.userId].sort());
    assert.equal(asked!.data.requesterId, t.requester.userId);
  });

  it('money is exact: two fraction digits, more than zero, at most 999999999999.99, numbers only', async () => {
    const t = await team(ctx());
    const ok = await file(ctx(), t.requester, { title: 'Max', amount: '999999999999.99', vatAmount: 0 });
    assert.equal(ok.amount, '999999999999.99');
    const precise = await file(ctx(), t.requester, { title: 'Precise', amount: 0.1, vatAmount: '0.2' });
    assert.equal(precise.amountWithVat, '0.30');
    const cases: Array<[unknown, string]> = [
      ['1.005', 'amount'], [0, 'amount'], ['-5', 'amount'], [-0.01, 'amount'], ['1000000000000', 'amount'], ['NaN', 'amount'], ['Infinity', 'amount'],
      ['1e5', 'amount'], ['', 'amount'], ['12,50', 'amount'], [1e21, 'amount'],
    ];
    for (const [amount, field] of cases) {
      const res = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Bad', amount } });
      assert.equal(res.statusCode, 422, `${String(amount)}: ${res.body}`);
      assert.deepEqual(fieldsOf(res), [field], String(amount));
    }
    const vat = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Bad', amount: 1, vatAmount: '-1' } });
    assert.deepEqual(fieldsOf(vat), ['vatAmount']);
    const sum = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Bad', amount: '999999999999.99', vatAmount: '0.01' } });
    assert.deepEqual(fieldsOf(sum), ['vatAmount']);
    const count = await ctx().storage.db.selectFrom('finance_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', t.orgId).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 2, 'nothing half-written');
  });

  it('refuses bad input with 422 naming the field', async () => {
    const t = await team(ctx());
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ amount: 1 }, 'title'],
      [{ title: 'x' }, 'amount'],
      [{ title: '   ', amount: 1 }, 'title'],
      [{ title: 'x', amount: 1, currency: 'usd' }, 'currency'],
      [{ title: 'x', amount: 1, paymentDate: '2025-13-01' }, 'paymentDate'],
      [{ title: 'x', amount: 1, category: 'Nope' }, 'category'],
      [{ title: 'x', amount: 1, status: 'done' }, 'status'],
      [{ title: 'x', amount: 1, category_id: 'x' }, 'category_id'],
      [{ title: 'x', amount: 1, surprise: true }, 'surprise'],
      [{ title: 'x', amount: true }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body });
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(fieldsOf(res).includes(field), `${JSON.stringify(body)} → ${fieldsOf(res).join(',')}`);
    }
    const slash = await api(ctx(), t.requester.token, 'POST', '/finance/requests', { body: { title: 'x', amount: 1, category: 'Rent' } });
    assert.equal(slash.statusCode, 422);
    assert.deepEqual(fieldsOf(slash), ['category']);
    const unknownCategory = await api(ctx(), t.requester.token, 'POST', '/finance/requests', { body: { title: 'x', amount: 1, category_id: '0190a1b2-0000-7000-8000-0000000fc0ff' } });
    assert.deepEqual(fieldsOf(unknownCategory), ['category_id']);
  });

  it('a supplied id is kept; using it again gives 409 duplicate_id', async () => {
    const t = await team(ctx());
    const id = '0190a1b2-0000-7000-8000-0000000fa001';
    const r = await file(ctx(), t.requester, { id, title: 'With id', amount: 1 });
    assert.equal(r.id, id);
    const again = await api(ctx(), t.requester.token, 'POST', '/finance/requests', { body: { id, title: 'With id', amount: 1 } });
    assert.equal(again.statusCode, 409);
    assert.equal(json<Envelope>(again).details.error, 'duplicate_id');
  });

  it('an Idempotency-Key replays the first answer and files once', async () => {
    const t = await team(ctx());
    const send = () => api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Once', amount: 3 }, headers: { 'idempotency-key': 'fin-1' } });
    const first = await send();
    const second = await send();
    assert.equal(second.statusCode, 201);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body, first.body);
    const listed = json<{ total: number }>(await api(ctx(), t.requester.token, 'GET', '/finance-requests', { query: { search: 'once' } }));
    assert.equal(listed.total, 1);
  });

  it('both path families answer the same records, lists and filters', async () => {
    const t = await team(ctx());
    const a = await file(ctx(), t.requester, { title: 'Alpha cable', amount: 1 });
    const b = await file(ctx(), t.requester, { title: 'Beta cable', amount: 2, status: 'draft' }, '/finance/requests');
    const c = await file(ctx(), t.requester, { title: 'Gamma', amount: 3 });
    const archived = json<FinanceRequest>(await api(ctx(), t.requester.token, 'PATCH', `/finance/requests/${c.id}`, { body: { isArchived: true } }));
    assert.equal(archived.isArchived, true);
    const queries: Array<Record<string, string>> = [{}, { status: 'draft' }, { status: 'pending' }, { search: 'CABLE' }, { include_archived: 'true' }, { limit: '1', offset: '1' }];
    for (const query of queries) {
      const dash = await api(ctx(), t.requester.token, 'GET', '/finance-requests', { query });
      const slash = await api(ctx(), t.requester.token, 'GET', '/finance/requests', { query });
      assert.equal(dash.statusCode, 200);
      assert.equal(dash.body, slash.body, JSON.stringify(query));
    }
    const titles = (query: Record<string, string>) => api(ctx(), t.requester.token, 'GET', '/finance-requests', { query }).then((r) => json<{ items: FinanceRequest[]; total: number }>(r));
    assert.deepEqual((await titles({})).items.map((r) => r.title), ['Beta cable', 'Alpha cable']);
    assert.deepEqual((await titles({ status: 'draft' })).items.map((r) => r.id), [b.id]);
    assert.deepEqual((await titles({ search: 'alpha' })).items.map((r) => r.id), [a.id]);
    assert.equal((await titles({ include_archived: 'true' })).total, 3);
    assert.equal((await titles({ limit: '1', offset: '1' })).items[0]!.id, a.id);
    for (const r of [a, b]) {
      const dash = await api(ctx(), t.requester.token, 'GET', `/finance-requests/${r.id}`);
      const slash = await api(ctx(), t.requester.token, 'GET', `/finance/requests/${r.id}`);
      assert.equal(dash.body, slash.body);
      assert.equal(dash.headers.etag, `"${json<FinanceRequest>(dash).version}"`);
    }
    const bad = await api(ctx(), t.requester.token, 'GET', '/finance-requests', { query: { status: 'lost' } });
    assert.equal(bad.statusCode, 422);
    const missing = await api(ctx(), t.requester.token, 'GET', '/finance/requests/0190a1b2-0000-7000-8000-0000000fa0ff');
    assert.equal(missing.statusCode, 404);
  });

  it('lists and records answer 304 while nothing changed, and 200 after a change', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Cached', amount: 1 });
    const page = await api(ctx(), t.requester.token, 'GET', '/finance-requests');
    const same = await api(ctx(), t.requester.token, 'GET', '/finance-requests', { headers: { 'if-none-match': String(page.headers.etag) } });
    assert.equal(same.statusCode, 304);
    await file(ctx(), t.requester, { title: 'Another', amount: 1 });
    const moved = await api(ctx(), t.requester.token, 'GET', '/finance-requests', { headers: { 'if-none-match': String(page.headers.etag) } });
    assert.equal(moved.statusCode, 200);
    const one = await api(ctx(), t.requester.token, 'GET', `/finance-requests/${r.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(one.statusCode, 304);
  });

  it('the default currency is the organization\'s', async () => {
    const p = await createPrincipal(ctx(), { currency: 'EUR' });
    const r = await file(ctx(), p, { title: 'Euro', amount: 1 });
    assert.equal(r.currency, 'EUR');
  });
});
