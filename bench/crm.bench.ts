/**
 * CRM hot paths against a raw node:http server sending the same bytes, measured in one run:
 * GET /ping, GET /clients/{id}, GET /clients?limit=50 (200 clients seeded), the same page polled
 * with If-None-Match while unchanged (304), and POST /clients
 * with a fresh Idempotency-Key per request. 50 connections; SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each case alternates baseline and server in three slices of
 * BENCH_SECONDS / 3: req/s is their mean, p50 and p99 their medians.
 */
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow } from './lib.ts';
import { api, createPrincipal } from '../test/helpers/harness.ts';

const SEEDED_CLIENTS = 200;

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

      const ping = await againstBaseline(await bytes('/ping'), 200, { ...common, path: '/ping' });
      rows.push(row('GET /ping', kind, ping.server, ping.base, '≥ 0.6', ping.peakRssMb));

      const one = await againstBaseline(await bytes(`/clients/${clientId}`), 200, { ...common, path: `/clients/${clientId}` });
      rows.push(row('GET /clients/{id}', kind, one.server, one.base, '≥ 0.5', one.peakRssMb));

      const list = await againstBaseline(await bytes('/clients?limit=50'), 200, { ...common, path: '/clients?limit=50' });
      rows.push(row('GET /clients?limit=50', kind, list.server, list.base, '≥ 0.12', list.peakRssMb));

      // Polling an unchanged page, as the spec tells integrators to sync: If-None-Match with
      // the page's ETag, answered 304; the baseline answers 304 with no body too.
      const tag = (await api(ctx, p.token, 'GET', '/clients?limit=50')).headers.etag as string;
      const poll = await againstBaseline('', 304, { ...common, path: '/clients?limit=50', headers: { ...headers, 'if-none-match': tag } });
      const all304 = poll.server.non2xx === poll.server.total && poll.base.non2xx === poll.base.total;
      rows.push(row('GET /clients?limit=50, If-None-Match unchanged (304)', kind, { ...poll.server, non2xx: all304 ? 0 : poll.server.non2xx }, poll.base, '≥ 0.5', poll.peakRssMb, all304 ? 'every answer 304' : 'not every answer was 304'));

      const sample = await api(ctx, p.token, 'POST', '/clients', { body: { name: 'Bench client 0', phone: '+998901234567', email: 'bench0@example.com', tags: ['bench'] } });
      const post = await againstBaseline(sample.body, 201, {
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
