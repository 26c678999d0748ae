/**
 * The scale bench (docs/performance.md, "Scale"): an organization of a year's history built with
 * the project's own `import`, served by the deployed server beside the demo organization in the
 * same database, and every read and write of the API timed on both, in the same run:
 *   npm run bench -- scale --size quick|medium|full|N      (default quick: 1 % of full)
 * full is 1,000,000 clients and contacts, 1,000,000 movements (about 2,000,000 lines), 200,000
 * tasks, 100,000 payment requests and their events; N sets the clients and contacts, the rest in
 * proportion. Per engine (SQLite, and PostgreSQL when TEST_DATABASE_URL is set; BENCH_DATABASES
 * narrows), each in a fresh database dropped afterwards: import rate per collection, `copy --to`
 * the other engine (rows/s, peak RSS), the drain of the backlog the import left (events/s, with
 * GET /ping's latency meanwhile), then reads and writes, large against demo (median and p99).
 * BENCH_SCALE_SAMPLES requests per figure (default 100), BENCH_SCALE_CHUNK records per import
 * file (default 20,000), BENCH_SCALE_DRAIN_LIMIT_S the longest drain waited for (default 3600).
 * The tables are printed and written to bench/results/.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, freshDatabase, POSTGRES_URL } from '../test/helpers/harness.ts';
import type { DatabaseKind, TestContext } from '../test/helpers/harness.ts';
import { deployServer, peakRssMbOf } from './deployed.ts';
import { benchDatabases } from './lib.ts';
import { buildOrganizations, unsubscribe } from './scale/build.ts';
import { readCases, writeCases } from './scale/cases.ts';
import type { Case } from './scale/cases.ts';
import { middleOfYear, scaleSize } from './scale/dataset.ts';
import type { ScaleSize } from './scale/dataset.ts';
import { measureDrain, pendingRows } from './scale/drain.ts';
import { closeAgent, paired } from './scale/latency.ts';
import { saveReport, scaleReport } from './scale/report.ts';
import type { CopyFigures, EngineFigures, Measured } from './scale/report.ts';
import { timedCli } from './scale/timed-cli.ts';

const SAMPLES = Math.max(10, Number(process.env.BENCH_SCALE_SAMPLES ?? 100));
const CHUNK = Math.max(100, Number(process.env.BENCH_SCALE_CHUNK ?? 20_000));
const DRAIN_LIMIT_S = Number(process.env.BENCH_SCALE_DRAIN_LIMIT_S ?? 3600);
const WORK_DIR = fileURLToPath(new URL('../.bench-tmp/scale/', import.meta.url));

function sizeArgument(): string {
  const args = process.argv;
  const at = args.indexOf('--size');
  const given = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--size='))?.slice('--size='.length);
  return given ?? process.env.BENCH_SCALE_SIZE ?? 'quick';
}

const log = (line: string) => console.log(`[scale ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Each pair of requests (same name on both organizations), timed in turns. */
async function measureAll(baseUrl: string, demo: Case[], large: Case[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const l of large) {
    const d = demo.find((c) => c.name === l.name);
    if (!d) continue;
    const { demo: demoLatency, large: largeLatency } = await paired(baseUrl, d.req, l.req, SAMPLES);
    measured.push({ name: l.name, demo: demoLatency, large: largeLatency });
  }
  return measured;
}

/** `copy --to` a fresh database of the other engine (of the same one when PostgreSQL is not there), dropped afterwards. */
async function copyOut(ctx: TestContext): Promise<CopyFigures> {
  const to: DatabaseKind = ctx.kind === 'sqlite' && POSTGRES_URL ? 'postgres' : 'sqlite';
  const target = await freshDatabase(to);
  try {
    const run = await timedCli(['copy', '--db', ctx.config.databaseUrl, '--to', target.url]);
    return { to, rows: Number(run.output.rows), seconds: run.seconds, peakRssMb: run.peakRssMb };
  } finally {
    await target.drop();
  }
}

async function measureEngine(kind: DatabaseKind, size: ScaleSize): Promise<EngineFigures> {
  const ctx = await createContext(kind, { BIZPLAT_SQLITE_SYNCHRONOUS: 'FULL' });
  try {
    log(`${kind}: building the organizations (${size.label})`);
    const now = Date.now();
    const built = await buildOrganizations(ctx, size.counts, `${WORK_DIR}${kind}`, CHUNK, (line) => log(`${kind}: ${line}`));
    log(`${kind}: copying`);
    const copy = await copyOut(ctx);
    log(`${kind}: copied ${copy.rows} rows in ${copy.seconds.toFixed(1)} s`);
    const backlog = await pendingRows(ctx.storage);
    const server = await deployServer(ctx.config.databaseUrl, ctx.config.databaseSessionUrl ? { DATABASE_SESSION_URL: ctx.config.databaseSessionUrl } : {});
    try {
      log(`${kind}: draining a backlog of ${backlog} pending rows`);
      const drain = await measureDrain(ctx.storage, server.url, built.large.token, backlog, DRAIN_LIMIT_S);
      log(`${kind}: drained ${drain.drained} in ${drain.seconds.toFixed(1)} s; reading`);
      await unsubscribe(ctx, built);
      const since = middleOfYear(now);
      const reads = await measureAll(server.url, await readCases(server.url, built.demo.token, since), await readCases(server.url, built.large.token, since));
      log(`${kind}: writing`);
      const writes = await measureAll(server.url, await writeCases(server.url, built.demo.token), await writeCases(server.url, built.large.token));
      return { kind, reads, writes, imports: built.imports, startSeconds: built.startSeconds, copy, drain, serverPeakRssMb: peakRssMbOf(server.pid) };
    } finally {
      await server.stop();
      await closeAgent();
    }
  } finally {
    await ctx.close();
    rmSync(`${WORK_DIR}${kind}`, { recursive: true, force: true });
  }
}

export default async function run(): Promise<void> {
  const raw = sizeArgument();
  const size = scaleSize(raw);
  const engines: EngineFigures[] = [];
  for (const kind of benchDatabases()) engines.push(await measureEngine(kind, size));
  const command = `${process.env.BENCH_DATABASES ? `BENCH_DATABASES=${process.env.BENCH_DATABASES} ` : ''}npm run bench -- scale --size ${raw}`;
  const report = scaleReport(size.label, size.counts, engines, command);
  console.log(`\n${report}`);
  log(`written to ${saveReport(size.label, report)}`);
}
