/**
 * Bulk load: `import` of BENCH_IMPORT_CLIENTS clients (default 20,000) and of movements of two
 * lines each (BENCH_IMPORT_MOVEMENTS, default 5,000), in-process through importData as the CLI
 * runs it, each against the baseline of the same rows written by a raw multi-row INSERT through
 * the driver in the same run. Then `bizplat copy --to` of that database into an empty one of
 * the same engine, run as the operator runs it (a child process of the build), with its rows a
 * second and the child's own peak RSS (getrusage's maxRSS). Goals: clients ≥ 10,000/s and movement
 * lines ≥ 3,000/s on SQLite, half of that on PostgreSQL; copy ≥ 20,000 rows/s under 300 MB.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData } from '../src/import.ts';
import { newId } from '../src/storage/ids.ts';
import { ROOT } from '../test/helpers/cli.ts';
import { createContext, createPrincipal, freshDatabase } from '../test/helpers/harness.ts';
import type { Principal, TestContext } from '../test/helpers/harness.ts';
import { benchDatabases } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_IMPORT_CLIENTS ?? 20_000);
const MOVEMENTS = Number(process.env.BENCH_IMPORT_MOVEMENTS ?? 5_000);
const PRODUCTS = 50;
const BATCH = 500;

const uuid = (n: number, kind: string) => `0192f000-0000-7000-8000-${kind}${String(n).padStart(11, '0')}`;

function clientsFile(prefix: string): Record<string, unknown[]> {
  return { clients: Array.from({ length: CLIENTS }, (_, i) => ({ id: uuid(i, prefix), name: `Client ${i} Example`, email: `client${i}@example.com`, phone: `+99890${String(i).padStart(7, '0')}`, city: 'Tashkent' })) };
}

/** Receipts, and every third movement ships one unit of each item its predecessor received. */
function movementsFile(): Record<string, unknown[]> {
  const warehouses = [{ id: uuid(1, 'a'), name: 'Main' }, { id: uuid(2, 'a'), name: 'Second' }];
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({ id: uuid(i, 'b'), name: `Product ${i}`, sku: `SKU-${i}` }));
  const movements = Array.from({ length: MOVEMENTS }, (_, i) => {
    const out = i % 3 === 2;
    const base = out ? i - 1 : i;
    return { id: uuid(i, 'd'), kind: out ? 'out' : 'in', warehouse_id: warehouses[base % 2]!.id, lines: [0, 1].map((k) => ({ item_id: uuid((base * 2 + k) % PRODUCTS, 'b'), qty: out ? 1 : 5 })) };
  });
  return { warehouses, products, movements };
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The same client rows written by the driver alone: multi-row INSERTs of BATCH rows in one transaction. */
async function rawClients(ctx: TestContext, p: Principal): Promise<number> {
  return seconds(() =>
    ctx.storage.transaction(async (tx) => {
      for (let from = 0; from < CLIENTS; from += BATCH) {
        const rows = [];
        for (let i = from; i < Math.min(CLIENTS, from + BATCH); i++) {
          const at = new Date().toISOString();
          rows.push({
            org_id: p.orgId, id: newId(), version: 1, name: `Client ${i} Example`, phone: `+99890${String(i).padStart(7, '0')}`, email: `client${i}@example.com`, company_name: null, inn: null,
            vat_number: null, industry: null, segment: null, city: 'Tashkent', source: null, tags: '[]', is_archived: false,
            search_text: `client ${i} example`, created_by_user_id: p.userId, created_at: at, updated_at: at,
          });
        }
        await tx.db.insertInto('crm_clients').values(rows).execute();
      }
    }),
  );
}

