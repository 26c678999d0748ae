import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { before, it } from 'node:test';
import { API_PREFIX } from '../../src/app.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Whether `text` holds one whole HTTP answer (by its Content-Length or its last chunk). */
function wholeAnswer(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = text.slice(0, end).toLowerCase();
  const body = text.slice(end + 4);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  if (length) return body.length >= Number(length[1]);
  return /\r\ntransfer-encoding: *chunked/.test(head) && body.endsWith('0\r\n\r\n');
}

/**
 * Sends bytes over a fresh TCP connection and reads the one answer until it is whole or the
 * server closes the connection (a connection kept alive is closed here, however long the answer took).
 */
function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (wholeAnswer(text)) socket.destroy();
    });
    socket.on('error', () => {});
    const done = () => {
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
      if (!match) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(match[1]), headers, body });
    };
    socket.once('close', done);
    setTimeout(() => socket.destroy(), PATIENCE_MS).unref();
    socket.write(bytes, 'latin1');
  });
}

function assertRawEnvelope(answer: RawAnswer, status: number, error: string, code: string): void {
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status}: ${answer.body}`);
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(answer.headers['cache-control'], 'no-store');
  const body = JSON.parse(answer.body) as { error: string; message: string; request_id: string; details: { error: string } };
  assert.deepEqual(Object.keys(body).sort(), ['details', 'error', 'message', 'request_id']);
  assert.equal(body.error, error);
  assert.equal(body.details.error, code);
  assert.ok(body.message.length > 0);
  assert.equal(body.request_id, answer.headers['x-request-id']);
}

describeEachDatabase('one envelope for every refusal', (ctx) => {
  let p: Principal;
  let port: number;
  before(async () => {
    p = await createPrincipal(ctx());
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx().app.server.address() as AddressInfo).port;
  });

  it('answers carry Cache-Control: no-store, refusals included', async () => {
    const answers = [
      await api(ctx(), p.token, 'GET', '/ping'),
      await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'cached?' } }),
      await api(ctx(), undefined, 'GET', '/ping'),
      await api(ctx(), p.token, 'GET', '/no-such-thing'),
      await api(ctx(), p.token, 'POST', '/notes', { body: {} }),
      await ctx().app.inject({ method: 'GET', url: `${API_PREFIX}/notes/%zz`, headers: { 'x-api-token': p.token } }),
      await ctx().app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` }),
    ];
    assert.deepEqual(answers.map((a) => a.statusCode), [200, 201, 401, 404, 422, 400, 200]);
    for (const answer of answers) assert.equal(answer.headers['cache-control'], 'no-store', `${answer.statusCode}: ${answer.body}`);
  });

  it('a NUL in a header gives 400 in the envelope', async () => {
    const answer = await rawRequest(port, `GET ${API_PREFIX}/ping HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${p.token}\r\nX-Note: a\0b\r\n\r\n`);
    assertRawEnvelope(answer, 400, 'bad_request', 'malformed_request');
  });

  it('Transfer-Encoding together with Content-Length gives 400 in the envelope', async () => {
    const answer = await rawRequest(
      port,
      `POST ${API_PREFIX}/notes HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${p.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 15\r\n\r\nf\r\n{"title":"te!"}\r\n0\r\n\r\n`,
    );
    assertRawEnvelope(answer, 400, 'bad_request', 'malformed_request');
    const list = json<{ items: Array<{ title: string }> }>(await api(ctx(), p.token, 'GET', '/notes', { query: { limit: '200' } }));
    assert.ok(!list.items.some((n) => n.title === 'te!'), 'the smuggled body was not applied');
  });

  it('oversized headers give 431 in the envelope', async () => {
    const answer = await rawRequest(port, `GET ${API_PREFIX}/ping HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${p.token}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assertRawEnvelope(answer, 431, 'request_header_fields_too_large', 'headers_too_large');
  });

  it('two Host headers give 400 in the envelope', async () => {
    const answer = await rawRequest(
      port,
      `GET ${API_PREFIX}/ping HTTP/1.1\r\nHost: localhost\r\nHost: other.example\r\nX-API-Token: ${p.token}\r\nConnection: close\r\n\r\n`,
    );
    assertRawEnvelope(answer, 400, 'bad_request', 'duplicate_host');
    const one = await rawRequest(port, `GET ${API_PREFIX}/ping HTTP/1.1\r\nHost: localhost\r\nX-API-Token: ${p.token}\r\nConnection: close\r\n\r\n`);
    assert.equal(one.status, 200, one.body);
  });

  it('an HTTP/1.1 request without Host gives 400 in the envelope', async () => {
    const answer = await rawRequest(port, `GET ${API_PREFIX}/ping HTTP/1.1\r\nX-API-Token: ${p.token}\r\nConnection: close\r\n\r\n`);
    assertRawEnvelope(answer, 400, 'bad_request', 'missing_host');
  });

  it('a body in a Content-Encoding the server does not decode gives 415, and nothing is written', async () => {
    const payload = gzipSync(JSON.stringify({ title: 'zipped' }));
    const res = await ctx().app.inject({
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      headers: { 'x-api-token': p.token, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload,
    });
    const body = assertEnvelope(res, 415, 'unsupported_media_type', 'unsupported_content_encoding');
    assert.match(body.message, /gzip/);
    assert.equal(res.headers['accept-encoding'], 'identity');
    // Bytes that happen to be JSON under a claimed coding are refused as well, never parsed.
    const plain = await ctx().app.inject({
      method: 'POST',
      url: `${API_PREFIX}/notes`,
      headers: { 'x-api-token': p.token, 'content-type': 'application/json', 'content-encoding': 'br' },
      payload: JSON.stringify({ title: 'claimed-br' }),
    });
    assertEnvelope(plain, 415, 'unsupported_media_type', 'unsupported_content_encoding');
    const identity = await api(ctx(), p.token, 'POST', '/notes', { body: { title: 'identity' }, headers: { 'content-encoding': 'identity' } });
    assert.equal(identity.statusCode, 201);
    const list = json<{ items: Array<{ title: string }> }>(await api(ctx(), p.token, 'GET', '/notes', { query: { limit: '200' } }));
    assert.deepEqual(list.items.map((n) => n.title).filter((t) => t === 'zipped' || t === 'claimed-br'), []);
  });
}, { modules: [notesModule] });
