/**
 * GET /clients?search= against a raw node:http server sending the same bytes, on an organization
 * of BENCH_SEARCH_CLIENTS imported clients (default 10,000): a rare term (a few matches: the
 * index), a common one (every client: the list walked in its order), a 2-character one (no
 * trigram: the LIKE), beside the unfiltered first page for reference. 16 connections; SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set (BENCH_DATABASES narrows). What to read: the rare
 * term's ratio near the unfiltered page's, whatever the size.
 */
import { importData } from '../src/import.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';

const CLIENTS = Math.max(100, Number(process.env.BENCH_SEARCH_CLIENTS ?? 10_000));
const IMPORT_CHUNK = 2_000;

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      for (let from = 0; from < CLIENTS; from += IMPORT_CHUNK) {
        const clients = Array.from({ length: Math.min(IMPORT_CHUNK, CLIENTS - from) }, (_, k) => {
          const i = from + k;
          return { name: `Client ${i} Ltd`, phone: `+99890${String(1_000_000 + ((i * 7919) % 9_000_000))}`, email: `client${i}@example.com`, tags: [] };
        });
        await importData(ctx.storage, p.slug, { clients }, ctx.modules);
      }
      const headers = { 'x-api-token': p.token };
      const cases: Array<[string, string]> = [
        ['GET /clients?limit=20 (unfiltered, reference)', '/clients?limit=20'],
        [`GET /clients?search= rare term (1 of ${CLIENTS})`, `/clients?limit=20&search=client${Math.floor(CLIENTS / 3)}@`],
        ['GET /clients?search= common term (every client)', '/clients?limit=20&search=example'],
        ['GET /clients?search= 2 characters', '/clients?limit=20&search=97'],
      ];
      for (const [name, path] of cases) {
        const sample = await api(ctx, p.token, 'GET', path);
        const measured = await againstBaseline(sample.body, 200, { baseUrl: ctx.baseUrl, path, headers, connections: 16 });
        rows.push(row(name, kind, measured.server, measured.base, 'rare ≈ reference', measured.peakRssMb));
      }
    } finally {
      await ctx.close();
    }
  }
  printRows(`Search (${CLIENTS} clients)`, rows);
}
