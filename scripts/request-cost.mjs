// What one request costs the processes that serve it, counted rather than timed, so a loaded
// host gives the same figures as a quiet one (within noise): CPU milliseconds of the server
// process (user and system) and its read/write system calls per request, and on PostgreSQL the
// CPU of PgBouncer's and PostgreSQL's processes per request (all of the host's, so other work
// running meanwhile counts in them). The compiled build is served as deployed (served-demo.mjs),
// driven by autocannon with 50 connections for a fixed number of requests after a warm-up.
//
//   node scripts/request-cost.mjs post|get|ping|poll [requests, default 3000]
// On PostgreSQL: COST_DATABASE_URL (say postgres://postgres@127.0.0.1:6432/test) and, through a
// pooler, COST_SESSION_URL; each run uses a schema of its own and drops it. Otherwise a fresh
// SQLite file. Build first (node scripts/build.mjs).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serveDemo } from './served-demo.mjs';

const what = process.argv[2] ?? 'post';
const amount = Number(process.argv[3] ?? 3000);
const dir = mkdtempSync(join(tmpdir(), 'bizplat-cost-'));
const schema = `cost_${process.pid}`;
const pgUrl = process.env.COST_DATABASE_URL;

async function onPostgres(sql) {
  const client = new pg.Client({ connectionString: process.env.COST_SESSION_URL ?? pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const withSchema = (url) => `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;
if (pgUrl) await onPostgres(`create schema ${schema}`);
const env = {
  DATABASE_URL: pgUrl ? withSchema(pgUrl) : `sqlite:${join(dir, 'db.sqlite')}`,
  ...(pgUrl && process.env.COST_SESSION_URL ? { DATABASE_SESSION_URL: withSchema(process.env.COST_SESSION_URL) } : {}),
};
const { server, url, token, exited } = await serveDemo({ env });

const headers = { 'x-api-token': token };
const base = new URL(url).pathname;
const json = { ...headers, 'content-type': 'application/json' };
const created = await (await globalThis.fetch(`${url}/clients`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Measured client', phone: '+998901234567' }) })).json();
const etag = (await globalThis.fetch(`${url}/clients?limit=50`, { headers })).headers.get('etag');
const requests = {
  post: {
    method: 'POST',
    path: `${base}/clients`,
    headers: json,
    body: JSON.stringify({ name: 'Bench client', phone: '+998901234567', email: 'bench@example.com', tags: ['bench'] }),
    setupRequest: (r) => ({ ...r, headers: { ...r.headers, 'idempotency-key': randomUUID() } }),
  },
  get: { method: 'GET', path: `${base}/clients/${created.id}`, headers },
  ping: { method: 'GET', path: `${base}/ping`, headers },
  poll: { method: 'GET', path: `${base}/clients?limit=50`, headers: { ...headers, 'if-none-match': etag } },
}[what];
if (!requests) throw new Error(`unknown request ${what}: post, get, ping or poll`);

const TICK_MS = 10;
const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
const cpuMs = (pid) => {
  try {
    const f = stat(pid);
    return { user: Number(f[11]) * TICK_MS, system: Number(f[12]) * TICK_MS };
  } catch {
    return { user: 0, system: 0 };
  }
};
const calls = (pid) => {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return { reads: Number(/syscr: (\d+)/.exec(io)[1]), writes: Number(/syscw: (\d+)/.exec(io)[1]) };
};
const processesNamed = (name) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
const cpuOf = (name) => processesNamed(name).reduce((sum, pid) => sum + cpuMs(pid).user + cpuMs(pid).system, 0);
const sample = () => ({ server: cpuMs(server.pid), calls: calls(server.pid), pgbouncer: cpuOf('pgbouncer'), postgres: cpuOf('postgres') });

await autocannon({ url, requests: [requests], connections: 50, amount: Math.min(1000, amount) });
const before = sample();
const result = await autocannon({ url, requests: [requests], connections: 50, amount });
const after = sample();
const n = result.requests.total;
const per = (a, b) => Number(((b - a) / n).toFixed(3));
console.log(
  JSON.stringify({
    request: what,
    database: pgUrl ? 'postgres' : 'sqlite',
    requests: n,
    non2xx: result.non2xx,
    serverCpuMs: per(before.server.user + before.server.system, after.server.user + after.server.system),
    serverUserMs: per(before.server.user, after.server.user),
    serverSystemMs: per(before.server.system, after.server.system),
    writeCalls: per(before.calls.writes, after.calls.writes),
    readCalls: per(before.calls.reads, after.calls.reads),
    ...(pgUrl ? { pgbouncerCpuMs: per(before.pgbouncer, after.pgbouncer), postgresCpuMs: per(before.postgres, after.postgres) } : {}),
  }),
);
server.kill('SIGTERM');
await exited;
if (pgUrl) await onPostgres(`drop schema ${schema} cascade`);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
