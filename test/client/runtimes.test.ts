/**
 * The built client outside Node: the same script run by Node, Bun and Deno (from the npm packages
 * `bun` and `deno`), and the client bundled into a page in Chromium, each calling a live HTTP server,
 * timing out a stalled body and verifying a delivery signed by the Standard Webhooks library.
 * A runtime that is not installed is reported as skipped, loudly.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { TestContext } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { runToEnd } from '../helpers/children.ts';
import { ROOT } from '../helpers/cli.ts';

const CHROMIUM = process.env.BIZPLAT_CHROMIUM ?? '/usr/bin/chromium';
const BIN = join(ROOT, 'node_modules', '.bin');
const dir = mkdtempSync(join(tmpdir(), 'bizplat-client-runtimes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const payload = JSON.stringify({ id: 'evt_1', type: 'client.created', event: 'client.created', data: { entityType: 'client', entityId: 'c1' }, ts: new Date().toISOString() });
const signed = () => {
  const at = new Date();
  return { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('msg_1', at, payload) };
};

/** What every runtime does with the client; it prints the outcome as one JSON line. */
const CHECKS = `
import { BizplatNotFoundError, BizplatTimeoutError, createBizplatClient, data, generateTestHeaders, verifyWebhook, WebhookSignatureError } from '@bizplat/client';
export async function checks(base, secret, payload, headers) {
  const api = createBizplatClient({ baseUrl: base, token: 'tok', retries: 0, timeoutMs: 500 });
  const ping = await data(api.GET('/ping'));
  const missing = await api.GET('/clients/{id}', { params: { path: { id: 'nope' } } }).catch((e) => e);
  const stalled = await api.GET('/tasks').catch((e) => e);
  const event = await verifyWebhook(payload, headers, secret);
  const tampered = await verifyWebhook(payload.replace('c1', 'c2'), headers, secret).catch((e) => e);
  const own = await generateTestHeaders(payload, secret);
  const again = await verifyWebhook(new TextEncoder().encode(payload), new Headers(own), secret);
  return {
    ping: ping.apiVersion,
    missing: missing instanceof BizplatNotFoundError,
    stalled: stalled instanceof BizplatTimeoutError,
    verified: event.data.entityId,
    tampered: tampered instanceof WebhookSignatureError ? tampered.reason : String(tampered),
    own: again.type,
  };
}
`;
const MAIN = `import { checks } from './checks.mjs';\nconsole.log(JSON.stringify(await checks(process.env.BASE, process.env.SECRET, process.env.PAYLOAD, JSON.parse(process.env.HEADERS))));\n`;
const EXPECTED = { ping: 'v1', missing: true, stalled: true, verified: 'c1', tampered: 'signature_mismatch', own: 'client.created' };

let base = '';
let bundle = '';
const userAgents: string[] = [];
const server = createServer((req, res) => {
  if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title><script type="module" src="/client.js"></script>');
  if (req.url === '/client.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
  userAgents.push(req.headers['user-agent'] ?? '');
  if (req.url?.endsWith('/ping')) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, apiVersion: 'v1', scopes: [], tokenId: 't', orgUserId: 'u' }));
  if (req.url?.endsWith('/tasks')) return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"items":['); // and no more
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not_found', message: 'client not found', request_id: 'r-1', details: { error: 'not_found' } }));
});

before(async () => {
  assert.equal(spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' }).status, 0, 'the client builds');
  // An application that depends on the built package, as an integrator's does.
  mkdirSync(join(dir, 'node_modules', '@bizplat'), { recursive: true });
  symlinkSync(join(ROOT, 'packages', 'client'), join(dir, 'node_modules', '@bizplat', 'client'));
  for (const dep of ['openapi-fetch', 'openapi-typescript-helpers']) symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'integration', private: true, type: 'module', dependencies: { '@bizplat/client': '*' } }));
  writeFileSync(join(dir, 'checks.mjs'), CHECKS);
  writeFileSync(join(dir, 'main.mjs'), MAIN);
  writeFileSync(join(dir, 'page.mjs'), `import { checks } from './checks.mjs';\nwindow.checks = checks;\n`);
  const { build } = await import('esbuild');
  const built = await build({ entryPoints: [join(dir, 'page.mjs')], bundle: true, format: 'esm', platform: 'browser', write: false, absWorkingDir: dir, logLevel: 'warning' });
  bundle = built.outputFiles[0]!.text;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  return new Promise((ok) => server.close(ok));
});

async function run(t: TestContext, command: string, args: string[]): Promise<unknown> {
  const env = { BASE: `${base}/api/public/v1`, SECRET: secret, PAYLOAD: payload, HEADERS: JSON.stringify(signed()), DENO_DIR: join(dir, 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  return JSON.parse(await runToEnd(t, command, args, { cwd: dir, env }));
}

const runtimes = [
  { name: 'node', command: process.execPath, args: ['main.mjs'], agent: `node/${process.versions.node}` },
  { name: 'bun', command: join(BIN, 'bun'), args: ['main.mjs'], agent: 'bun/' },
  { name: 'deno', command: join(BIN, 'deno'), args: ['run', '--allow-net', '--allow-env', '--allow-read', 'main.mjs'], agent: 'deno/' },
];

for (const runtime of runtimes) {
  const missing = existsSync(runtime.command) ? undefined : `SKIPPED: no ${runtime.name} at ${runtime.command} (npm ci installs it)`;
  if (missing) console.error(`\n!!! ${missing}\n`);
  it(`${runtime.name}: calls the API, times out a stalled body, verifies a signed delivery and refuses it changed`, { skip: missing }, async (t) => {
    const seen = userAgents.length;
    assert.deepEqual(await run(t, runtime.command, runtime.args), EXPECTED);
    const agents = userAgents.slice(seen);
    assert.ok(agents.length >= 3 && agents.every((ua) => ua.startsWith('bizplat-client/') && ua.includes(` ${runtime.agent}`)), `${runtime.name} names itself: ${agents.join(', ')}`);
  });
}

const noBrowser = existsSync(CHROMIUM) ? undefined : `SKIPPED: no Chromium at ${CHROMIUM}; the client's browser test did not run (apt-get install -y chromium)`;
if (noBrowser) console.error(`\n!!! ${noBrowser}\n`);
it('Chromium: the bundled client calls the API, times out a stalled body and verifies a delivery with Web Crypto', { skip: noBrowser }, async () => {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base);
    await page.waitForFunction(() => 'checks' in globalThis);
    const outcome = await page.evaluate(
      ([api, key, body, headers]) => (globalThis as unknown as { checks: (...a: unknown[]) => Promise<unknown> }).checks(api, key, body, headers),
      [`${base}/api/public/v1`, secret, payload, signed()] as const,
    );
    assert.deepEqual(outcome, EXPECTED);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
