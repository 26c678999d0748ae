import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

interface Capability {
  key: string;
  providers: string[];
  exposure: string;
  actions: Array<{ scope: string; mode: string; method: string; path: string; permissions: string[]; idempotencyKey: string }>;
}

describeEachDatabase('GET /capabilities shows tasks as served', (ctx) => {
  it('lists the tasks actions derived from the routes, and tasks among the products', async () => {
    const p = await createPrincipal(ctx(), { scopes: ['tasks:read'], rights: [] });
    const catalog = json<{ products: Array<{ slug: string; status: string }>; capabilities: Capability[] }>(await api(ctx(), p.token, 'GET', '/capabilities'));
    const tasks = catalog.capabilities.find((c) => c.key === 'tasks')!;
    assert.equal(tasks.exposure, 'public_api');
    assert.deepEqual(tasks.providers, ['bizplat']);
    assert.deepEqual(tasks.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode} ${a.permissions.join(',')} ${a.idempotencyKey}`).sort(), [
      'GET /projects tasks:read read  not_applicable',
      'GET /tasks tasks:read read  not_applicable',
      'GET /tasks/:id tasks:read read  not_applicable',
      'PATCH /tasks/:id tasks:write write tasks.edit not_applicable',
      'POST /tasks tasks:write write tasks.edit supported',
    ]);
    assert.ok(catalog.products.some((x) => x.slug === 'tasks' && x.status === 'active'));
  });
});
