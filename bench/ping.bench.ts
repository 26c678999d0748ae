/**
 * GET /ping: the cost of the kernel alone on every request (authentication, scope check, rate
 * limit, serialization), per database, as a ratio to raw node:http serving the same bytes.
 */
import { createPrincipal } from '../test/helpers/harness.ts';
import { baseline, benchDatabases, load, printRows, row, servedContext, withPeakRss } from './lib.ts';
import type { BenchRow } from './lib.ts';

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx, { scopes: ['crm:read'] });
      const headers = { 'x-api-token': p.token };
      const sample = await fetch(`${ctx.baseUrl}/ping`, { headers });
      const bytes = await sample.text();
      const base = await baseline(bytes);
      try {
        const baseResult = await load({ url: `${base.url}/api/public/v1/ping` });
        const { result, peakRssMb } = await withPeakRss(() => load({ url: `${ctx.baseUrl}/ping`, headers }));
        rows.push(row('GET /ping (auth + rate limit)', kind, result, baseResult, '≥ 0.5 of baseline', peakRssMb, kind === 'postgres' ? 'token read from the database on every request' : 'token cached, data_version checked'));
      } finally {
        await base.close();
      }
    } finally {
      await ctx.close();
    }
  }
  printRows('Kernel: GET /ping', rows);
}
