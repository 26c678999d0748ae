import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { events, file, importInto, ok, patch, setSettings, team } from './helpers.ts';
import type { FinanceRequest } from './helpers.ts';

async function approvers(ctx: TestContext, requestId: string): Promise<string[]> {
  const rows = await ctx.storage.db.selectFrom('finance_approvals').select('user_id').where('request_id', '=', requestId).execute();
  return rows.map((r) => r.user_id).sort();
}

function approve(ctx: TestContext, p: Principal, id: string): Promise<FinanceRequest> {
  return patch(ctx, p, id, { status: 'approved' }).then(ok);
}

describeEachDatabase('finance: an approval binds to the payment it approved', (ctx) => {
  it('after the first of two approvals the requester swaps the payee and raises VAT: the second approval does not approve it', async () => {
    const t = await team(ctx());
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1000', approvals: 2 }, { above: '1000000000', approvals: 3 }] });
    const r = await file(ctx(), t.requester, { title: 'Supplies', amount: '5000.00', counterparty: 'Honest Supplies LLC', counterpartyInn: '111111111' });
    assert.equal((await approve(ctx(), t.approver, r.id)).status, 'pending');
    const swapped = await ok(await patch(ctx(), t.requester, r.id, { counterparty: 'Shell Company', vatAmount: '900000000000' }));
    assert.equal(swapped.status, 'pending');
    assert.equal(swapped.amountWithVat, '900000005000.00');
    assert.deepEqual(await approvers(ctx(), r.id), [], 'the approval given for the old payee is gone');
    const second = await approve(ctx(), t.approver2, r.id);
    assert.equal(second.status, 'pending', 'one approval of the new payment is not enough');
    // 900 billion with VAT is above the highest rule: three approvals, the first approver's again among them.
    assert.equal((await approve(ctx(), t.approver, r.id)).status, 'pending');
    assert.ok(!(await events(ctx(), t.orgId, r.id)).some((e) => e.event === 'finance_request.approved'));
  });

  it('each field that defines the payment clears the approvals given; title and description do not', async () => {
    const t = await team(ctx());
    await importInto(ctx(), t.slug, { financeRates: [{ currency: 'USD', rate: 2 }], financeCategories: [{ name: 'Rent' }, { name: 'Travel' }] });
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1', approvals: 2 }] });
    const base = { title: 'Rent', amount: '100.00', vatAmount: '12.00', counterparty: 'Landlord', counterpartyInn: '123', invoiceNumber: 'INV-1', paymentDate: '2030-01-10', category: 'Rent' };
    const changes: Array<Record<string, unknown>> = [
      { amount: '101.00' }, { currency: 'USD' }, { vatAmount: '0' }, { counterparty: 'Someone else' }, { counterpartyInn: '999' },
      { invoiceNumber: 'INV-2' }, { paymentDate: '2030-01-11' }, { paymentDate: null }, { category: 'Travel' }, { counterparty: null },
    ];
    for (const change of changes) {
      const r = await file(ctx(), t.requester, base);
      await approve(ctx(), t.approver, r.id);
      const changed = await ok(await patch(ctx(), t.requester, r.id, change));
      assert.equal(changed.status, 'pending', JSON.stringify(change));
      assert.deepEqual(await approvers(ctx(), r.id), [], `${JSON.stringify(change)} clears the approvals`);
      // The approvers hear of it again, the one who had approved among them.
      const asked = (await events(ctx(), t.orgId, r.id)).filter((e) => e.event === 'finance_request.approval_requested');
      assert.equal(asked.length, 2, JSON.stringify(change));
      assert.ok((asked[1]!.data.approverIds as string[]).includes(t.approver.userId));
    }
    for (const change of [{ title: 'Rent, January' }, { description: 'as every month' }, { amount: '100', counterparty: 'Landlord' }]) {
      const r = await file(ctx(), t.requester, base);
      await approve(ctx(), t.approver, r.id);
      await ok(await patch(ctx(), t.requester, r.id, change));
      assert.deepEqual(await approvers(ctx(), r.id), [t.approver.userId], `${JSON.stringify(change)} keeps the approval`);
      assert.equal((await approve(ctx(), t.approver2, r.id)).status, 'approved');
    }
  });

  it('the same on the /finance/requests family: category_id and comment', async () => {
    const t = await team(ctx());
    const [rent, travel] = ['0190a1b2-0000-7000-8000-0000000ab001', '0190a1b2-0000-7000-8000-0000000ab002'];
    await importInto(ctx(), t.slug, { financeCategories: [{ id: rent, name: 'Rent' }, { id: travel, name: 'Travel' }] });
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1', approvals: 2 }] });
    const r = await file(ctx(), t.requester, { title: 'Trip', amount: 10, category_id: rent }, '/finance/requests');
    await approve(ctx(), t.approver, r.id);
    await ok(await patch(ctx(), t.requester, r.id, { comment: 'window seat' }, undefined, '/finance/requests'));
    assert.deepEqual(await approvers(ctx(), r.id), [t.approver.userId]);
    await ok(await patch(ctx(), t.requester, r.id, { category_id: travel }, undefined, '/finance/requests'));
    assert.deepEqual(await approvers(ctx(), r.id), []);
  });

  it('the thresholds read what the organization pays: amount plus VAT, converted with the request\'s rate', async () => {
    const t = await team(ctx());
    await importInto(ctx(), t.slug, { financeRates: [{ currency: 'USD', rate: 10 }] });
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1000', approvals: 2 }] });
    // 90 + 11 = 101 USD = 1010 in the organization currency: two approvals.
    const usd = await file(ctx(), t.requester, { title: 'Dollars', amount: '90', vatAmount: '11', currency: 'USD' });
    assert.equal((await approve(ctx(), t.approver, usd.id)).status, 'pending');
    assert.equal((await approve(ctx(), t.approver2, usd.id)).status, 'approved');
    // 90 + 10 = 100 USD = 1000: not above, one approval.
    const atLimit = await file(ctx(), t.requester, { title: 'At the limit', amount: '90', vatAmount: '10', currency: 'USD' });
    assert.equal((await approve(ctx(), t.approver, atLimit.id)).status, 'approved');
    // VAT raised on a pending request: the count follows it.
    const raised = await file(ctx(), t.requester, { title: 'Raised later', amount: '900' });
    await ok(await patch(ctx(), t.requester, raised.id, { vatAmount: '200' }));
    assert.equal((await approve(ctx(), t.approver, raised.id)).status, 'pending');
    assert.equal((await approve(ctx(), t.approver2, raised.id)).status, 'approved');
  });

  it('a request written before VAT counted is judged by what it pays when it is decided', async () => {
    const t = await team(ctx());
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1000', approvals: 2 }] });
    const r = await file(ctx(), t.requester, { title: 'Old row', amount: '900', vatAmount: '200' });
    // As such a row was stored: the count fixed from the amount without VAT.
    await ctx().storage.db.updateTable('finance_requests').set({ approvals_required: 1, base_amount_cents: 90_000 }).where('id', '=', r.id).execute();
    assert.equal((await approve(ctx(), t.approver, r.id)).status, 'pending');
    assert.equal((await approve(ctx(), t.approver2, r.id)).status, 'approved');
  });
});
