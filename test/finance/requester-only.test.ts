import assert from 'node:assert/strict';
import { it } from 'node:test';
import { RIGHTS } from '../../src/platform/rights.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { fieldsOf, file, ok, patch, team } from './helpers.ts';
import type { Envelope, FinanceRequest, Team } from './helpers.ts';

async function read(ctx: TestContext, p: Principal, id: string): Promise<FinanceRequest> {
  return json<FinanceRequest>(await api(ctx, p.token, 'GET', `/finance-requests/${id}`));
}

/** Everyone but the requester: the approvers, the payer, a token with finance:write and no right, an administrator. */
async function others(ctx: TestContext, t: Team): Promise<Principal[]> {
  const bare = await createPrincipal(ctx, { slug: t.slug, rights: [], scopes: ['finance:read', 'finance:write'] });
  const admin = await createPrincipal(ctx, { slug: t.slug, rights: [...RIGHTS], scopes: ['admin:all'] });
  return [t.approver, t.approver2, t.payer, bare, admin];
}

describeEachDatabase('finance: only the requester changes a payment request', (ctx) => {
  it('anyone else who changes its content gets 403 not_requester and nothing changes, on both path families', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Mine', amount: '100.00', counterparty: 'Payee' });
    const bodies: Array<Record<string, unknown>> = [{ amount: '1.00' }, { counterparty: 'Thief' }, { title: 'Renamed' }, { description: 'x' }, { isArchived: true }, { amount: '999', status: 'approved' }];
    for (const p of await others(ctx(), t)) {
      for (const body of bodies) {
        for (const base of ['/finance-requests', '/finance/requests']) {
          const res = await patch(ctx(), p, r.id, body, undefined, base);
          assert.equal(res.statusCode, 403, `${base} ${JSON.stringify(body)}: ${res.body}`);
          assert.equal(json<Envelope>(res).error, 'forbidden');
          assert.equal(json<Envelope>(res).details.error, 'not_requester');
          assert.match(json<Envelope>(res).message, /requester/);
        }
      }
    }
    assert.deepEqual(await read(ctx(), t.requester, r.id), r, 'nothing changed');
    const mine = await ok(await patch(ctx(), t.requester, r.id, { counterparty: 'Payee two' }));
    assert.equal(mine.counterparty, 'Payee two');
  });

  it('an approver who rewrites amount and payee cannot then approve it: the rewrite is refused, the approval is of the original', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Goods', amount: '100.00', counterparty: 'Supplier' });
    const rewrite = await patch(ctx(), t.approver, r.id, { amount: '100000.00', counterparty: 'Approver\'s friend' }, 1);
    assert.equal(rewrite.statusCode, 403);
    const approved = await ok(await patch(ctx(), t.approver, r.id, { status: 'approved' }, 1));
    assert.deepEqual([approved.status, approved.amount, approved.counterparty], ['approved', '100.00', 'Supplier']);
  });

  it('records who changed the payment fields, and such a user may not approve the request', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Edited', amount: '10.00' });
    await ok(await patch(ctx(), t.requester, r.id, { title: 'Renamed' }));
    const editors = () => ctx().storage.db.selectFrom('finance_payment_editors').select('user_id').where('request_id', '=', r.id).execute();
    assert.deepEqual(await editors(), [], 'a title is not a payment field');
    await ok(await patch(ctx(), t.requester, r.id, { invoiceNumber: 'INV-9' }));
    assert.deepEqual((await editors()).map((e) => e.user_id), [t.requester.userId]);
    // Through the API only the requester changes payment fields; the gate holds for anyone recorded.
    await ctx().storage.db.insertInto('finance_payment_editors').values({ org_id: t.orgId, request_id: r.id, user_id: t.approver.userId, changed_at: new Date().toISOString() }).execute();
    const refused = await patch(ctx(), t.approver, r.id, { status: 'approved' });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(json<Envelope>(refused).details.error, 'self_approval');
    assert.equal((await ok(await patch(ctx(), t.approver2, r.id, { status: 'approved' }))).status, 'approved');
  });

  it('approved and paid requests cannot be archived (422 naming isArchived); draft, pending and rejected ones can, by the requester', async () => {
    const t = await team(ctx());
    const approved = await file(ctx(), t.requester, { title: 'A', amount: 1 });
    await ok(await patch(ctx(), t.approver, approved.id, { status: 'approved' }));
    const paid = await file(ctx(), t.requester, { title: 'P', amount: 1 });
    await ok(await patch(ctx(), t.approver, paid.id, { status: 'approved' }));
    await ok(await patch(ctx(), t.payer, paid.id, { status: 'paid' }));
    for (const r of [approved, paid]) {
      const before = await read(ctx(), t.requester, r.id);
      const res = await patch(ctx(), t.requester, r.id, { isArchived: true });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(json<Envelope>(res).details.error, 'validation_error');
      assert.deepEqual(fieldsOf(res), ['isArchived']);
      assert.match(json<Envelope>(res).message, /cannot be archived/);
      assert.deepEqual(await read(ctx(), t.requester, r.id), before);
    }
    const rejected = await file(ctx(), t.requester, { title: 'R', amount: 1 });
    await ok(await patch(ctx(), t.approver, rejected.id, { status: 'rejected' }));
    const draft = await file(ctx(), t.requester, { title: 'D', amount: 1, status: 'draft' });
    const pending = await file(ctx(), t.requester, { title: 'N', amount: 1 });
    for (const r of [rejected, draft, pending]) assert.equal((await ok(await patch(ctx(), t.requester, r.id, { isArchived: true }))).isArchived, true);
    // An archived (withdrawn) request is not approved until the requester restores it.
    const withdrawn = await patch(ctx(), t.approver, pending.id, { status: 'approved' });
    assert.equal(withdrawn.statusCode, 422, withdrawn.body);
    assert.deepEqual(fieldsOf(withdrawn), ['status']);
    await ok(await patch(ctx(), t.requester, pending.id, { isArchived: false }));
    assert.equal((await ok(await patch(ctx(), t.approver, pending.id, { status: 'approved' }))).status, 'approved');
  });
});
