import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { recordSubscriptionStats } from '../../src/domains/webhooks/queries.ts';
import { importData } from '../../src/import.ts';
import { route } from '../../src/http/route.ts';
import type { RouteSpec } from '../../src/http/route.ts';
import { newId } from '../../src/storage/ids.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { post, stockedOrg } from '../inventory/fixtures.ts';

/** The first read's tag, a 304 for it, then `change` and a 200 with another tag. */
async function notModifiedUntilChanged(ctx: TestContext, token: string, path: string, change: () => Promise<void>): Promise<void> {
  const first = await api(ctx, token, 'GET', path);
  assert.equal(first.statusCode, 200);
  const tag = first.headers.etag;
  assert.equal(typeof tag, 'string', `GET ${path} sends an ETag`);
  const again = await api(ctx, token, 'GET', path, { headers: { 'if-none-match': String(tag) } });
  assert.equal(again.statusCode, 304, `GET ${path} with its own tag is not modified`);
  assert.equal(again.body, '');
  await change();
  const changed = await api(ctx, token, 'GET', path, { headers: { 'if-none-match': String(tag) } });
  assert.equal(changed.statusCode, 200, `GET ${path} after a change is answered again`);
  assert.notEqual(changed.headers.etag, tag);
}

describeEachDatabase('GETs that declared If-None-Match without answering it', (ctx) => {
  it('GET /webhooks: 304 while unchanged, 200 with a new tag after a subscription or its delivery statistics change', async () => {
    const p = await createPrincipal(ctx());
    const subscribe = async (name: string) => {
      const created = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name, url: 'https://hooks.example.com/in', events: ['client.created'] } });
      assert.equal(created.statusCode, 201);
      return json<{ id: string }>(created).id;
    };
    const id = await subscribe('first');
    await notModifiedUntilChanged(ctx(), p.token, '/webhooks', async () => void (await subscribe('second')));
    await notModifiedUntilChanged(ctx(), p.token, '/webhooks', () =>
      ctx().storage.transaction((tx) =>
        recordSubscriptionStats(tx.db, { orgId: p.orgId, id, succeeded: false, failuresAfterSuccess: 1, lastSuccessAt: null, lastFailureAt: new Date().toISOString() }),
      ),
    );
    const listed = json<{ items: Array<{ id: string; failureCount: number }> }>(await api(ctx(), p.token, 'GET', '/webhooks'));
    assert.equal(listed.items.find((s) => s.id === id)?.failureCount, 1);
  });

  it('GET /warehouses/{id}: 304 while unchanged, 200 with a new tag after the warehouses change', async () => {
    const s = await stockedOrg(ctx(), 1);
    await notModifiedUntilChanged(ctx(), s.token, `/warehouses/${s.second}`, async () => {
      await importData(ctx().storage, s.slug, { warehouses: [{ id: newId(), name: 'Third', code: 'W3' }] });
    });
  });

  it('GET /movements/{id}: 304 while unchanged, 200 with a new tag after another movement', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [item] = s.items as [string];
    const posted = await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: item, qty: 5 }] });
    assert.equal(posted.statusCode, 201);
    const id = json<{ id: string }>(posted).id;
    await notModifiedUntilChanged(ctx(), s.token, `/movements/${id}`, async () => {
      assert.equal((await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: item, qty: 1 }] })).statusCode, 201);
    });
  });
});

describe('the start-up check of conditional reads', () => {
  const spec = {
    method: 'GET', url: '/drifting', operationId: 'drifting', summary: 'A record read', tags: ['test'],
    access: { scope: 'any', capability: 'metrics', mode: 'read' },
    response: { status: 200, schema: Type.Object({ version: Type.Integer() }), description: 'A record.' },
  } satisfies RouteSpec<never, never, never>;

  async function start(routeSpec: RouteSpec<never, never, never>): Promise<void> {
    const app = Fastify();
    try {
      await app.register(async (api) => route(api, routeSpec, async () => ({ version: 1 })));
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('refuses to start a GET that declares If-None-Match, ETag and 304 without answering them', async () => {
    await assert.rejects(start(spec), /GET \/drifting \(drifting\) declares If-None-Match, ETag and 304 but does not answer them/);
  });

  it('starts the same GET once it says it is not conditional', async () => {
    await start({ ...spec, conditional: false });
  });
});
