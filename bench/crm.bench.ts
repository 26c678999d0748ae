/**
 * CRM hot paths against a raw node:http server sending the same bytes, measured in one run:
 * GET /ping, GET /clients/{id}, GET /clients?limit=50 (200 clients seeded) and POST /clients
 * with a fresh Idempotency-Key per request. 50 connections; SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each case alternates baseline and server in three slices of
 * BENCH_SECONDS / 3: req/s is their mean, p50 and p99 their medians.
 */
import { baseline, benchDatabases, load, printRows, row, servedContext, withPeakRss } from './lib.ts';
import type { BenchRow, LoadOptions, LoadResult } from './lib.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';

const SEEDED_CLIENTS = 200;

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

async function against(body: string, status: number, options: Omit<LoadOptions, 'url'> & { path: string; baseUrl: string }): Promise<{ server: LoadResult; base: LoadResult; peakRssMb: number }> {
  const { path, baseUrl, ...loadOptions } = options;
  const duration = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 5) / ROUNDS));
  const raw = await baseline(body, status);
  try {
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

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const headers = { 'x-api-token': p.token };
      let clientId = '';
      for (let i = 0; i < SEEDED_CLIENTS; i++) {
        const res = await api(ctx, p.token, 'POST', '/clients', { body: { name: `Seed ${i}`, phone: '+998901234567', email: `seed${i}@example.com`, city: 'Tashkent', tags: ['seed'] } });
        if (i === 0) clientId = (res.json() as { id: string }).id;
      }
      const bytes = async (path: string) => (await api(ctx, p.token, 'GET', path)).body;
      const common = { baseUrl: ctx.baseUrl, headers };

      const ping = await against(await bytes('/ping'), 200, { ...common, path: '/ping' });
      rows.push(row('GET /ping', kind, ping.server, ping.base, '≥ 0.75', ping.peakRssMb));

      const one = await against(await bytes(`/clients/${clientId}`), 200, { ...common, path: `/clients/${clientId}` });
      rows.push(row('GET /clients/{id}', kind, one.server, one.base, '≥ 0.5', one.peakRssMb));

      const list = await against(await bytes('/clients?limit=50'), 200, { ...common, path: '/clients?limit=50' });
      rows.push(row('GET /clients?limit=50', kind, list.server, list.base, '≥ 0.3', list.peakRssMb));

      const sample = await api(ctx, p.token, 'POST', '/clients', { body: { name: 'Bench client 0', phone: '+998901234567', email: 'bench0@example.com', tags: ['bench'] } });
      const post = await against(sample.body, 201, {
        ...common,
        path: '/clients',
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: sample.payload,
        variantModule: new URL('./crm-variants.mjs', import.meta.url).href,
        variant: 'freshClient',
      });
      rows.push(row('POST /clients (fresh Idempotency-Key)', kind, post.server, post.base, '≥ 0.15, p99 < 20 ms', post.peakRssMb));
    } finally {
      await ctx.close();
    }
  }
  printRows('CRM', rows);
}
