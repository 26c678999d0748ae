import assert from 'node:assert/strict';
import { it } from 'node:test';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { api, describeEachDatabase, json } from '../helpers/harness.ts';
import { events, fieldsOf, file, importInto, patch, setSettings, team } from './helpers.ts';
import type { FinanceRequest } from './helpers.ts';
import { importError } from '../helpers/envelope.ts';

/** The fields an import refusal names. */
async function refused(run: Promise<unknown>): Promise<string[]> {
  const error = await importError(run);
  return ((error.details.fields ?? []) as Array<{ field: string }>).map((f) => f.field);
}

async function stored(ctx: Parameters<typeof importInto>[0], id: string) {
  const row = await ctx.storage.db.selectFrom('finance_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { rate: Number(row.rate_micros), base: Number(row.base_amount_cents), currency: row.base_currency, required: Number(row.approvals_required) };
}

describeEachDatabase('finance: the rate table, conversion and request import', (ctx) => {
  it('converts the amount into the organization currency with its rate table and keeps the rate used', async () => {
    const t = await team(ctx());
    const none = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Dollars', amount: 100, currency: 'USD' } });
    assert.equal(none.statusCode, 422);
    assert.deepEqual(fieldsOf(none), ['currency']);
    assert.equal(json<{ total: number }>(await api(ctx(), t.requester.token, 'GET', '/finance-requests')).total, 0);
    assert.deepEqual(await importInto(ctx(), t.slug, { financeRates: [{ currency: 'USD', rate: '12650.5' }, { currency: 'EUR', rate: 0.005 }] }), { financeRates: 2 });
    const usd = await file(ctx(), t.requester, { title: 'Dollars', amount: '100.10', currency: 'USD' });
    assert.equal(usd.amount, '100.10');
    assert.equal(usd.currency, 'USD');
    assert.deepEqual(await stored(ctx(), usd.id), { rate: 12_650_500_000, base: 126_631_505, currency: 'UZS', required: 1 });
    // 1.00 × 0.005 = 0.005: half a hundredth rounds up.
    const eur = await file(ctx(), t.requester, { title: 'Euros', amount: 1, currency: 'EUR' });
    assert.equal((await stored(ctx(), eur.id)).base, 1);
    // A new rate applies to requests written after it; the old request keeps the rate it used.
    await importInto(ctx(), t.slug, { financeRates: [{ currency: 'USD', rate: 13000 }] });
    assert.equal((await stored(ctx(), usd.id)).rate, 12_650_500_000);
    const moved = await patch(ctx(), t.requester, usd.id, { amount: 1 });
    assert.equal(moved.statusCode, 200);
    assert.deepEqual(await stored(ctx(), usd.id), { rate: 13_000_000_000, base: 1_300_000, currency: 'UZS', required: 1 });
    const unknown = await patch(ctx(), t.requester, usd.id, { currency: 'GBP' });
    assert.deepEqual(fieldsOf(unknown), ['currency']);
    const huge = await api(ctx(), t.requester.token, 'POST', '/finance-requests', { body: { title: 'Huge', amount: '999999999999.99', currency: 'USD' } });
    assert.equal(huge.statusCode, 422);
    assert.deepEqual(fieldsOf(huge), ['amount']);
  });

  it('the approval rules compare the converted amount', async () => {
    const t = await team(ctx());
    await importInto(ctx(), t.slug, { financeRates: [{ currency: 'USD', rate: '12650.5' }] });
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1000000', approvals: 2 }] });
    const small = await file(ctx(), t.requester, { title: 'Small', amount: 79, currency: 'USD' });
    const big = await file(ctx(), t.requester, { title: 'Big', amount: 80, currency: 'USD' });
    assert.equal((await stored(ctx(), small.id)).required, 1);
    assert.equal((await stored(ctx(), big.id)).required, 2);
  });

  it('rate import refuses a bad currency or rate, naming the record', async () => {
    const t = await team(ctx());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ currency: 'usd', rate: 1 }, 'financeRates[0].currency'],
      [{ currency: 'UZS', rate: 1 }, 'financeRates[0].currency'],
      [{ currency: 'USD', rate: 0 }, 'financeRates[0].rate'],
      [{ currency: 'USD', rate: '1.0000001' }, 'financeRates[0].rate'],
      [{ currency: 'USD', rate: 'abc' }, 'financeRates[0].rate'],
      [{ currency: 'USD' }, 'financeRates[0].rate'],
    ];
    for (const [record, field] of cases) assert.deepEqual(await refused(importInto(ctx(), t.slug, { financeRates: [record] })), [field], JSON.stringify(record));
  });

  it('request import keeps statuses, the requester (a member), ids and dates; amountWithVat must add up', async () => {
    const t = await team(ctx());
    const other = await team(ctx());
    const id = '0190a1b2-0000-7000-8000-0000000ff001';
    await importInto(ctx(), t.slug, {
      financeCategories: [{ name: 'Rent' }],
      financeRequests: [
        { id, version: 4, title: 'Paid rent', amount: '500.00', vatAmount: '60.00', amountWithVat: '560.00', currency: 'UZS', category: 'Rent', status: 'paid', requestedBy: t.approver.userId, createdAt: '2024-05-01T10:00:00.000+00:00', isArchived: false },
        { title: 'Waiting', amount: 5, status: 'pending' },
        { title: 'Sketch', amount: 5, status: 'draft' },
      ],
    });
    const paid = json<FinanceRequest>(await api(ctx(), t.requester.token, 'GET', `/finance-requests/${id}`));
    assert.deepEqual([paid.status, paid.requestedBy, paid.version, paid.createdAt, paid.amountWithVat, paid.category], ['paid', t.approver.userId, 1, '2024-05-01T10:00:00.000+00:00', '560.00', 'Rent']);
    assert.deepEqual((await events(ctx(), t.orgId, id)).map((e) => e.event), ['finance_request.created']);
    const list = json<{ items: FinanceRequest[] }>(await api(ctx(), t.requester.token, 'GET', '/finance-requests', { query: { status: 'pending' } }));
    assert.equal(list.items.length, 1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x', amount: 1, requestedBy: other.requester.userId }, 'financeRequests[0].requestedBy'],
      [{ title: 'x', amount: 1, vatAmount: 1, amountWithVat: 3 }, 'financeRequests[0].amountWithVat'],
      [{ title: 'x', amount: '1.001' }, 'financeRequests[0].amount'],
      [{ title: 'x', amount: 1, status: 'done' }, 'financeRequests[0].status'],
      [{ title: 'x', amount: 1, currency: 'USD' }, 'financeRequests[0].currency'],
      [{ title: 'x', amount: 1, category: 'Nope' }, 'financeRequests[0].category'],
      [{ id, title: 'x', amount: 1 }, 'financeRequests[0].id'],
    ];
    for (const [record, field] of cases) assert.deepEqual(await refused(importInto(ctx(), t.slug, { financeRequests: [record] })), [field], JSON.stringify(record));
  });

  it('CLI: finance rate sets and shows the rate table; finance settings sets the approval rules', async () => {
    const t = await team(ctx());
    const db = ctx().config.databaseUrl;
    const set = onlyJson(await runCli(['finance', 'rate', '--org', t.slug, '--currency', 'usd', '--rate', '12650.5', '--json', '--db', db]));
    assert.deepEqual(set, { currency: 'UZS', rates: [{ currency: 'USD', rate: '12650.500000' }] });
    const bad = await runCli(['finance', 'rate', '--org', t.slug, '--currency', 'EUR', '--rate', '-1', '--json', '--db', db]);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /rate/);
    const rules = onlyJson(await runCli(['finance', 'settings', '--org', t.slug, '--approvals', '1000000:2,5000000.5:3', '--json', '--db', db]));
    assert.deepEqual(rules, { currency: 'UZS', approvalRules: [{ above: '1000000.00', approvals: 2 }, { above: '5000000.50', approvals: 3 }] });
    const usage = await runCli(['finance', 'settings', '--org', t.slug, '--approvals', 'lots', '--json', '--db', db]);
    assert.notEqual(usage.code, 0);
    const r = await file(ctx(), t.requester, { title: 'After CLI', amount: 400, currency: 'USD' });
    assert.equal((await stored(ctx(), r.id)).required, 3);
  });
});
