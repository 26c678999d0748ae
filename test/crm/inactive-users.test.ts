import assert from 'node:assert/strict';
import { it } from 'node:test';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { deactivate, refusalNaming } from '../helpers/members.ts';
import { countRows } from './helpers.ts';

describeEachDatabase('deals: deactivated users are left alone', (ctx) => {
  it('a deactivated member is refused as a deal\'s assignee exactly as a stranger, on POST and PATCH; one assigned before stays through other changes', async () => {
    const owner = await createPrincipal(ctx(), { rights: ['crm.deals.edit'], scopes: ['crm:read', 'crm:write'] });
    const gone = await createPrincipal(ctx(), { slug: owner.slug });
    const later = await createPrincipal(ctx(), { slug: owner.slug });
    const stranger = await createPrincipal(ctx());
    await deactivate(ctx(), owner.orgId, gone.userId);

    const deactivated = await api(ctx(), owner.token, 'POST', '/deals', { body: { title: 'Racks', assignee_id: gone.userId } });
    const foreign = await api(ctx(), owner.token, 'POST', '/deals', { body: { title: 'Racks', assignee_id: stranger.userId } });
    assert.equal(deactivated.statusCode, 422, deactivated.body);
    const answer = refusalNaming(deactivated, gone.userId);
    assert.deepEqual(answer.details.fields?.map((f) => f.field), ['assignee_id']);
    assert.deepEqual(answer, refusalNaming(foreign, stranger.userId));
    assert.equal(await countRows(ctx(), 'crm_deals', owner.orgId), 0);

    const deal = json<{ id: string; version: number }>(await api(ctx(), owner.token, 'POST', '/deals', { body: { title: 'Racks', assignee_id: later.userId } }));
    const refused = await api(ctx(), owner.token, 'PATCH', `/deals/${deal.id}`, { body: { assignee_id: gone.userId }, headers: { 'if-match': String(deal.version) } });
    assert.equal(refused.statusCode, 422, refused.body);
    await deactivate(ctx(), owner.orgId, later.userId);
    const kept = await api(ctx(), owner.token, 'PATCH', `/deals/${deal.id}`, { body: { title: 'Racks, 40', assignee_id: later.userId }, headers: { 'if-match': String(deal.version) } });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual([json<{ assignee_id: string; version: number }>(kept).assignee_id, json<{ version: number }>(kept).version], [later.userId, deal.version + 1]);
  });

  it('an import keeps a deactivated assignee of a deal of the past', async () => {
    const owner = await createPrincipal(ctx());
    const gone = await createPrincipal(ctx(), { slug: owner.slug });
    await deactivate(ctx(), owner.orgId, gone.userId);
    await importData(ctx().storage, owner.slug, { deals: [{ title: 'Old deal', assignee_id: gone.userId }] });
    const listed = json<{ items: Array<{ assignee_id: string }> }>(await api(ctx(), owner.token, 'GET', '/deals'));
    assert.deepEqual(listed.items.map((d) => d.assignee_id), [gone.userId]);
  });
});
