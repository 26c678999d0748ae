/**
 * `bizplat serve` runs with a bounded heap: BIZPLAT_HEAP_LIMIT_MB (default 128, as the README
 * says) becomes the server process's --max-old-space-size, 0 leaves node's own limit, and an
 * operator's own --max-old-space-size wins over both. The server runs in a child of the process
 * started, which passes signals on and ends as it ends. Other commands are not bounded: an import
 * larger than the smallest server limit still succeeds.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { onlyJson, runBin, runBinWithin } from '../helpers/cli.ts';
import { startServer, stopServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { exited } from '../helpers/children.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

const DEFAULT_MB = 128;
const dir = mkdtempSync(join(tmpdir(), 'bizplat-heap-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let databases = 0;
const freshSqlite = () => `sqlite:${join(dir, `${++databases}.db`)}`;

/** The heap_size_limit (MB) this node reports when started with `flags`. */
function nodeHeapLimitMb(flags: string[]): number {
  const probe = spawnSync(process.execPath, [...flags, '-p', 'Math.round(require("node:v8").getHeapStatistics().heap_size_limit / 1048576)'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.equal(probe.status, 0, probe.stderr);
  return Number(probe.stdout.trim());
}

interface Served {
  server: ChildServer;
  /** What the server logged when it began serving. */
  started: { pid: number; url: string; heapLimitMb: number };
}

async function serve(env: Record<string, string>, args: string[] = []): Promise<Served> {
  const server = await startServer(['bin/bizplat.mjs', 'serve', '--port', '0', ...args], freshSqlite(), { NODE_OPTIONS: '', BIZPLAT_SHUTDOWN_GRACE_MS: '0', ...env });
  const line = server.output().split('\n').find((l) => l.includes('"serving the public API"'));
  assert.ok(line, server.output());
  return { server, started: JSON.parse(line) as Served['started'] };
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/ping`);
    return false;
  } catch {
    return true;
  }
}

describe('serve: a bounded heap', () => {
  it(`runs the server with --max-old-space-size=${DEFAULT_MB} by default; the demo bootstrap fits and it answers`, async () => {
    const { server, started } = await serve({}, ['--bootstrap-demo']);
    try {
      assert.equal(started.heapLimitMb, nodeHeapLimitMb([`--max-old-space-size=${DEFAULT_MB}`]));
      assert.ok(started.heapLimitMb < nodeHeapLimitMb([]), "below node's own limit");
      assert.notEqual(started.pid, server.process.pid, 'the server is a child of the process started');
      const token = /X-API-Token: (bzp_demo_[A-Za-z0-9_-]+)/.exec(server.output())?.[1];
      assert.ok(token, server.output());
      const res = await fetch(`${started.url}/clients?limit=50`, { headers: { 'x-api-token': token } });
      assert.equal(res.status, 200);
      assert.ok(((await res.json()) as { items: unknown[] }).items.length > 0, 'the demo data is there');
    } finally {
      assert.equal(await stopServer(server.process), 0, server.output());
    }
  });

  it('takes its limit from BIZPLAT_HEAP_LIMIT_MB; 0 leaves node its own and serves in the process started', async () => {
    const set = await serve({ BIZPLAT_HEAP_LIMIT_MB: '200' });
    await stopServer(set.server.process);
    assert.equal(set.started.heapLimitMb, nodeHeapLimitMb(['--max-old-space-size=200']));
    const own = await serve({ BIZPLAT_HEAP_LIMIT_MB: '0' });
    await stopServer(own.server.process);
    assert.equal(own.started.heapLimitMb, nodeHeapLimitMb([]));
    assert.equal(own.started.pid, own.server.process.pid);
  });

  it("an operator's own --max-old-space-size wins over the setting", async () => {
    const { server, started } = await serve({ NODE_OPTIONS: '--max-old-space-size=300', BIZPLAT_HEAP_LIMIT_MB: '100' });
    await stopServer(server.process);
    assert.equal(started.heapLimitMb, nodeHeapLimitMb(['--max-old-space-size=300']));
    assert.equal(started.pid, server.process.pid);
  });

  it('a value that is not a size stops the start, naming the setting', async () => {
    for (const value of ['12', 'lots']) {
      const result = await runBinWithin(['serve'], { DATABASE_URL: freshSqlite(), PORT: '0', NODE_OPTIONS: '', BIZPLAT_HEAP_LIMIT_MB: value });
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`BIZPLAT_HEAP_LIMIT_MB .*"${value}"`));
    }
  });

  it('the server ends when the process started is killed, and that process ends as the server does', async () => {
    const killed = await serve({});
    killed.server.process.kill('SIGKILL');
    await waitUntil('the server to let its port go', () => refused(killed.started.url));

    const dying = await serve({});
    process.kill(dying.started.pid, 'SIGKILL');
    await exited(dying.server.process);
    assert.equal(dying.server.process.signalCode, 'SIGKILL');
  });
});

describeEachDatabase('import beside a bounded server', (ctx) => {
  it('is not bounded by BIZPLAT_HEAP_LIMIT_MB: a file larger than the smallest limit imports', async () => {
    const p = await createPrincipal(ctx());
    // 80 MB, mostly whitespace after one client: the heap must hold the file, the database gets one row.
    const file = join(dir, `large-${p.slug}.json`);
    writeFileSync(file, JSON.stringify({ clients: [{ name: 'Large file client' }] }) + ' '.repeat(80 * 1024 * 1024));
    try {
      const result = await runBin(['import', '--org', p.slug, '--file', file, '--json'], { DATABASE_URL: ctx().config.databaseUrl, NODE_OPTIONS: '', BIZPLAT_HEAP_LIMIT_MB: '64' });
      assert.deepEqual(onlyJson(result), { clients: 1 });
    } finally {
      rmSync(file, { force: true });
    }
    const found = json<{ items: Array<{ name: string }> }>(await api(ctx(), p.token, 'GET', '/clients'));
    assert.deepEqual(
      found.items.map((c) => c.name),
      ['Large file client'],
    );
  });
});
