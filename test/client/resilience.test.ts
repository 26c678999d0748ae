/**
 * The client's time-outs, retries, errors and User-Agent against local HTTP servers that misbehave
 * on purpose: one that never answers, one that answers 503 with Retry-After before 200, one that
 * drops connections, one that answers each error status.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { after, it } from 'node:test';
import {
  BizplatAuthenticationError,
  BizplatConflictError,
  BizplatConnectionError,
  BizplatError,
  BizplatNotFoundError,
  BizplatPermissionError,
  BizplatRateLimitError,
  BizplatServerError,
  BizplatTimeoutError,
  BizplatValidationError,
  createBizplatClient,
  data,
  VERSION,
} from '@bizplat/client';
import type { BizplatClientOptions } from '@bizplat/client';
import { endWithTest } from '../helpers/children.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A server whose `answer(n)` handles the n-th request (0-based); returns its base and what it saw. */
async function serve(answer: (res: ServerResponse, n: number, seen: Seen) => void): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      answer(res, seen.length - 1, entry);
    });
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers }).end(JSON.stringify(body));
const envelope = (error: string, code: string) => ({ error, message: `${error} (${code})`, request_id: 'req-1', details: { error: code } });

function client(base: string, options: Partial<BizplatClientOptions> = {}) {
  const waits: number[] = [];
  const api = createBizplatClient({ baseUrl: base, token: 'tok', sleep: async (ms) => void waits.push(ms), ...options });
  return { api, waits };
}

it('a server that never answers: the call fails with a time-out (retried when safe), per client and per call; an AbortSignal ends it at once', async () => {
  const { base } = await serve(() => {});
  // Attempts are counted as sent: a loaded machine may time out an attempt before the server reads it.
  let attempts = 0;
  const fetch = (request: Request) => (attempts++, globalThis.fetch(request));
  const { api, waits } = client(base, { timeoutMs: 150, retries: 1, fetch });
  const started = Date.now();
  const error = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(error instanceof BizplatTimeoutError && error instanceof BizplatConnectionError, String(error));
  assert.equal(error.status, 0);
  assert.match(error.message, /within 150 ms/);
  assert.equal(attempts, 2, 'a GET that timed out is tried again');
  assert.equal(waits.length, 1);
  assert.ok(Date.now() - started >= 300, 'each attempt waited its whole time-out');

  const slow = api.withOptions({ timeoutMs: 100, retries: 0 });
  assert.ok((await slow.GET('/ping').catch((e: unknown) => e)) instanceof BizplatTimeoutError);
  assert.equal(attempts, 3, 'retries: 0 for this call');

  const patient = client(base, { timeoutMs: 3_600_000, retries: 3, fetch }).api;
  const controller = new AbortController();
  const call = patient.GET('/ping', { signal: controller.signal }).catch((e: unknown) => e);
  while (attempts < 4) await new Promise((ok) => setTimeout(ok, 10));
  controller.abort();
  const aborted = await call;
  assert.ok(aborted instanceof DOMException && aborted.name === 'AbortError', String(aborted));
  assert.equal(attempts, 4, 'an aborted call is not retried');
});

it('every time-out is a BizplatTimeoutError: a slow header, and a body that stalls after the headers', async () => {
  const { base } = await serve((res, n) => {
    if (n === 0) return; // never a header
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"status":'); // and the rest never comes
  });
  const { api } = client(base, { timeoutMs: 200, retries: 0 });
  const headerless = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(headerless instanceof BizplatTimeoutError, `no header: ${String(headerless)}`);
  const stalled = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(stalled instanceof BizplatTimeoutError, `a stalled body: ${String(stalled)}`);
  assert.match(stalled.message, /within 200 ms/);
});

