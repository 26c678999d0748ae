import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';

function assertNotSniffedNorFramed(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `${what}: X-Content-Type-Options`);
  assert.equal(res.headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
  assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, `${what}: CSP frame-ancestors`);
}

describeEachDatabase('browser headers: nothing sniffed, nothing framed', (ctx) => {
  it('the docs page, its assets and the API document may not be framed and are never type-sniffed', async () => {
    const entry = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs' });
    assertNotSniffedNorFramed(entry, 'docs entry');
    const location = String(entry.headers.location ?? '');
    const page = entry.statusCode === 302 ? await ctx().app.inject({ method: 'GET', url: location.startsWith('/') ? location : `/api/public/v1/${location}` }) : entry;
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assertNotSniffedNorFramed(page, 'docs page');
    const script = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/docs/static/swagger-initializer.js' });
    assert.equal(script.statusCode, 200);
    assertNotSniffedNorFramed(script, 'docs script');
    const document = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    assertNotSniffedNorFramed(document, 'openapi.json');
  });

  it('API answers carry them: success, refusal, unknown route', async () => {
    const owner = await createPrincipal(ctx());
    assertNotSniffedNorFramed(await api(ctx(), owner.token, 'GET', '/ping'), 'ping');
    assertNotSniffedNorFramed(await api(ctx(), undefined, 'GET', '/clients'), '401');
    assertNotSniffedNorFramed(await api(ctx(), owner.token, 'GET', '/no-such-route'), '404');
    assertNotSniffedNorFramed(await api(ctx(), owner.token, 'POST', '/clients', { body: '{', headers: { 'content-type': 'application/json' } }), 'malformed JSON');
  });

  it('the API document declares X-Content-Type-Options on every answer', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' })).json() as { components: { headers: Record<string, { required?: boolean }> } };
    assert.equal(doc.components.headers['X-Content-Type-Options']?.required, true);
  });

  it('a request refused by the HTTP parser is answered with them too', async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (ctx().app.server.address() as { port: number }).port;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/public/v1/ping HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'));
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(answer, /^HTTP\/1\.1 400/);
      assert.match(answer, /\r\nx-content-type-options: nosniff\r\n/i);
      assert.match(answer, /\r\nx-frame-options: DENY\r\n/i);
    } finally {
      await ctx().app.server.close();
    }
  });
});
