/**
 * Benchmark tools: a raw node:http baseline serving the same bytes, a load run in a worker
 * thread, peak RSS, and a report of ratios to the baseline measured in the same run.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { POSTGRES_URL, createContext } from '../test/helpers/harness.ts';
import type { DatabaseKind, TestContext } from '../test/helpers/harness.ts';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Seconds. */
  duration?: number;
  /** A plain-JS module (its URL) exporting request rewriters: `(request) => request`, run per request. */
  variantModule?: string;
  /** The export of variantModule to use, e.g. one that sets a fresh Idempotency-Key. */
  variant?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { connections: 50, duration: Number(process.env.BENCH_SECONDS ?? 5), method: 'GET', ...options },
    });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
  });
}

/** A raw node:http server answering every request with `body`: the ceiling any framework is compared to. */
export async function baseline(body: string, status = 200): Promise<{ url: string; close: () => Promise<void> }> {
  const bytes = Buffer.from(body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Peak resident set size of this process while `work` runs, in MB. */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, peakRssMb: Math.round(peak / 1_048_576) };
  } finally {
    clearInterval(timer);
  }
}

/** SQLite, and PostgreSQL when TEST_DATABASE_URL is set; BENCH_DATABASES=postgres (or sqlite) narrows the run to one. */
export function benchDatabases(): DatabaseKind[] {
  const all: DatabaseKind[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const wanted = process.env.BENCH_DATABASES?.split(',').map((d) => d.trim());
  return wanted ? all.filter((d) => wanted.includes(d)) : all;
}

export interface ServedContext extends TestContext {
  baseUrl: string;
  close(): Promise<void>;
}

/** A fresh database with the app listening on a free port (durable SQLite settings, as in production). */
export async function servedContext(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ServedContext> {
  const ctx = await createContext(kind, { BIZPLAT_SQLITE_SYNCHRONOUS: 'FULL', ...env });
  await listen(ctx.app);
  const { port } = ctx.app.server.address() as AddressInfo;
  return { ...ctx, baseUrl: `http://127.0.0.1:${port}/api/public/v1` };
}

async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}

export interface BenchRow {
  name: string;
  database: DatabaseKind | '-';
  rps: number;
  p50: number;
  p99: number;
  baselineRps: number;
  /** rps / baselineRps */
  ratio: number;
  target: string;
  peakRssMb: number;
  note?: string;
}

export function row(name: string, database: BenchRow['database'], r: LoadResult, base: LoadResult, target: string, peakRssMb: number, note?: string): BenchRow {
  if (r.errors > 0 || r.non2xx > 0) note = `${note ? `${note}; ` : ''}${r.errors} errors, ${r.non2xx} non-2xx`;
  return { name, database, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, baselineRps: Math.round(base.rps), ratio: Number((r.rps / base.rps).toFixed(3)), target, peakRssMb, ...(note ? { note } : {}) };
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| benchmark | db | req/s | p50 ms | p99 ms | baseline req/s | ratio | target | peak RSS MB | note |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.database} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.baselineRps} | ${r.ratio} | ${r.target} | ${r.peakRssMb} | ${r.note ?? ''} |`);
  }
}

/** Baseline and server take turns in short slices, so a change in machine load hits both alike. */
const ROUNDS = 3;

function combine(results: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => results.reduce((a, r) => a + f(r), 0);
  const sorted = (f: (r: LoadResult) => number) => results.map(f).sort((a, b) => a - b);
  return {
    rps: sum((r) => r.rps) / results.length,
    p50: sorted((r) => r.p50)[Math.floor(results.length / 2)] ?? 0,
    p99: sorted((r) => r.p99)[Math.floor(results.length / 2)] ?? 0,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    total: sum((r) => r.total),
  };
}

/**
 * The server against a raw node:http baseline answering `body` with `status`, for the same path
 * and load: they take turns in ROUNDS slices of BENCH_SECONDS / ROUNDS, so a swing in machine
 * load hits both alike, after a warm-up second each. req/s is the mean of the slices; p50 and
 * p99 their medians.
 */
export async function againstBaseline(body: string, status: number, options: Omit<LoadOptions, 'url'> & { path: string; baseUrl: string }): Promise<{ server: LoadResult; base: LoadResult; peakRssMb: number }> {
  const { path, baseUrl, ...loadOptions } = options;
  const duration = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 5) / ROUNDS));
  const raw = await baseline(body, status);
  try {
    // One unmeasured second each first: compiled code paths, prepared statements and warm
    // caches on both sides, so the first measured slice is not a cold start.
    await load({ ...loadOptions, duration: 1, url: `${raw.url}${path}` });
    await load({ ...loadOptions, duration: 1, url: `${baseUrl}${path}` });
    const bases: LoadResult[] = [];
    const servers: LoadResult[] = [];
    let peakRssMb = 0;
    for (let round = 0; round < ROUNDS; round++) {
      bases.push(await load({ ...loadOptions, duration, url: `${raw.url}${path}` }));
      const measured = await withPeakRss(() => load({ ...loadOptions, duration, url: `${baseUrl}${path}` }));
      servers.push(measured.result);
      peakRssMb = Math.max(peakRssMb, measured.peakRssMb);
    }
    return { server: combine(servers), base: combine(bases), peakRssMb };
  } finally {
    await raw.close();
  }
}
