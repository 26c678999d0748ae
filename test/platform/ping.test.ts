import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

describeEachDatabase('GET /ping', (ctx) => {
  it('answers any valid token with its scopes and ids', async () => {
    const p = await createPrincipal(ctx(), { scopes: ['crm:read'] });
    const res = await api(ctx(), p.token, 'GET', '/ping');
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^application\/json; charset=utf-8$/);
    assert.deepEqual(json(res), { ok: true, apiVersion: 'v1', scopes: ['crm:read'], tokenId: p.tokenId, orgUserId: p.orgUserId });
    assert.ok(res.headers['x-request-id']);
  });

  it('refuses a missing token with 401 and the envelope', async () => {
    const res = await api(ctx(), undefined, 'GET', '/ping');
    assert.equal(res.statusCode, 401);
    const body = json<{ error: string; details: { error: string }; request_id: string }>(res);
    assert.equal(body.error, 'unauthorized');
    assert.equal(body.details.error, 'api_token_required');
    assert.equal(body.request_id, res.headers['x-request-id']);
  });
});
