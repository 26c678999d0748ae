import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';

describeEachDatabase('CRM contract: ids, ETags, catalog and OpenAPI', (ctx) => {
  it('keeps supplied ids of contacts and deals; a duplicate is 409 conflict', async () => {
    const p = await createPrincipal(ctx());
    for (const [path, body] of [['/contacts', { name: 'C' }], ['/deals', { title: 'D' }]] as const) {
      const id = randomUUID();
      const first = await api(ctx(), p.token, 'POST', path, { body: { ...body, id } });
      assert.equal(first.statusCode, 201);
      assert.equal(json(first).id, id);
      const dup = await api(ctx(), p.token, 'POST', path, { body: { ...body, id } });
      assert.equal(dup.statusCode, 409, path);
      assert.equal(json<Envelope>(dup).error, 'conflict');
      assert.equal(json<Envelope>(dup).details.error, 'duplicate_id');
      const got = await api(ctx(), p.token, 'GET', `${path}/${id}`, { headers: { 'if-none-match': 'W/"1"' } });
      assert.equal(got.statusCode, 304, `${path}: If-None-Match with the current version`);
      const patched = await api(ctx(), p.token, 'PATCH', `${path}/${id}`, { body: { tags: ['x'] }, headers: { 'if-match': '1' } });
      assert.equal(patched.headers.etag, '"2"');
      assert.equal((await api(ctx(), p.token, 'GET', `${path}/${id}`, { headers: { 'if-none-match': '"1"' } })).statusCode, 200);
    }
  });

  it('keeps a supplied id in lower case (UUIDs compare case-insensitively) and finds it in any case', async () => {
    const p = await createPrincipal(ctx());
    const id = randomUUID().toUpperCase();
    const created = await api(ctx(), p.token, 'POST', '/clients', { body: { id, name: 'Upper' } });
    assert.equal(json(created).id, id.toLowerCase());
    assert.equal(json(await api(ctx(), p.token, 'GET', `/clients/${id}`)).id, id.toLowerCase());
  });

  it('lists every CRM route in the capabilities catalog and the OpenAPI document', async () => {
    const p = await createPrincipal(ctx());
    const catalog = json<{ capabilities: Array<{ key: string; actions: Array<{ method: string; path: string; scope: string; permissions: string[] }> }> }>(
      await api(ctx(), p.token, 'GET', '/capabilities'),
    );
    const crm = catalog.capabilities.find((c) => c.key === 'crm');
    assert.ok(crm);
    const actions = new Set(crm.actions.map((a) => `${a.method} ${a.path} ${a.scope}`));
    for (const kind of ['clients', 'contacts', 'deals']) {
      for (const action of [`GET /${kind} crm:read`, `GET /${kind}/:id crm:read`, `POST /${kind} crm:write`, `PATCH /${kind}/:id crm:write`]) {
        assert.ok(actions.has(action), `${action} in ${JSON.stringify([...actions])}`);
      }
    }
    const openapi = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    assert.equal(openapi.statusCode, 200);
    const paths = Object.keys((openapi.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['/clients', '/clients/{id}', '/contacts', '/contacts/{id}', '/deals', '/deals/{id}']) assert.ok(paths.includes(path), path);
  });
});
