/**
 * POST /finance-requests against a raw node:http server sending the same bytes: each request is
 * converted with the rate table (USD), has its approvals initialized (three approvers, a rule
 * for large amounts), its approvers' notification event and finance_request.created written, all
 * in the writer's transaction, with a fresh Idempotency-Key. 50 connections; SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set (BENCH_DATABASES narrows).
 */
import { importData } from '../src/import.ts';
import { updateOrganizationSettings } from '../src/platform/service.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx, { rights: [] });
      for (let i = 0; i < 3; i++) await createPrincipal(ctx, { slug: p.slug, rights: ['finance.approve'] });
      await importData(ctx.storage, p.slug, { financeCategories: [{ name: 'Rent' }], financeRates: [{ currency: 'USD', rate: '12650.5' }] }, ctx.modules);
      await updateOrganizationSettings(ctx.storage, p.slug, { financeApprovalRules: [{ above: '5000000', approvals: 2 }] });
      const headers = { 'x-api-token': p.token };
      const sample = await api(ctx, p.token, 'POST', '/finance-requests', {
        body: { title: 'Bench request 0', amount: '100.25', currency: 'USD', counterparty: 'Bench LLC', category: 'Rent', paymentDate: '2025-03-05' },
      });
      const post = await againstBaseline(sample.body, 201, {
        baseUrl: ctx.baseUrl,
        path: '/finance-requests',
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: sample.payload,
        variantModule: new URL('./finance-variants.mjs', import.meta.url).href,
        variant: 'freshRequest',
      });
      rows.push(row('POST /finance-requests (rate, approvals, events; fresh Idempotency-Key)', kind, post.server, post.base, '≥ 0.1 (SQLite)', post.peakRssMb));
    } finally {
      await ctx.close();
    }
  }
  printRows('Finance', rows);
}
