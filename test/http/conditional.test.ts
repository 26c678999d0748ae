import assert from 'node:assert/strict';
import { it } from 'node:test';
import { API_PREFIX, buildApp } from '../../src/app.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';

/** A second server on the same database: its own connections, as another process would have. */
async function secondServer(ctx: TestContext) {
  const storage = openStorage(ctx.config);
  const app = await buildApp({ config: ctx.config, storage, logger: false });
  await app.ready();
  return {
    request: (token: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method, url: `${API_PREFIX}${path}`, headers: { 'x-api-token': token, ...headers }, ...(body === undefined ? {} : { payload: body as object }) }),
    close: async () => {
      await app.close();
      await storage.close();
    },
  };
}

describeEachDatabase('Conditional reads (ETag, If-None-Match)', (ctx) => {
  it('answers 304 with no body for an unchanged list, and 200 with a new tag after a create or a patch', async () => {
    const p = await createPrincipal(ctx());
    const created = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Polled' } }));
    const first = await api(ctx(), p.token, 'GET', '/clients?limit=10');
    assert.equal(first.statusCode, 200);
    const tag = first.headers.etag as string;
    assert.match(tag, /^"[^"]+"$/);

    const unchanged = await api(ctx(), p.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': tag } });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(unchanged.body, '');
    assert.equal(unchanged.headers.etag, tag);

    await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Another' } });
    const afterCreate = await api(ctx(), p.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': tag } });
    assert.equal(afterCreate.statusCode, 200);
    assert.equal(json<{ total: number }>(afterCreate).total, 2);
    const tag2 = afterCreate.headers.etag as string;
    assert.notEqual(tag2, tag);

    await api(ctx(), p.token, 'PATCH', `/clients/${created.id}`, { body: { city: 'Samarkand' } });
    const afterPatch = await api(ctx(), p.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': tag2 } });
    assert.equal(afterPatch.statusCode, 200);
    assert.notEqual(afterPatch.headers.etag, tag2);
    assert.ok(json<{ items: Array<{ city: string | null }> }>(afterPatch).items.some((c) => c.city === 'Samarkand'));
  });

  it('gives another query, another organization and another collection different tags', async () => {
    const a = await createPrincipal(ctx());
    const b = await createPrincipal(ctx());
    await api(ctx(), a.token, 'POST', '/clients', { body: { name: 'Only in A' } });
    const tagOf = async (token: string, path: string) => (await api(ctx(), token, 'GET', path)).headers.etag as string;
    const page = await tagOf(a.token, '/clients?limit=10');
    assert.notEqual(await tagOf(a.token, '/clients?limit=10&offset=1'), page);
    assert.notEqual(await tagOf(a.token, '/clients?limit=10&search=only'), page);
    assert.notEqual(await tagOf(b.token, '/clients?limit=10'), page);
    const otherOrg = await api(ctx(), b.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': page } });
    assert.equal(otherOrg.statusCode, 200, 'a tag of one organization never gets another a 304');
    assert.equal(json<{ total: number }>(otherOrg).total, 0);
    const contacts = await api(ctx(), a.token, 'GET', '/contacts?limit=10', { headers: { 'if-none-match': page } });
    assert.equal(contacts.statusCode, 200);
  });

  it('sees a change made through another server on the same database at once (no stale 304)', async () => {
    const p = await createPrincipal(ctx());
    const other = await secondServer(ctx());
    try {
      const client = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Shared' } }));
      const list = await api(ctx(), p.token, 'GET', '/clients?limit=10');
      const listTag = list.headers.etag as string;
      const record = await api(ctx(), p.token, 'GET', `/clients/${client.id}`, { headers: { 'if-none-match': '"0"' } });
      assert.equal(record.statusCode, 200);
      assert.equal(record.headers.etag, '"1"');
      assert.equal((await api(ctx(), p.token, 'GET', `/clients/${client.id}`, { headers: { 'if-none-match': '"1"' } })).statusCode, 304);
      assert.equal((await api(ctx(), p.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': listTag } })).statusCode, 304);

      const patched = await other.request(p.token, 'PATCH', `/clients/${client.id}`, { name: 'Changed elsewhere' });
      assert.equal(patched.statusCode, 200);

      const again = await api(ctx(), p.token, 'GET', `/clients/${client.id}`, { headers: { 'if-none-match': '"1"' } });
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers.etag, '"2"');
      assert.equal(json<{ name: string }>(again).name, 'Changed elsewhere');
      const listAgain = await api(ctx(), p.token, 'GET', '/clients?limit=10', { headers: { 'if-none-match': listTag } });
      assert.equal(listAgain.statusCode, 200);
      assert.equal(json<{ items: Array<{ name: string }> }>(listAgain).items[0]?.name, 'Changed elsewhere');

      const created = await other.request(p.token, 'POST', '/products', { name: 'Made elsewhere' });
      assert.equal(created.statusCode, 201);
      const products = await api(ctx(), p.token, 'GET', '/products?limit=10');
      const productsTag = products.headers.etag as string;
      assert.equal((await api(ctx(), p.token, 'GET', '/products?limit=10', { headers: { 'if-none-match': productsTag } })).statusCode, 304);
      await other.request(p.token, 'POST', '/products', { name: 'Made elsewhere too' });
      const productsAgain = await api(ctx(), p.token, 'GET', '/products?limit=10', { headers: { 'if-none-match': productsTag } });
      assert.equal(productsAgain.statusCode, 200);
      assert.equal(json<{ total: number }>(productsAgain).total, 2);
    } finally {
      await other.close();
    }
  });

  it('answers plain reads repeated without If-None-Match with the current record and page after each change, here or through another server', async () => {
    const p = await createPrincipal(ctx());
    const other = await secondServer(ctx());
    try {
      const client = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'First name' } }));
      const nameOf = async () => json<{ name: string }>(await api(ctx(), p.token, 'GET', `/clients/${client.id}`)).name;
      const namesListed = async () => json<{ items: Array<{ name: string }> }>(await api(ctx(), p.token, 'GET', '/clients?limit=10')).items.map((c) => c.name);
      assert.equal(await nameOf(), 'First name');
      assert.equal(await nameOf(), 'First name');
      assert.deepEqual(await namesListed(), ['First name']);
      assert.deepEqual(await namesListed(), ['First name']);

      assert.equal((await other.request(p.token, 'PATCH', `/clients/${client.id}`, { name: 'Renamed elsewhere' })).statusCode, 200);
      assert.equal(await nameOf(), 'Renamed elsewhere');
      assert.deepEqual(await namesListed(), ['Renamed elsewhere']);

      assert.equal((await api(ctx(), p.token, 'PATCH', `/clients/${client.id}`, { body: { name: 'Renamed here' } })).statusCode, 200);
      assert.equal(await nameOf(), 'Renamed here');
      assert.deepEqual(await namesListed(), ['Renamed here']);
      const record = await api(ctx(), p.token, 'GET', `/clients/${client.id}`);
      assert.equal(record.headers.etag, '"3"');
      assert.match(String(record.headers['content-type']), /^application\/json/);

      assert.equal((await other.request(p.token, 'POST', '/clients', { name: 'Added elsewhere' })).statusCode, 201);
      assert.deepEqual(await namesListed(), ['Added elsewhere', 'Renamed here']);
    } finally {
      await other.close();
    }
  });

  it('tags single products with their version and answers 304 while it is current', async () => {
    const p = await createPrincipal(ctx());
    const product = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Tagged' } }));
    const first = await api(ctx(), p.token, 'GET', `/products/${product.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(first.statusCode, 304);
    assert.equal(first.headers.etag, '"1"');
    await api(ctx(), p.token, 'PATCH', `/products/${product.id}`, { body: { name: 'Renamed' } });
    const second = await api(ctx(), p.token, 'GET', `/products/${product.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers.etag, '"2"');
  });
});
