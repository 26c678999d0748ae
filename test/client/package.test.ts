/**
 * The published package as an integrator gets it: `npm pack` (which builds it), installed into an
 * empty project without the network, then used by plain `node` through `import` and `require`
 * against a live HTTP server, and type-checked from an ES module and a CommonJS module.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runToEnd } from '../helpers/children.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE = join(ROOT, 'packages', 'client');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
const dir = mkdtempSync(join(tmpdir(), 'bizplat-client-pack-'));
const app = join(dir, 'app');
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a command to its end; the test fails with its output when it does not succeed. */
const run = (t: Parameters<typeof runToEnd>[0], command: string, args: string[], cwd: string, env: Record<string, string> = {}) => runToEnd(t, command, args, { cwd, env });

const USAGE = `
const api = createBizplatClient({ baseUrl: process.env.BASE, token: 'tok', retries: 0 });
const ping = await data(api.GET('/ping'));
const missing = await api.GET('/clients/{id}', { params: { path: { id: 'nope' } } }).catch((e) => e);
console.log(JSON.stringify({ version: VERSION, ping: ping.apiVersion, missing: [missing.name, missing instanceof BizplatNotFoundError, missing instanceof BizplatError, missing.status, missing.code, missing.request_id] }));
`;

const TYPED = `
const api = createBizplatClient({ baseUrl: 'http://127.0.0.1:1/api/public/v1', token: 't', timeoutMs: 5000 });
export async function names(): Promise<string[]> {
  const page = await data(api.GET('/clients', { params: { query: { limit: 5 } } }));
  return page.items.map((c: components['schemas']['Client']) => c.name);
}
export function kind(e: unknown): number | undefined {
  return e instanceof BizplatError ? e.status : undefined;
}
// @ts-expect-error a path the API does not have
void api.GET('/no-such-path');
// @ts-expect-error a query parameter /clients does not take
void api.GET('/clients', { params: { query: { colour: 'red' } } });
`;

let base = '';
const userAgents: string[] = [];
const server = createServer((req, res) => {
  userAgents.push(req.headers['user-agent'] ?? '');
  res.setHeader('content-type', 'application/json');
  if (req.url?.endsWith('/ping')) return res.end(JSON.stringify({ ok: true, apiVersion: 'v1', scopes: [], tokenId: 't', orgUserId: 'u' }));
  res.writeHead(404).end(JSON.stringify({ error: 'not_found', message: 'client not found', request_id: 'r-9', details: { error: 'not_found' } }));
});
before(() => new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok)).then(() => (base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/public/v1`)));
after(() => new Promise((ok) => server.close(ok)));

it('npm pack builds the package; it installs offline into an empty project, where node imports and requires it and tsc checks both', async (t) => {
  const packed = JSON.parse(await run(t, 'npm', ['pack', '--json', '--pack-destination', dir], PACKAGE)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const files = packed[0]!.files.map((f) => f.path).sort();
  for (const f of ['LICENSE', 'README.md', 'package.json', 'dist/esm/index.js', 'dist/esm/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/cjs/package.json']) assert.ok(files.includes(f), `the tarball holds ${f}`);
  assert.ok(files.every((f) => !f.startsWith('src/') && !f.endsWith('.ts') || f.endsWith('.d.ts')), `no sources: ${files.join(', ')}`);

  // Its dependencies as tarballs of the copies installed here: the install needs no registry.
  const deps = ['openapi-fetch', 'openapi-typescript-helpers'];
  const depTarballs = JSON.parse(await run(t, 'npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir, ...deps.map((d) => join(ROOT, 'node_modules', d))], dir)) as Array<{ filename: string }>;
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'integration', private: true }));
  const tarballs = [packed[0]!.filename, ...depTarballs.map((d) => d.filename)].map((f) => join(dir, f));
  await run(t, 'npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--cache', join(dir, 'cache'), ...tarballs], app);

  const names = 'BizplatError, BizplatNotFoundError, createBizplatClient, data, VERSION';
  writeFileSync(join(app, 'esm.mjs'), `import { ${names} } from '${manifest.name}';\n${USAGE}`);
  writeFileSync(join(app, 'cjs.cjs'), `const { ${names} } = require('${manifest.name}');\n(async () => {\n${USAGE}\n})();`);
  const expected = { version: manifest.version, ping: 'v1', missing: ['BizplatNotFoundError', true, true, 404, 'not_found', 'r-9'] };
  for (const script of ['esm.mjs', 'cjs.cjs']) {
    assert.deepEqual(JSON.parse(await run(t, process.execPath, [script], app, { BASE: base })), expected, script);
  }
  assert.equal(userAgents.length, 4);
  for (const ua of userAgents) assert.equal(ua, `bizplat-client/${manifest.version} node/${process.versions.node}`);

  const typed = `import { BizplatError, createBizplatClient, data } from '${manifest.name}';\nimport type { components } from '${manifest.name}';\n${TYPED}`;
  writeFileSync(join(app, 'typed.mts'), typed);
  writeFileSync(join(app, 'typed.cts'), typed);
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: false }, files: ['typed.mts', 'typed.cts'] }));
  await run(t, process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], app);
});
