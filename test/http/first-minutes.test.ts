/** What a newcomer meets first: the roots' links, GET /me, and large answers sent compressed. */
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

describeEachDatabase('a newcomer\'s first minutes', (ctx) => {
  it('GET / and GET /api/public/v1 answer without a token with links to the docs, the document and the console (a page of links for a browser)', async () => {
    for (const url of ['/', '/api/public/v1', '/api/public/v1/']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      const body = json<{ links: Record<string, string> }>(res);
      assert.equal(body.links.docs, '/api/public/v1/docs');
      assert.equal(body.links.openapi, '/api/public/v1/openapi.json');
      assert.equal(body.links.console, '/admin');
      for (const href of [body.links.docs, body.links.openapi, body.links.console]) {
        const target = await ctx().app.inject({ method: 'GET', url: href! });
        assert.ok(target.statusCode === 200 || target.statusCode === 302, `${href} answers ${target.statusCode}`);
      }
    }
    const page = await ctx().app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /href="\/api\/public\/v1\/docs"/);
  });

  it('GET /me tells the caller its user id (what assignee_id takes), its orgUserId as /ping does, its organization, scopes and rights', async () => {
    const p = await createPrincipal(ctx(), { scopes: ['tasks:read', 'tasks:write'], rights: ['tasks.edit'] });
    const me = json<{ userId: string; orgUserId: string; organization: { slug: string }; scopes: string[]; rights: string[]; isOwner: boolean; name: string }>(await api(ctx(), p.token, 'GET', '/me'));
    const ping = json<{ orgUserId: string }>(await api(ctx(), p.token, 'GET', '/ping'));
    assert.equal(me.userId, p.userId);
    assert.equal(me.orgUserId, ping.orgUserId);
    assert.notEqual(me.userId, me.orgUserId);
    assert.equal(me.organization.slug, p.slug);
    assert.deepEqual(me.scopes, ['tasks:read', 'tasks:write']);
    assert.deepEqual(me.rights, ['tasks.edit']);
    assert.equal(me.isOwner, false);
    assert.ok(me.name.length > 0);
    const task = await api(ctx(), p.token, 'POST', '/tasks', { body: { title: 'Mine', assignee_id: me.userId } });
    assert.equal(task.statusCode, 201, task.body);
    assert.equal((await api(ctx(), undefined, 'GET', '/me')).statusCode, 401);
  });

  it('large answers are compressed when the client accepts it, small ones are not', async () => {
    const p = await createPrincipal(ctx());
    const plain = await api(ctx(), p.token, 'GET', '/openapi.json');
    const zipped = await api(ctx(), p.token, 'GET', '/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /accept-encoding/i);
    const unzipped = gunzipSync(zipped.rawPayload);
    assert.deepEqual(JSON.parse(unzipped.toString()), JSON.parse(plain.body));
    assert.ok(zipped.rawPayload.length * 4 < plain.rawPayload.length, `the document ${plain.rawPayload.length} bytes, compressed ${zipped.rawPayload.length}`);
    const ping = await api(ctx(), p.token, 'GET', '/ping', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(ping.headers['content-encoding'], undefined);
    assert.equal(json<{ ok: boolean }>(ping).ok, true);
  });

  it('compresses in the coding the client prefers among gzip, br and deflate, and not at all when asked not to', async () => {
    const p = await createPrincipal(ctx());
    const plain = (await api(ctx(), p.token, 'GET', '/openapi.json')).body;
    const asked = async (headers: Record<string, string>) => api(ctx(), p.token, 'GET', '/openapi.json', { headers });
    const br = await asked({ 'accept-encoding': 'br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['content-length'], undefined);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain);
    const deflate = await asked({ 'accept-encoding': 'deflate;q=1, gzip;q=0.5' });
    assert.equal(deflate.headers['content-encoding'], 'deflate');
    assert.equal(inflateSync(deflate.rawPayload).toString(), plain);
    assert.equal((await asked({ 'accept-encoding': '*' })).headers['content-encoding'], 'gzip');
    assert.equal((await asked({ 'accept-encoding': 'identity' })).headers['content-encoding'], undefined);
    const refused = await asked({ 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body, plain);
  });

  it("streams the docs page's files compressed too", async () => {
    const page = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs' });
    const script = /src="\/api\/public\/v1\/docs\/static\/([^"]+\.js)"/.exec(page.body)?.[1];
    assert.ok(script, page.body.slice(0, 500));
    const plain = await ctx().app.inject({ method: 'GET', url: `/api/public/v1/docs/static/${script}` });
    const zipped = await ctx().app.inject({ method: 'GET', url: `/api/public/v1/docs/static/${script}`, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(plain.statusCode, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(zipped.rawPayload).toString(), plain.body);
  });
});
