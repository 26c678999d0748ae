/**
 * Production and commercial order reads against a raw node:http server sending the same bytes:
 * GET /production/orders?limit=50 (200 orders seeded), GET /production/orders/{id} (its
 * currentStage read from the pipeline) and GET /commercial-orders?limit=50 (200 quotations).
 * 50 connections; SQLite, and PostgreSQL when TEST_DATABASE_URL is set (BENCH_DATABASES narrows).
 */
import { importData } from '../src/import.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';

const SEEDED = 200;

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const items = [{ name: 'Cabinet', qty: 4 }, { name: 'Shelf', qty: 2.5 }];
      await importData(ctx.storage, p.slug, {
        productionPipelines: [{ id: 'workshop', title: 'Workshop', isDefault: true, stages: [{ id: 'cutting', title: 'Cutting' }, { id: 'sewing', title: 'Sewing' }] }],
        productionOrders: Array.from({ length: SEEDED }, (_, i) => ({ id: `po-${i}`, title: `Order ${i}`, pipelineId: 'workshop', currentStageId: 'sewing', items, customerName: 'Alpha LLC' })),
        commercialOrders: Array.from({ length: SEEDED }, (_, i) => ({ title: `Quote ${i}`, status: 'sent', items: items.map((it) => ({ ...it, price: 1250.5 })) })),
      }, ctx.modules);
      const headers = { 'x-api-token': p.token };
      const bytes = async (path: string) => (await api(ctx, p.token, 'GET', path)).body;
      const common = { baseUrl: ctx.baseUrl, headers };
      for (const [name, path, target] of [
        ['GET /production/orders?limit=50', '/production/orders?limit=50', '≥ 0.12 (SQLite)'],
        ['GET /production/orders/{id} (currentStage)', '/production/orders/po-7', '≥ 0.35 (SQLite)'],
        ['GET /commercial-orders?limit=50', '/commercial-orders?limit=50', '≥ 0.12 (SQLite)'],
      ] as const) {
        const measured = await againstBaseline(await bytes(path), 200, { ...common, path });
        rows.push(row(name, kind, measured.server, measured.base, target, measured.peakRssMb));
      }
    } finally {
      await ctx.close();
    }
  }
  printRows('Production and commercial orders', rows);
}