it('a connect that never completes is a BizplatTimeoutError too', async (t) => {
  // A listener stopped by SIGSTOP whose accept queue is full: the kernel drops further SYNs, so a
  // new connection stays in its handshake, as behind a firewall that drops packets.
  const listener = endWithTest(t, spawn(process.execPath, ['-e', "const s = require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(s.address().port))"], { stdio: ['ignore', 'pipe', 'inherit'] }));
  const [line] = (await once(listener.stdout, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  listener.kill('SIGSTOP');
  t.after(() => listener.kill('SIGCONT'));
  const fillers: Socket[] = [];
  t.after(() => fillers.forEach((s) => s.destroy()));
  for (let i = 0; i < 4; i++) fillers.push(connect(port, '127.0.0.1').on('error', () => {}));
  await new Promise((ok) => setTimeout(ok, 200));
  const { api } = client(`http://127.0.0.1:${port}/api/public/v1`, { timeoutMs: 300, retries: 0 });
  const error = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(error instanceof BizplatTimeoutError, `a stalled connect: ${String(error)}`);
  assert.match(error.message, /within 300 ms/);
});

it('a 429 asking for longer than the default wait (10 s) throws at once with retryAfterMs; a shorter one is waited out', async () => {
  const { base, seen } = await serve((res, n) => (n === 0 ? json(res, 429, envelope('too_many_requests', 'rate_limited'), { 'retry-after': '60' }) : n === 1 ? json(res, 429, envelope('too_many_requests', 'rate_limited'), { 'retry-after': '3' }) : json(res, 200, { status: 'ok' })));
  const { api, waits } = client(base);
  const limited = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(limited instanceof BizplatRateLimitError && limited.retryAfterMs === 60_000, String(limited));
  assert.deepEqual(waits, [], 'nothing waited: 60 s is over the default');
  assert.equal((await api.GET('/ping')).response.status, 200);
  assert.deepEqual(waits, [3000]);
  assert.equal(seen.length, 3);
});

it('503 with Retry-After, then 200: waits the seconds asked and returns the answer; the POST keeps its Idempotency-Key', async () => {
  const { base, seen } = await serve((res, n) => (n % 2 === 0 ? json(res, 503, envelope('unavailable', 'unavailable'), { 'retry-after': '2' }) : json(res, 201, { id: 'c1', name: 'X' })));
  const { api, waits } = client(base);
  const created = await data(api.POST('/clients', { body: { name: 'X' } }));
  assert.equal(created.id, 'c1');
  assert.deepEqual(waits, [2000]);
  assert.equal(seen.length, 2);
  assert.equal(seen[0]!.headers['idempotency-key'], seen[1]!.headers['idempotency-key']);
  assert.match(String(seen[0]!.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
  assert.equal(seen[1]!.body, JSON.stringify({ name: 'X' }), 'the retry sends the same body');
  assert.equal(seen[1]!.headers['user-agent'], `bizplat-client/${VERSION} node/${process.versions.node}`);
});

it('retries only what is safe to repeat: a PATCH without a key gets the 503 as a BizplatServerError; a POST without a key (turned off) too', async () => {
  const { base, seen } = await serve((res) => json(res, 503, envelope('unavailable', 'unavailable'), { 'retry-after': '1', 'x-extra': 'yes' }));
  const { api, waits } = client(base);
  const error = await api.PATCH('/clients/{id}', { params: { path: { id: 'c1' }, header: { 'If-Match': '1' } }, body: { city: 'Oslo' } }).catch((e: unknown) => e);
  assert.ok(error instanceof BizplatServerError, String(error));
  assert.equal(error.status, 503);
  assert.equal(error.code, 'unavailable');
  assert.equal(error.request_id, 'req-1');
  assert.equal(error.headers.get('x-extra'), 'yes');
  assert.equal(seen.length, 1);
  const unkeyed = api.withOptions({ idempotencyKeys: false });
  assert.ok((await unkeyed.POST('/clients', { body: { name: 'Y' } }).catch((e: unknown) => e)) instanceof BizplatServerError);
  assert.equal(seen.length, 2);
  assert.equal(seen[1]!.headers['idempotency-key'], undefined);
  assert.deepEqual(waits, []);
});

it('back-off after dropped connections: doubling, capped, jittered to 50–100 %; then a BizplatConnectionError', async () => {
  const { base, seen } = await serve((res) => res.socket?.destroy());
  const { api, waits } = client(base, { retries: 4, backoffMs: 100, maxBackoffMs: 300 });
  const error = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(error instanceof BizplatConnectionError && !(error instanceof BizplatTimeoutError), String(error));
  assert.equal(seen.length, 5);
  const ceilings = [100, 200, 300, 300];
  waits.forEach((ms, i) => assert.ok(ms >= ceilings[i]! / 2 && ms <= ceilings[i]!, `wait ${i}: ${ms}`));
});

it('a Retry-After beyond maxWaitMs ends the retries; 409 idempotency_in_progress is retried', async () => {
  const { base, seen } = await serve((res, n) => {
    if (n === 0) return json(res, 429, envelope('rate_limited', 'rate_limited'), { 'retry-after': '3600' });
    if (n === 1) return json(res, 409, envelope('conflict', 'idempotency_in_progress'));
    return json(res, 201, { id: 'c2', name: 'Z' });
  });
  const { api, waits } = client(base);
  const limited = await api.GET('/ping').catch((e: unknown) => e);
  assert.ok(limited instanceof BizplatRateLimitError && limited.retryAfterMs === 3_600_000, String(limited));
  assert.equal((await data(api.POST('/clients', { body: { name: 'Z' } }))).id, 'c2');
  assert.equal(seen.length, 3);
  assert.equal(waits.length, 1);
});

it('each refusal throws its kind of error with status, code, request_id and headers', async () => {
  const kinds = [
    [401, 'unauthorized', 'api_token_required', BizplatAuthenticationError],
    [403, 'forbidden', 'insufficient_scope', BizplatPermissionError],
    [404, 'not_found', 'not_found', BizplatNotFoundError],
    [409, 'conflict', 'stale_version', BizplatConflictError],
    [422, 'validation_error', 'validation_error', BizplatValidationError],
    [400, 'bad_request', 'bad_request', BizplatValidationError],
    [429, 'rate_limited', 'rate_limited', BizplatRateLimitError],
    [500, 'internal', 'internal', BizplatServerError],
    [410, 'gone', 'cursor_expired', BizplatError],
  ] as const;
  const { base } = await serve((res, n) => json(res, kinds[n]![0], envelope(kinds[n]![1], kinds[n]![2]), { 'x-ratelimit-remaining': '7' }));
  const { api } = client(base, { retries: 0 });
  for (const [status, error, code, kind] of kinds) {
    const thrown = await api.GET('/ping').catch((e: unknown) => e);
    assert.ok(thrown instanceof kind && thrown instanceof BizplatError, `${status}: ${String(thrown)}`);
    assert.deepEqual([thrown.status, thrown.error, thrown.code, thrown.request_id, thrown.headers.get('x-ratelimit-remaining')], [status, error, code, 'req-1', '7']);
  }
});

it('a middleware added with api.use sets a header on the request and sees a refusal before the client throws it', async () => {
  const { base, seen } = await serve((res) => json(res, 404, envelope('not found', 'not_found')));
  const { api } = client(base, { retries: 0 });
  const statuses: number[] = [];
  api.use({
    onRequest: ({ request }) => (request.headers.set('X-Correlation-Id', 'corr-1'), request),
    onResponse: ({ response }) => void statuses.push(response.status),
  });
  assert.ok((await api.GET('/ping').catch((e: unknown) => e)) instanceof BizplatNotFoundError);
  assert.equal(seen[0]?.headers['x-correlation-id'], 'corr-1');
  assert.deepEqual(statuses, [404]);
});

it('VERSION is the package version', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../packages/client/package.json', import.meta.url), 'utf8')) as { version: string };
  assert.equal(VERSION, manifest.version);
});
