/**
 * Import rates of deals, tasks and payment requests: one `import` process per N-record file of
 * dataset.ts's records (N=20000 by default), per engine of BENCH_DATABASES, net of an empty
 * file's import. Run: `BENCH_DATABASES=sqlite,postgres TEST_DATABASE_URL=… node --import tsx bench/scale/import-rates.ts`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { RIGHTS } from '../../src/platform/rights.ts';
import { createUser } from '../../src/platform/service.ts';
import { createContext, createPrincipal, uniqueSlug } from '../../test/helpers/harness.ts';
import { benchDatabases } from '../lib.ts';
import { importFiles } from './dataset.ts';
import { timedCli } from './timed-cli.ts';

const WORK_DIR = fileURLToPath(new URL('../../.bench-tmp/import-rates/', import.meta.url));
const N = Number(process.env.N ?? 20000);
for (const kind of benchDatabases()) {
  const ctx = await createContext(kind, { BIZPLAT_SQLITE_SYNCHRONOUS: 'FULL' });
  try {
    const db = ctx.config.databaseUrl;
    const p = await createPrincipal(ctx, { slug: uniqueSlug('large') });
    const assignees = [p.userId];
    for (let i = 1; i < 10; i++) assignees.push((await createUser(ctx.storage, { orgSlug: p.slug, name: `Member ${i}`, rights: [...RIGHTS] })).id);
    const dir = join(WORK_DIR, kind);
    const empty = join(WORK_DIR, 'empty.json');
    mkdirSync(WORK_DIR, { recursive: true });
    writeFileSync(empty, '{}');
    let start = Infinity;
    for (let i = 0; i < 2; i++) start = Math.min(start, (await timedCli(['import', '--org', p.slug, '--file', empty, '--db', db])).seconds);
    const counts = { clients: 2000, contacts: 10, deals: N, products: 50, movements: 10, tasks: N, financeRequests: N, warehouses: 20, projects: 50 };
    for (const file of importFiles(dir, counts, assignees, N)) {
      const run = await timedCli(['import', '--org', p.slug, '--file', file.path, '--db', db]);
      rmSync(file.path, { force: true });
      if (!['tasks', 'deals', 'financeRequests'].includes(file.collection)) continue;
      console.log(`${kind} ${file.collection} ${file.records}: ${run.seconds.toFixed(2)} s wall ${Math.round(file.records / run.seconds)}/s, net ${Math.round(file.records / (run.seconds - start))}/s (start ${start.toFixed(2)} s) rss ${run.peakRssMb} MB`);
    }
  } finally {
    await ctx.close();
  }
}
