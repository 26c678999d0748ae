/**
 * Benchmark tools: the server as deployed, a raw node:http baseline serving the same bytes and
 * the load generator, each in its own process (bench/deployed.ts); paired rounds and a report of
 * the median ratio to the baseline, with its spread.
 */
import type { DatabaseKind, TestContext } from '../test/helpers/harness.ts';
import { POSTGRES_URL, createContext } from '../test/helpers/harness.ts';
import { deployServer, peakRssMbOf, rawBaseline, runLoad } from './deployed.ts';

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
  /** The lowest and highest ratio to the baseline over the rounds, when this is a round's result. */
  spread?: { low: number; high: number };
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

export function load(options: LoadOptions): Promise<LoadResult> {
  return runLoad<LoadResult>({ connections: 50, duration: Number(process.env.BENCH_SECONDS ?? 3), method: 'GET', ...options });
}

/** A raw node:http server, in its own process, answering every request with `body`: the ceiling any framework is compared to. */
export const baseline = rawBaseline;

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

/** The deployed servers' pids by API root, so a measurement can read the server's own peak RSS. */
const deployedPids = new Map<string, number>();

export interface ServedContext extends TestContext {
  /** The deployed server's API root (a process of its own). */
  baseUrl: string;
  serverPid: number;
  /** Stops the deployed server alone (the database stays until close), once. */
  stopServer(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and the server deployed on it (bench/deployed.ts). The returned
 * context's in-process app and storage are for setting up data and taking sample answers; every
 * measured request goes to the deployed server.
 */
export async function servedContext(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ServedContext> {
  const ctx = await createContext(kind, { BIZPLAT_SQLITE_SYNCHRONOUS: 'FULL', ...env });
  const server = await deployServer(ctx.config.databaseUrl, { ...(ctx.config.databaseSessionUrl ? { DATABASE_SESSION_URL: ctx.config.databaseSessionUrl } : {}), ...env });
  deployedPids.set(server.url, server.pid);
  let stopping: Promise<void> | undefined;
  const stopServer = () => (stopping ??= server.stop());
  return {
    ...ctx,
    baseUrl: server.url,
    serverPid: server.pid,
    stopServer,
    close: async () => {
      await stopServer();
      await ctx.close();
    },
  };
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
  spread?: { low: number; high: number };
  target: string;
  peakRssMb: number;
  note?: string;
}

export function row(name: string, database: BenchRow['database'], r: LoadResult, base: LoadResult, target: string, peakRssMb: number, note?: string): BenchRow {
  if (r.errors > 0 || r.non2xx > 0) note = `${note ? `${note}; ` : ''}${r.errors} errors, ${r.non2xx} non-2xx`;
  return {
    name, database, rps: Math.round(r.rps), p50: r.p50, p99: r.p99, baselineRps: Math.round(base.rps), ratio: Number((r.rps / base.rps).toFixed(3)),
    ...(r.spread ? { spread: r.spread } : {}), target, peakRssMb, ...(note ? { note } : {}),
  };
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| benchmark | db | req/s | p50 ms | p99 ms | baseline req/s | ratio (median of rounds) | spread | target | server peak RSS MB | note |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const spread = r.spread ? `${r.spread.low.toFixed(3)}–${r.spread.high.toFixed(3)}` : '';
    console.log(`| ${r.name} | ${r.database} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.baselineRps} | ${r.ratio} | ${spread} | ${r.target} | ${r.peakRssMb} | ${r.note ?? ''} |`);
  }
}

/** Rounds in which baseline and server take turns (BENCH_ROUNDS, default 3). */
const rounds = () => Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Seconds of each side's warm-up (BENCH_WARMUP_SECONDS, default 2). */
const warmUp = () => Math.max(1, Number(process.env.BENCH_WARMUP_SECONDS ?? 2));

/**
 * The round whose ratio is the median of the rounds' ratios, its two sides as measured, and the
 * lowest and highest ratio of all rounds: the machine's own drift shows in the spread rather
 * than in the figure.
 */
export function medianRound(servers: LoadResult[], bases: LoadResult[]): { server: LoadResult; base: LoadResult } {
  const ratios = servers.map((s, i) => ({ i, ratio: s.rps / (bases[i]?.rps || 1) })).sort((a, b) => a.ratio - b.ratio);
  const median = ratios[Math.floor((ratios.length - 1) / 2)]!;
  const spread = { low: ratios[0]!.ratio, high: ratios[ratios.length - 1]!.ratio };
  return { server: { ...servers[median.i]!, spread }, base: bases[median.i]! };
}

/**
 * The server against a raw node:http baseline answering `body` with `status`, for the same path
 * and load, each in its own process: both warmed up (compiled code paths, prepared statements,
 * caches), then they take turns for BENCH_ROUNDS rounds of BENCH_SECONDS each, and the round of
 * the median paired ratio is reported with the spread of all rounds. The peak RSS is the
 * deployed server's (VmHWM) when `baseUrl` is one.
 */
export async function againstBaseline(body: string, status: number, options: Omit<LoadOptions, 'url'> & { path: string; baseUrl: string }): Promise<{ server: LoadResult; base: LoadResult; peakRssMb: number }> {
  const { path, baseUrl, ...loadOptions } = options;
  const raw = await baseline(body, status);
  try {
    await load({ ...loadOptions, duration: warmUp(), url: `${raw.url}${path}` });
    await load({ ...loadOptions, duration: warmUp(), url: `${baseUrl}${path}` });
    const bases: LoadResult[] = [];
    const servers: LoadResult[] = [];
    for (let round = 0; round < rounds(); round++) {
      bases.push(await load({ ...loadOptions, url: `${raw.url}${path}` }));
      servers.push(await load({ ...loadOptions, url: `${baseUrl}${path}` }));
    }
    const pid = deployedPids.get(baseUrl);
    return { ...medianRound(servers, bases), peakRssMb: pid === undefined ? 0 : peakRssMbOf(pid) };
  } finally {
    await raw.close();
  }
}

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
