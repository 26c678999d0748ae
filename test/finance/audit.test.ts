import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { auditOf } from '../admin/helpers.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { file, patch, setSettings, team } from './helpers.ts';

describeEachDatabase('finance: approvals, rejections and payments in the audit trail', (ctx) => {
  it('records who approved, rejected and paid which request, and when, read through the admin API and the CLI; a refused decision records nothing', async () => {
    const t = await team(ctx());
    const admin = await createPrincipal(ctx(), { slug: t.slug });
    await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '10', approvals: 2 }] });
    const started = new Date().toISOString();
    const r = await file(ctx(), t.requester, { title: 'Audited', amount: '50.00' });
    assert.equal((await patch(ctx(), t.requester, r.id, { status: 'approved' })).statusCode, 403);
    assert.equal((await patch(ctx(), t.approver, r.id, { status: 'approved' }, 1)).statusCode, 200);
    assert.equal((await patch(ctx(), t.approver2, r.id, { status: 'approved' }, 2)).statusCode, 200);
    assert.equal((await patch(ctx(), t.payer, r.id, { status: 'paid' }, 3)).statusCode, 200);
    const no = await file(ctx(), t.requester, { title: 'Refused', amount: '5.00' });
    assert.equal((await patch(ctx(), t.approver, no.id, { status: 'rejected' })).statusCode, 200);

    const entries = (await auditOf(ctx(), admin.token)).filter((e) => e.target.type === 'finance_request').reverse();
    assert.deepEqual(entries.map((e) => [e.action, e.target.id, e.actor.userId, e.actor.tokenId, e.actor.via]), [
      ['finance_request.approve', r.id, t.approver.userId, t.approver.tokenId, 'api'],
      ['finance_request.approve', r.id, t.approver2.userId, t.approver2.tokenId, 'api'],
      ['finance_request.pay', r.id, t.payer.userId, t.payer.tokenId, 'api'],
      ['finance_request.reject', no.id, t.approver.userId, t.approver.tokenId, 'api'],
    ]);
    assert.deepEqual(entries.map((e) => e.changes), [
      { approvals: { before: 0, after: 1 }, version: { before: 1, after: 2 } },
      { status: { before: 'pending', after: 'approved' }, approvals: { before: 1, after: 2 }, version: { before: 2, after: 3 } },
      { status: { before: 'approved', after: 'paid' }, version: { before: 3, after: 4 } },
      { status: { before: 'pending', after: 'rejected' }, version: { before: 1, after: 2 } },
    ]);
    for (const e of entries) {
      assert.ok(e.at >= started.slice(0, 19), e.at);
      assert.equal(e.actor.name, 'Test User');
    }
    const listed = onlyJson(await runCli(['audit', 'list', '--org', t.slug, '--limit', '1', '--db', ctx().config.databaseUrl, '--json']));
    const [latest] = listed.items as Array<{ action: string; target: { type: string; id: string }; actor: { userId: string } }>;
    assert.deepEqual([latest!.action, latest!.target, latest!.actor.userId], ['finance_request.reject', { type: 'finance_request', id: no.id }, t.approver.userId]);
  });
});
