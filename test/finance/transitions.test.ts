import assert from 'node:assert/strict';
import { it } from 'node:test';
import { approvalRequestedRule as rule } from '../../src/domains/finance/events.ts';
import { decodeEvent } from '../../src/events/registry.ts';
import { isEventNamed } from '../../src/events/types.ts';
import type { StoredEvent } from '../../src/events/types.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { events, fieldsOf, file, ok, patch, setSettings, team } from './helpers.ts';
import type { Envelope, FinanceRequest, Team } from './helpers.ts';

const STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paid'] as const;
type Status = (typeof STATUSES)[number];
const ALLOWED = new Set(['draft>pending', 'pending>approved', 'pending>rejected', 'approved>paid']);

/** A request brought to `status` the legitimate way. */
async function at(ctx: TestContext, t: Team, boss: Principal, status: Status): Promise<FinanceRequest> {
  let r = await file(ctx, t.requester, { title: `At ${status}`, amount: '100.00', status: status === 'draft' ? 'draft' : 'pending' });
  if (status === 'approved' || status === 'paid') r = await ok(await patch(ctx, boss, r.id, { status: 'approved' }));
  if (status === 'rejected') r = await ok(await patch(ctx, boss, r.id, { status: 'rejected' }));
  if (status === 'paid') r = await ok(await patch(ctx, boss, r.id, { status: 'paid' }));
  assert.equal(r.status, status);
  return r;
}

function stored(row: { event: string; data: Record<string, unknown> }, orgId: string): StoredEvent {
  const { entityType, entityId, ...context } = row.data;
  return decodeEvent({ seq: 1, id: 'e', orgId, name: row.event, entityType: String(entityType), entityId: String(entityId), context, createdAt: '' });
}

