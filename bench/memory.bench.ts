/**
 * The server's own memory: `serve` runs as a child process (as in production: the compiled
 * build, logging at info level to a pipe) on a fresh database, takes reads and writes from 50 connections, and its
 * peak resident set (VmHWM from /proc) is read at the end. The in-process benchmarks' RSS
 * figures include the load generator and the harness; this one is the server alone.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../test/helpers/harness.ts';
import { benchDatabases, load } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function serveChild(databaseUrl: string): Promise<{ pid: number; url: string; token: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['bin/bizplat.mjs', 'serve', '--bootstrap-demo', '--port', '0'], {
    cwd: ROOT,
    // No balancer watches it: it stops without the shutdown grace.
    env: { ...process.env, DATABASE_URL: databaseUrl, BIZPLAT_RATE_LIMIT: '10000000', BIZPLAT_LOG_LEVEL: 'info', BIZPLAT_SHUTDOWN_GRACE_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const token = /(bzp_demo_[A-Za-z0-9_-]+)/.exec(out)?.[1];
      const url = /(http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1)\/ping/.exec(out)?.[1];
      if (token && url) resolve({ url, token });
      if (out.length > 1_000_000) out = out.slice(-10_000);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const { url, token } = await ready;
  return {
    pid: child.pid!,
    url,
    token,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export default async function run(): Promise<void> {
  console.log('\n## Server memory (child process, peak RSS)\n');
  console.log('| db | requests served | peak RSS MB | target |');
  console.log('|---|---|---|---|');
  // Served as in production: the compiled build (made here if the sources are newer).
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  for (const kind of benchDatabases()) {
    const database = await freshDatabase(kind);
    const server = await serveChild(database.url);
    try {
      const headers = { 'x-api-token': server.token, 'content-type': 'application/json' };
      const writes = await load({
        url: `${server.url}/clients`,
        method: 'POST',
        headers,
        variantModule: new URL('./crm-variants.mjs', import.meta.url).href,
        variant: 'freshClient',
      });
      const lists = await load({ url: `${server.url}/clients?limit=50`, headers });
      const pings = await load({ url: `${server.url}/ping`, headers });
      const served = writes.total + lists.total + pings.total;
      console.log(`| ${kind} | ${served} | ${peakRssMb(server.pid)} | < 200 |`);
    } finally {
      await server.stop();
      await database.drop();
    }
  }
}
