import assert from 'node:assert/strict';
import { it, mock } from 'node:test';
import { demoDataSet } from '../../src/demo.ts';
import { receivableStatus, today } from '../../src/domains/finance/receivables.ts';
import type { AppError } from '../../src/http/errors.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { importInto } from './helpers.ts';
import { importError } from '../helpers/envelope.ts';

const PARENT = '0190a1b2-0000-7000-8000-0000000cc001';
const CHILD = '0190a1b2-0000-7000-8000-0000000cc002';

interface Category { id: string; name: string; type: string; value: string; color: string; order: number; parent_category_id: string | null; isArchived: boolean }
interface Receivable { id: string; clientId: string; dealId: string | null; amount: number; paidAmount: number; currency: string; dueDate: string; status: string; paidDate: string | null; description: string | null; createdAt: string }

function fields(error: AppError): string[] {
  return ((error.details.fields ?? []) as Array<{ field: string }>).map((f) => f.field);
}

function shift(days: number): string {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function crm(ctx: TestContext, p: Principal): Promise<{ clientId: string; dealId: string; otherClientId: string }> {
  const client = json<{ id: string }>(await api(ctx, p.token, 'POST', '/clients', { body: { name: 'Debtor' } }));
  const other = json<{ id: string }>(await api(ctx, p.token, 'POST', '/clients', { body: { name: 'Other' } }));
  const deal = json<{ id: string }>(await api(ctx, p.token, 'POST', '/deals', { body: { title: 'Sale', client_id: client.id } }));
  return { clientId: client.id, dealId: deal.id, otherClientId: other.id };
}

describeEachDatabase('finance: categories and receivables', (ctx) => {
  it('GET /finance/categories lists imported categories with the exact fields, in order; archived only on request', async () => {
    const p = await createPrincipal(ctx());
    // The child comes first in the file: a parent may follow in the same file.
    const counts = await importInto(ctx(), p.slug, {
      financeCategories: [
        { id: CHILD, name: 'Taxi', type: 'expense', value: 'taxi', color: '#00ff00', order: 2, parent_category_id: PARENT },
        { id: PARENT, name: 'Travel', type: 'expense', color: '#123ABC', order: 1 },
        { name: 'Old', order: 3, isArchived: true },
      ],
    });
    assert.deepEqual(counts, { financeCategories: 3 });
    const page = json<{ items: Category[]; total: number }>(await api(ctx(), p.token, 'GET', '/finance/categories'));
    assert.equal(page.total, 2);
    assert.deepEqual(page.items.map((c) => Object.keys(c).sort()), [0, 1].map(() => ['color', 'id', 'isArchived', 'name', 'order', 'parent_category_id', 'type', 'value']));
    assert.deepEqual(page.items[0], { id: PARENT, name: 'Travel', type: 'expense', value: 'Travel', color: '#123ABC', order: 1, parent_category_id: null, isArchived: false });
    assert.deepEqual(page.items[1], { id: CHILD, name: 'Taxi', type: 'expense', value: 'taxi', color: '#00FF00', order: 2, parent_category_id: PARENT, isArchived: false });
    const all = json<{ items: Category[] }>(await api(ctx(), p.token, 'GET', '/finance/categories', { query: { include_archived: 'true', limit: '2', offset: '2' } }));
    assert.deepEqual(all.items.map((c) => [c.name, c.isArchived]), [['Old', true]]);
    const bad = await api(ctx(), p.token, 'GET', '/finance/categories', { query: { status: 'x' } });
    assert.equal(bad.statusCode, 422);
  });

  it('category import: a missing parent, a loop, a bad colour reject the whole file', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    await importInto(ctx(), other.slug, { financeCategories: [{ id: PARENT, name: 'Theirs' }] });
    const cases: Array<[unknown[], string]> = [
      [[{ name: 'A' }, { name: 'B', parent_category_id: PARENT }], 'financeCategories[1].parent_category_id'],
      [[{ id: PARENT, name: 'A', parent_category_id: CHILD }, { id: CHILD, name: 'B', parent_category_id: PARENT }], 'financeCategories[0].parent_category_id'],
      [[{ id: PARENT, name: 'A', parent_category_id: PARENT }], 'financeCategories[0].parent_category_id'],
      [[{ name: 'A', color: 'red' }], 'financeCategories[0].color'],
      [[{ name: 'A', color: '#12345' }], 'financeCategories[0].color'],
      [[{ name: '' }], 'financeCategories[0].name'],
    ];
    for (const [records, field] of cases) {
      const error = await importError(importInto(ctx(), p.slug, { financeCategories: records }));
      assert.deepEqual(fields(error), [field], JSON.stringify(records));
    }
    const listed = json<{ total: number }>(await api(ctx(), p.token, 'GET', '/finance/categories', { query: { include_archived: 'true' } }));
    assert.equal(listed.total, 0, 'nothing half-imported');
  });

  it('receivable status is computed when read: due today is open, paid exactly or overpaid is paid, a day late is overdue', async () => {
    const p = await createPrincipal(ctx());
    const { clientId, dealId } = await crm(ctx(), p);
    const on = today();
    const rows: Array<[string, number, number, string, string]> = [
      ['due today, nothing paid', 100, 0, on, 'open'],
      ['due today, part paid', 100, 40.5, on, 'partial'],
      ['due yesterday, part paid', 100, 99.99, shift(-1), 'overdue'],
      ['due yesterday, nothing paid', 100, 0, shift(-1), 'overdue'],
      ['due yesterday, paid exactly', 100, 100, shift(-1), 'paid'],
      ['due tomorrow, overpaid', 100, 100.01, shift(1), 'paid'],
      ['due tomorrow, nothing paid', 0.01, 0, shift(1), 'open'],
    ];
    await importInto(ctx(), p.slug, {
      receivables: rows.map(([description, amount, paidAmount, dueDate], i) => ({ description, amount, paidAmount, dueDate, clientId, ...(i === 0 ? { dealId } : {}), status: 'open' })),
    });
    const page = json<{ items: Receivable[]; total: number }>(await api(ctx(), p.token, 'GET', '/receivables', { query: { limit: '200' } }));
    assert.equal(page.total, rows.length);
    for (const [description, amount, paidAmount, dueDate, status] of rows) {
      const r = page.items.find((x) => x.description === description)!;
      assert.deepEqual([r.amount, r.paidAmount, r.dueDate, r.status], [amount, paidAmount, dueDate, status], description);
      assert.equal(r.currency, 'UZS');
      assert.match(r.createdAt, /\+00:00$/);
    }
    assert.deepEqual(Object.keys(page.items[0]!).sort(), ['amount', 'clientId', 'createdAt', 'currency', 'dealId', 'description', 'dueDate', 'id', 'paidAmount', 'paidDate', 'status']);
    const byDeal = json<{ items: Receivable[] }>(await api(ctx(), p.token, 'GET', '/receivables', { query: { deal_id: dealId } }));
    assert.deepEqual(byDeal.items.map((r) => r.description), ['due today, nothing paid']);
    assert.equal(json<{ total: number }>(await api(ctx(), p.token, 'GET', '/receivables', { query: { client_id: clientId, limit: '1' } })).total, rows.length);
  });

  it('the same stored receivable changes status as the days pass (the date is part of the list tag)', async () => {
    assert.equal(receivableStatus(100, 0, '2025-03-10', '2025-03-10'), 'open');
    assert.equal(receivableStatus(100, 0, '2025-03-10', '2025-03-11'), 'overdue');
    assert.equal(receivableStatus(100, 50, '2025-03-10', '2025-03-09'), 'partial');
    assert.equal(receivableStatus(0.3, 0.1 + 0.2, '2025-03-10', '2025-03-11'), 'paid');
    const p = await createPrincipal(ctx());
    const { clientId } = await crm(ctx(), p);
    await importInto(ctx(), p.slug, { receivables: [{ clientId, amount: 5, dueDate: today() }] });
    const first = await api(ctx(), p.token, 'GET', '/receivables');
    const tag = String(first.headers.etag);
    assert.equal(json<{ items: Receivable[] }>(first).items[0]!.status, 'open');
    assert.equal((await api(ctx(), p.token, 'GET', '/receivables', { headers: { 'if-none-match': tag } })).statusCode, 304);
    // Tomorrow: nothing was written, yet the page is no longer current.
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 86_400_000 });
    try {
      const tomorrow = await api(ctx(), p.token, 'GET', '/receivables', { headers: { 'if-none-match': tag } });
      assert.equal(tomorrow.statusCode, 200);
      assert.equal(json<{ items: Receivable[] }>(tomorrow).items[0]!.status, 'overdue');
    } finally {
      mock.timers.reset();
    }
  });

  it('receivable import: client and deal must be the organization\'s, the deal the client\'s; amounts exact', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const mine = await crm(ctx(), p);
    const theirs = await crm(ctx(), other);
    const base = { amount: 10, dueDate: '2030-01-01' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, clientId: theirs.clientId }, 'receivables[0].clientId'],
      [{ ...base, clientId: mine.clientId, dealId: theirs.dealId }, 'receivables[0].dealId'],
      [{ ...base, clientId: mine.otherClientId, dealId: mine.dealId }, 'receivables[0].dealId'],
      [{ ...base, clientId: mine.clientId, amount: 1.001 }, 'receivables[0].amount'],
      [{ ...base, clientId: mine.clientId, amount: 0 }, 'receivables[0].amount'],
      [{ ...base, clientId: mine.clientId, paidAmount: -1 }, 'receivables[0].paidAmount'],
      [{ ...base, clientId: mine.clientId, dueDate: '2030-02-30' }, 'receivables[0].dueDate'],
      [{ ...base }, 'receivables[0].clientId'],
    ];
    for (const [record, field] of cases) {
      const error = await importError(importInto(ctx(), p.slug, { receivables: [record] }));
      assert.ok(fields(error).includes(field), `${JSON.stringify(record)} → ${fields(error).join(',')}`);
    }
    assert.equal(json<{ total: number }>(await api(ctx(), p.token, 'GET', '/receivables')).total, 0);
  });

  it('the demo data set imports: categories, requests and receivables of the CRM demo records', async () => {
    const p = await createPrincipal(ctx());
    const counts = await importInto(ctx(), p.slug, demoDataSet(ctx().modules));
    assert.deepEqual([counts.financeCategories, counts.financeRequests, counts.receivables], [4, 2, 2]);
    const page = json<{ items: Receivable[] }>(await api(ctx(), p.token, 'GET', '/receivables'));
    assert.deepEqual(page.items.map((r) => r.status).sort(), ['open', 'overdue']);
  });
});