describeEachDatabase('finance: the approval chain and its transitions', (ctx) => {
  it('follows the transition table in full: allowed moves answer 200, every other one 422 and changes nothing', async () => {
    const t = await team(ctx());
    const boss = await createPrincipal(ctx(), { slug: t.slug, rights: ['finance.approve', 'finance.pay'], scopes: ['finance:read', 'finance:write'] });
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        if (from === to) continue;
        const r = await at(ctx(), t, boss, from);
        const who = from === 'draft' ? t.requester : boss;
        const res = await patch(ctx(), who, r.id, { status: to }, r.version);
        const after = json<FinanceRequest>(await api(ctx(), boss.token, 'GET', `/finance-requests/${r.id}`));
        if (ALLOWED.has(`${from}>${to}`)) {
          assert.equal(res.statusCode, 200, `${from} → ${to}: ${res.body}`);
          assert.equal(after.status, to);
          assert.equal(after.version, r.version + 1);
        } else {
          assert.equal(res.statusCode, 422, `${from} → ${to}: ${res.body}`);
          assert.deepEqual(fieldsOf(res), ['status']);
          assert.deepEqual(after, r, `${from} → ${to} changed nothing`);
        }
      }
    }
  });

  it('the requester never approves or rejects their own request, even holding finance.approve: 403 forbidden', async () => {
    const self = await createPrincipal(ctx(), { rights: ['finance.approve', 'finance.pay'], scopes: ['finance:read', 'finance:write'] });
    const r = await file(ctx(), self, { title: 'Mine', amount: 1 });
    for (const status of ['approved', 'rejected']) {
      const res = await patch(ctx(), self, r.id, { status }, 1);
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(json<Envelope>(res).error, 'forbidden');
      assert.equal(json<Envelope>(res).details.error, 'self_approval');
    }
    const still = json<FinanceRequest>(await api(ctx(), self.token, 'GET', `/finance-requests/${r.id}`));
    assert.equal(still.status, 'pending');
    assert.equal(still.version, 1);
  });

  it('approving and rejecting need finance.approve, paying needs finance.pay, submitting a draft is the requester\'s', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Gate', amount: 1 });
    for (const status of ['approved', 'rejected']) {
      const res = await patch(ctx(), t.payer, r.id, { status });
      assert.equal(res.statusCode, 403);
      assert.equal(json<Envelope>(res).details.error, 'insufficient_scope');
      assert.equal(json<Envelope>(res).details.required_right, 'finance.approve');
    }
    await ok(await patch(ctx(), t.approver, r.id, { status: 'approved' }));
    const unpaid = await patch(ctx(), t.approver, r.id, { status: 'paid' });
    assert.equal(unpaid.statusCode, 403);
    assert.equal(json<Envelope>(unpaid).details.required_right, 'finance.pay');
    assert.equal((await ok(await patch(ctx(), t.payer, r.id, { status: 'paid' }))).status, 'paid');
    const draft = await file(ctx(), t.requester, { title: 'Draft', amount: 1, status: 'draft' });
    const foreign = await patch(ctx(), t.approver, draft.id, { status: 'pending' });
    assert.equal(foreign.statusCode, 403);
    assert.equal((await ok(await patch(ctx(), t.requester, draft.id, { status: 'pending' }))).status, 'pending');
  });

  it('fields change while draft or pending; approved, rejected and paid requests are frozen (isArchiving a rejected one aside)', async () => {
    const t = await team(ctx());
    const boss = await createPrincipal(ctx(), { slug: t.slug, rights: ['finance.approve', 'finance.pay'], scopes: ['finance:read', 'finance:write'] });
    for (const status of ['draft', 'pending'] as const) {
      const r = await at(ctx(), t, boss, status);
      const changed = await ok(await patch(ctx(), t.requester, r.id, { title: 'Renamed', amount: '7.5', vatAmount: '1.5', invoiceNumber: 'INV-1', counterpartyInn: '123' }, r.version));
      assert.deepEqual([changed.title, changed.amount, changed.vatAmount, changed.amountWithVat, changed.invoiceNumber, changed.counterpartyInn, changed.version],
        ['Renamed', '7.50', '1.50', '9.00', 'INV-1', '123', r.version + 1]);
      assert.equal(changed.status, status);
      assert.equal(changed.requestedBy, t.requester.userId);
    }
    for (const status of ['approved', 'rejected', 'paid'] as const) {
      const r = await at(ctx(), t, boss, status);
      for (const body of [{ title: 'x' }, { amount: 2 }, { category: null }, { paymentDate: '2025-01-01' }]) {
        const res = await patch(ctx(), t.requester, r.id, body, r.version);
        assert.equal(res.statusCode, 422, `${status} ${JSON.stringify(body)}`);
        assert.deepEqual(fieldsOf(res), Object.keys(body));
      }
      if (status !== 'rejected') continue;
      const archived = await ok(await patch(ctx(), t.requester, r.id, { isArchived: true }, r.version));
      assert.equal(archived.isArchived, true);
      assert.equal(archived.status, status);
    }
    const pending = await at(ctx(), t, boss, 'pending');
    const mixed = await patch(ctx(), t.requester, pending.id, { status: 'rejected', amount: 1 });
    assert.equal(mixed.statusCode, 422);
    assert.deepEqual(fieldsOf(mixed), ['amount']);
  });

  it('If-Match: a stale version gives 409 stale_version; the answer carries the new version as ETag', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Versioned', amount: 1 });
    const first = await patch(ctx(), t.requester, r.id, { title: 'V2' }, 1);
    assert.equal(first.headers.etag, '"2"');
    const stale = await patch(ctx(), t.approver, r.id, { status: 'approved' }, 1);
    assert.equal(stale.statusCode, 409);
    assert.equal(json<Envelope>(stale).details.error, 'stale_version');
    assert.equal(json<Envelope>(stale).details.expected_version, 1);
    const badHeader = await patch(ctx(), t.approver, r.id, { status: 'approved' });
    assert.equal(badHeader.statusCode, 200);
    const slash = await api(ctx(), t.payer.token, 'PATCH', `/finance/requests/${r.id}`, { body: { status: 'paid' }, headers: { 'if-match': 'W/"3"' } });
    assert.equal(slash.statusCode, 200, slash.body);
    const gone = await patch(ctx(), t.approver, '0190a1b2-0000-7000-8000-0000000fa0ff', { title: 'x' });
    assert.equal(gone.statusCode, 404);
    const empty = await patch(ctx(), t.approver, r.id, {});
    assert.equal(empty.statusCode, 422);
  });

  it('emits created, approved, rejected and paid in order with the version, and approval_requested for the approvers', async () => {
    const t = await team(ctx());
    const r = await file(ctx(), t.requester, { title: 'Evented', amount: 1 });
    await ok(await patch(ctx(), t.approver, r.id, { status: 'approved' }));
    await ok(await patch(ctx(), t.payer, r.id, { status: 'paid' }));
    const all = await events(ctx(), t.orgId, r.id);
    assert.deepEqual(all.map((e) => [e.event, e.data.version]), [
      ['finance_request.created', 1], ['finance_request.approval_requested', 1], ['finance_request.approved', 2], ['finance_request.paid', 3],
    ]);
    const rejected = await file(ctx(), t.requester, { title: 'No', amount: 1 });
    await ok(await patch(ctx(), t.approver, rejected.id, { status: 'rejected' }));
    assert.deepEqual((await events(ctx(), t.orgId, rejected.id)).map((e) => [e.event, e.data.version]), [
      ['finance_request.created', 1], ['finance_request.approval_requested', 1], ['finance_request.rejected', 2],
    ]);
    const draft = await file(ctx(), t.requester, { title: 'Draft', amount: 1, status: 'draft' });
    await ok(await patch(ctx(), t.requester, draft.id, { status: 'pending' }));
    const submitted = await events(ctx(), t.orgId, draft.id);
    assert.deepEqual(submitted.map((e) => e.event), ['finance_request.created', 'finance_request.approval_requested']);
  });

  it('the notification rule sends approval requests to every eligible approver, with the requester as actor', async () => {
    const t = await team(ctx());
    const outsider = await createPrincipal(ctx(), { rights: ['finance.approve'] });
    const r = await file(ctx(), t.requester, { title: 'Notify me', amount: '42.5', currency: 'UZS' });
    const row = (await events(ctx(), t.orgId, r.id)).find((e) => e.event === 'finance_request.approval_requested')!;
    const event = stored(row, t.orgId);
    assert.ok(isEventNamed(event, 'finance_request.approval_requested'));
    assert.deepEqual([...rule.recipients(event)].sort(), [t.approver.userId, t.approver2.userId].sort());
    assert.ok(!rule.recipients(event).includes(outsider.userId));
    assert.ok(!rule.recipients(event).includes(t.payer.userId));
    assert.equal(rule.actor?.(event), t.requester.userId);
    assert.equal(rule.text(event), 'Notify me: 42.50 UZS');
    assert.ok(rule.title(event).length > 0);
  });

  it('multi-approval: above the setting\'s amount each approval is recorded and the request stays pending until the last', async () => {
    const t = await team(ctx());
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '1000.00', approvals: 2 }] });
    const atLimit = await file(ctx(), t.requester, { title: 'At the limit', amount: '1000.00' });
    assert.equal((await ok(await patch(ctx(), t.approver, atLimit.id, { status: 'approved' }))).status, 'approved');
    const big = await file(ctx(), t.requester, { title: 'Above', amount: '1000.01' });
    const one = await ok(await patch(ctx(), t.approver, big.id, { status: 'approved' }, 1));
    assert.equal(one.status, 'pending');
    assert.equal(one.version, 2);
    const approvals = await ctx().storage.db.selectFrom('finance_approvals').select('user_id').where('request_id', '=', big.id).execute();
    assert.deepEqual(approvals.map((a) => a.user_id), [t.approver.userId]);
    const twice = await patch(ctx(), t.approver, big.id, { status: 'approved' });
    assert.equal(twice.statusCode, 422);
    assert.deepEqual(fieldsOf(twice), ['status']);
    assert.ok(!(await events(ctx(), t.orgId, big.id)).some((e) => e.event === 'finance_request.approved'));
    const two = await ok(await patch(ctx(), t.approver2, big.id, { status: 'approved' }, 2));
    assert.equal(two.status, 'approved');
    assert.equal((await events(ctx(), t.orgId, big.id)).filter((e) => e.event === 'finance_request.approved').length, 1);
  });

  it('multi-approval: changing the amount of a pending request drops the approvals given for the old one', async () => {
    const t = await team(ctx());
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '10', approvals: 2 }, { above: '100', approvals: 3 }] });
    const r = await file(ctx(), t.requester, { title: 'Moving', amount: '50' });
    await ok(await patch(ctx(), t.approver, r.id, { status: 'approved' }));
    const raised = await ok(await patch(ctx(), t.requester, r.id, { amount: '500' }));
    assert.equal(raised.status, 'pending');
    const row = await ctx().storage.db.selectFrom('finance_requests').select('approvals_required').where('id', '=', r.id).executeTakeFirstOrThrow();
    assert.equal(Number(row.approvals_required), 3);
    const left = await ctx().storage.db.selectFrom('finance_approvals').select('user_id').where('request_id', '=', r.id).execute();
    assert.deepEqual(left, []);
  });
});
