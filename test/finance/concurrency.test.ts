import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { events, file, setSettings, team } from './helpers.ts';
import type { Envelope, FinanceRequest } from './helpers.ts';

describeEachDatabase('finance: concurrent approvals', (ctx) => {
  for (const required of [1, 3]) {
    it(`20 approvals of one request at once with the same If-Match: exactly one 200, the rest 409 stale_version (approvals required: ${required})`, async () => {
      const t = await team(ctx());
      if (required > 1) await setSettings(ctx(), t.slug, { financeApprovalRules: [{ above: '0', approvals: required }] });
      const approvers = await Promise.all(Array.from({ length: 20 }, () => createPrincipal(ctx(), { slug: t.slug, rights: ['finance.approve'], scopes: ['finance:write', 'finance:read'] })));
      const r = await file(ctx(), t.requester, { title: 'Contested', amount: 10 });
      const answers = await Promise.all(
        approvers.map((a) => api(ctx(), a.token, 'PATCH', `/finance-requests/${r.id}`, { body: { status: 'approved' }, headers: { 'if-match': '"1"' } })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      assert.deepEqual(codes, [200, ...Array<number>(19).fill(409)], codes.join(','));
      for (const a of answers.filter((x) => x.statusCode === 409)) assert.equal(json<Envelope>(a).details.error, 'stale_version');
      const after = json<FinanceRequest>(await api(ctx(), t.requester.token, 'GET', `/finance-requests/${r.id}`));
      assert.equal(after.version, 2);
      assert.equal(after.status, required === 1 ? 'approved' : 'pending');
      const rows = await ctx().storage.db.selectFrom('finance_approvals').select('user_id').where('request_id', '=', r.id).execute();
      assert.equal(rows.length, 1);
      const approved = (await events(ctx(), t.orgId, r.id)).filter((e) => e.event === 'finance_request.approved');
      assert.equal(approved.length, required === 1 ? 1 : 0);
    });
  }
});
