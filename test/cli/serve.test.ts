import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createOrganization, createToken, createUser } from '../../src/platform/service.ts';
import { tokenKey } from '../../src/platform/token-key.ts';
import { migrate } from '../../src/setup.ts';
import { openStorage } from '../../src/storage/storage.ts';
import { ROOT, cliEnv, startCli } from '../helpers/cli.ts';
import { POSTGRES_URL, freshDatabase, testConfig } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';
import { tracked } from '../helpers/children.ts';
import { PATIENCE_MS, waitUntil } from '../helpers/patience.ts';
import { compiledIsCurrent } from '../../scripts/compiled.mjs';

/** Collects a child's output and lets a test wait for a line. */
class Watched {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    tracked(child);
    child.stdout!.on('data', (d: Buffer) => (this.stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  async waitFor(pattern: RegExp, ms = PATIENCE_MS): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    for (;;) {
      const match = pattern.exec(this.stdout);
      if (match) return match;
      if (this.child.exitCode !== null) throw new Error(`exited ${this.child.exitCode} before ${pattern}: ${this.stdout}\n${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}: ${this.stdout}\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The stdout lines that are JSON log records. */
  logs(): Array<Record<string, unknown>> {
    return this.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill(signal);
    return this.exited;
  }
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bizplat-serve-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('serve --bootstrap-demo (npm start)', () => {
  const dir = tempDir();
  // A database named by DATABASE_URL needs its folder (only the default's is made).
  mkdirSync(join(dir, 'data'));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'data', 'bizplat.db')}`, PORT: '0' };
  let token = '';

  it('on an empty database creates the demo organization and prints one admin:all token with a working curl line', async () => {
    const server = new Watched(startCli(['serve', '--bootstrap-demo'], env));
    try {
      const [curlLine] = await server.waitFor(/curl -H 'X-API-Token: (bzp_demo_[A-Za-z0-9_-]+)' (http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1)\/ping/);
      token = /X-API-Token: (\S+)'/.exec(curlLine)![1]!;
      assert.equal(server.stdout.split(token).length - 1, 2, 'the token is printed once, plus once in the curl line');
      const curl = spawnSync('bash', ['-c', `${curlLine} -s -w '\\n%{http_code}'`], { encoding: 'utf8' });
      const [body, status] = curl.stdout.trim().split('\n');
      assert.equal(status, '200', curl.stderr);
      const ping = JSON.parse(body!) as { ok: boolean; scopes: string[]; apiVersion: string };
      assert.equal(ping.ok, true);
      assert.deepEqual(ping.scopes, ['admin:all']);
      assert.match(server.stdout, /\/api\/public\/v1\/docs/);
    } finally {
      assert.equal(await server.stop(), 0, server.stderr);
    }
    // The owner holds every right; the organization exists with slug demo.
    const storage = openStorage(loadConfig({ DATABASE_URL: env.DATABASE_URL }));
    try {
      const owner = await storage.db
        .selectFrom('org_users as m')
        .innerJoin('organizations as o', 'o.id', 'm.org_id')
        .select(['m.rights'])
        .where('o.slug', '=', 'demo')
        .execute();
      assert.equal(owner.length, 1);
      assert.deepEqual([...(JSON.parse(String(owner[0]!.rights)) as string[])].sort(), [...RIGHTS].sort());
    } finally {
      await storage.close();
    }
  });

  it('a later start reuses the data and prints no secret', async () => {
    const server = new Watched(startCli(['serve', '--bootstrap-demo'], env));
    try {
      const [, url] = await server.waitFor(/"url":"(http:[^"]+)"/);
      const res = await fetch(`${url}/ping`, { headers: { 'x-api-token': token } });
      assert.equal(res.status, 200, 'the first start\'s token still works');
      assert.doesNotMatch(server.stdout, /bzp_|bzl_|X-API-Token/);
    } finally {
      assert.equal(await server.stop('SIGINT'), 0, server.stderr);
    }
    assert.doesNotMatch(server.stdout + server.stderr, /bzp_|bzl_/);
  });

  it('npm start builds, then serves the compiled build on 127.0.0.1:3000 with ./data/bizplat.db by default', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    assert.equal(pkg.scripts.start, 'node scripts/build.mjs && node bin/bizplat.mjs serve --bootstrap-demo');
    const defaults = loadConfig({});
    assert.equal(defaults.port, 3000);
    assert.equal(defaults.host, '127.0.0.1');
    assert.equal(defaults.databaseUrl, 'sqlite:./data/bizplat.db');
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    assert.ok(existsSync(join(ROOT, 'dist', 'cli', 'main.js')), `no compiled build: ${build.stderr}`);
    // Started from another directory with only the port changed, the database lands in ./data there.
    const cwd = tempDir();
    const child = spawn(process.execPath, [join(ROOT, 'bin/bizplat.mjs'), 'serve', '--bootstrap-demo'], {
      cwd,
      env: cliEnv({ PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new Watched(child);
    try {
      const [, url] = await server.waitFor(/"url":"(http:[^"]+)"/);
      assert.match(url!, /^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1$/);
      assert.match(server.stdout, /"compiled":true/, 'served from the compiled build, without the TypeScript loader');
      assert.ok(existsSync(join(cwd, 'data', 'bizplat.db')));
      const res = await fetch(`${url}/ping`);
      assert.equal(res.status, 401, 'the compiled server answers');
    } finally {
      assert.equal(await server.stop(), 0, server.stderr);
    }
  });
});

describe('serve on PostgreSQL', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  it('migrates a fresh schema at start, bootstraps the demo, serves, and exits 0 on SIGTERM', async () => {
    const { url: databaseUrl, drop } = await freshDatabase('postgres');
    try {
      const server = new Watched(startCli(['serve', '--bootstrap-demo', '--port', '0'], { DATABASE_URL: databaseUrl }));
      try {
        const [, token, url] = await server.waitFor(/curl -H 'X-API-Token: (bzp_demo_[A-Za-z0-9_-]+)' (http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1)\/ping/);
        const res = await fetch(`${url}/ping`, { headers: { 'x-api-token': token! } });
        assert.equal(res.status, 200);
        assert.equal(((await res.json()) as { ok: boolean }).ok, true);
      } finally {
        assert.equal(await server.stop(), 0, server.stderr);
      }
      const storage = openStorage(testConfig(databaseUrl));
      try {
        const rows = await storage.db.selectFrom('organizations').select('slug').execute();
        assert.deepEqual(rows, [{ slug: 'demo' }]);
      } finally {
        await storage.close();
      }
    } finally {
      await drop();
    }
  });
});

describe('serve: graceful stop and structured logs', () => {
  it('a request in flight when SIGTERM arrives still completes; the process exits 0; logs are JSON with request_id', async () => {
    const dir = tempDir();
    const databaseUrl = `sqlite:${join(dir, 'serve.db')}`;
    const storage = openStorage(testConfig(databaseUrl));
    let token: string;
    try {
      await migrate(storage, [notesModule]);
      await createOrganization(storage, { slug: 'drain', name: 'Drain' }, []);
      const user = await createUser(storage, { orgSlug: 'drain', name: 'U', rights: [...RIGHTS] });
      token = (await createToken(storage, await tokenKey(storage, undefined), { orgSlug: 'drain', user: user.id, scopes: ['admin:all'] })).token;
    } finally {
      await storage.close();
    }
    const server = new Watched(
      spawn(process.execPath, ['--import', 'tsx', 'test/helpers/serve-notes.ts'], {
        cwd: ROOT,
        // At debug level a request's arrival is logged: the signal that it is in flight.
        env: cliEnv({ DATABASE_URL: databaseUrl, PORT: '0', BIZPLAT_LOG_LEVEL: 'debug' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const [, url] = await server.waitFor(/"url":"(http:[^"]+)"/);
    const body = JSON.stringify({ title: 'in flight', body: 'x'.repeat(2000) });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${url}/notes`, {
        method: 'POST',
        agent: false,
        headers: { 'x-api-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': 'drain-test-1' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 1000));
      // SIGTERM once the server has the request in flight, the rest of the body once it drains: events, not delays.
      void server
        .waitFor(/"request_id":"drain-test-1"[^\n]*"incoming request"/)
        .then(() => (server.child.kill('SIGTERM'), server.waitFor(/draining/)))
        .then(() => req.end(body.slice(1000)), reject);
    });
    const result = await response;
    assert.equal(result.status, 201, result.text);
    assert.equal((JSON.parse(result.text) as { title: string }).title, 'in flight');
    assert.equal(await server.exited, 0, server.stderr);
    const logs = server.logs();
    assert.ok(logs.length > 0);
    const mine = logs.filter((l) => l.request_id === 'drain-test-1');
    assert.ok(mine.some((l) => l.msg === 'request completed' && (l as { res?: { statusCode?: number } }).res?.statusCode === 201), JSON.stringify(mine));
    assert.ok(logs.some((l) => typeof l.msg === 'string' && /draining/.test(l.msg)));
    for (const l of logs) assert.ok(typeof l.level === 'number' && typeof l.time === 'number');
  });
});

/** Stops per database, each asserted: before the log was flushed at exit, the closing line was missing in most stops of the compiled build. */
const STOPS = 5;

/** Starts `serve` as an operator does, stops it with SIGTERM once it serves, and resolves with its exit code and everything it wrote. */
async function serveAndStop(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = startCli(['serve', '--port', '0'], { DATABASE_URL: databaseUrl, BIZPLAT_SHUTDOWN_GRACE_MS: '0' });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // 'close': the process has exited and everything it wrote has been read.
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  await waitUntil('the server to serve', () => output.includes('serving the public API') || child.exitCode !== null, undefined, () => output);
  child.kill('SIGTERM');
  return { code: await closed, output };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`serve [${kind}]: every stop ends with the drain's closing line`, { skip: kind === 'postgres' && !POSTGRES_URL ? 'TEST_DATABASE_URL is not set' : false }, () => {
    it(`${STOPS} servers stopped with SIGTERM each write "stopped: drained N requests" last and exit 0`, { timeout: 4 * PATIENCE_MS }, async () => {
      const { url: databaseUrl, drop } = await freshDatabase(kind);
      try {
        const storage = openStorage(testConfig(databaseUrl));
        try {
          await migrate(storage);
        } finally {
          await storage.close();
        }
        // What an operator runs: the compiled build when it is current (always in CI, after npm ci).
        const compiled = compiledIsCurrent();
        // Side by side, to keep the test short: each stop is a process of its own.
        const stops = await Promise.all(Array.from({ length: STOPS }, () => serveAndStop(databaseUrl)));
        for (const [i, { code, output }] of stops.entries()) {
          assert.match(output, new RegExp(`"compiled":${compiled}`), output);
          assert.equal(code, 0, output);
          const last = output.trim().split('\n').at(-1) ?? '';
          assert.match(last, /"msg":"stopped: drained \d+ requests"/, `stop ${i + 1} of ${STOPS}: the closing line is the last one written:\n${output}`);
        }
      } finally {
        await drop();
      }
    });
  });
}