/** The movement and line rows written by the driver alone (no ledger, no balances, no events), of the catalog imported into `p`. */
async function rawMovements(ctx: TestContext, p: Principal): Promise<number> {
  return seconds(() =>
    ctx.storage.transaction(async (tx) => {
      for (let from = 0; from < MOVEMENTS; from += BATCH) {
        const movements = [];
        const lines = [];
        for (let i = from; i < Math.min(MOVEMENTS, from + BATCH); i++) {
          const id = newId();
          movements.push({ org_id: p.orgId, id, kind: 'in', date: new Date().toISOString(), from_warehouse_id: null, to_warehouse_id: uuid(1, 'a'), reason: null, reference_type: null, reference_id: null, created_by_user_id: p.userId });
          for (let k = 0; k < 2; k++) lines.push({ org_id: p.orgId, id: newId(), movement_id: id, line_no: k + 1, item_id: uuid((i * 2 + k) % PRODUCTS, 'b'), qty: 5000, cost_per_unit: 0, cost_currency: 'UZS', batch_id: null, serial_numbers: null, notes: null });
        }
        await tx.db.insertInto('stock_movements').values(movements).execute();
        await tx.db.insertInto('stock_movement_lines').values(lines).execute();
      }
    }),
  );
}

/** `bizplat copy` in a child process: its seconds and its own peak RSS in MB. */
function copyChild(from: string, to: string): Promise<{ seconds: number; rows: number; peakRssMb: number }> {
  const report = "process.on('exit', () => process.stderr.write(`\\nmaxRSS ${process.resourceUsage().maxRSS}\\n`))";
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(report)}`, 'bin/bizplat.mjs', 'copy', '--db', from, '--to', to, '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const rss = /maxRSS (\d+)/.exec(err);
      if (code !== 0 || !rss) return reject(new Error(`copy failed (${code}): ${err}`));
      const summary = JSON.parse(out.trim().split('\n').pop()!) as { rows: number; seconds: number };
      resolve({ seconds: summary.seconds, rows: summary.rows, peakRssMb: Math.round(Number(rss[1]) / 1024) });
    });
  });
}

const rate = (n: number, s: number) => Math.round(n / s).toLocaleString('en');

export default async function run(): Promise<void> {
  const lines: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await createContext(kind);
    const target = kind === 'sqlite' ? { url: `sqlite:${join(tmpdir(), `bizplat-copy-bench-${process.pid}.db`)}`, drop: () => rm(join(tmpdir(), `bizplat-copy-bench-${process.pid}.db`), { force: true }) } : await freshDatabase(kind);
    try {
      const p = await createPrincipal(ctx);
      const raw = await createPrincipal(ctx);
      const clientsRaw = await rawClients(ctx, raw);
      const clients = await seconds(() => importData(ctx.storage, p.slug, clientsFile('c')));
      const movements = await seconds(() => importData(ctx.storage, p.slug, movementsFile()));
      const movementsRaw = await rawMovements(ctx, p);
      lines.push(`| ${kind} | import clients | ${rate(CLIENTS, clients)} clients/s | ${rate(CLIENTS, clientsRaw)} rows/s | ${(clientsRaw / clients).toFixed(2)} | |`);
      lines.push(`| ${kind} | import movements | ${rate(2 * MOVEMENTS, movements)} lines/s | ${rate(2 * MOVEMENTS, movementsRaw)} lines/s | ${(movementsRaw / movements).toFixed(2)} | |`);
      const copied = await copyChild(ctx.config.databaseUrl, target.url);
      const copyRate = copied.rows / copied.seconds;
      lines.push(`| ${kind} | copy --to (${copied.rows.toLocaleString('en')} rows) | ${rate(copied.rows, copied.seconds)} rows/s | ${rate(CLIENTS, clientsRaw)} rows/s | ${(copyRate / (CLIENTS / clientsRaw)).toFixed(2)} | ${copied.peakRssMb} MB |`);
    } finally {
      await ctx.close();
      await target.drop();
    }
  }
  console.log(`\nBulk load: ${CLIENTS.toLocaleString('en')} clients, ${MOVEMENTS.toLocaleString('en')} movements of 2 lines, then copy of the whole database (baseline: raw multi-row INSERT of the same rows through the driver, same run)\n`);
  console.log('| db | what | rate | baseline | × baseline | peak RSS |\n|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
}
