/**
 * The client's cost and the events feed's paging:
 * - the same 1,000 GET /clients/{id} through @bizplat/client and through plain fetch, taking
 *   turns in rounds; ratio = client req/s ÷ fetch req/s (goal ≥ 0.9);
 * - GET /events paged over 100,000 events (limit 500): the last pages' median time ÷ the first
 *   pages' (goal ≤ 1.5: keyset paging, no cost growing with the position).
 */
import { createBizplatClient, data } from '@bizplat/client';
import { toJson } from '../src/storage/codecs.ts';
import { newId } from '../src/storage/ids.ts';
import { createPrincipal } from '../test/helpers/harness.ts';
import { benchDatabases, median, servedContext } from './lib.ts';

const CALLS = 1000;
const ROUNDS = 3;
const EVENTS = 100_000;
const PAGE = 500;

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export default async function run(): Promise<void> {
  const rows: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const api = createBizplatClient({ baseUrl: ctx.baseUrl, token: p.token });
      const client = await data(api.POST('/clients', { body: { name: 'Bench client' } }));
      const url = `${ctx.baseUrl}/clients/${client.id}`;
      const viaFetch = async () => {
        for (let i = 0; i < CALLS; i++) {
          const res = await fetch(url, { headers: { 'x-api-token': p.token } });
          if (res.status !== 200) throw new Error(`fetch answered ${res.status}`);
          await res.json();
        }
      };
      const viaClient = async () => {
        for (let i = 0; i < CALLS; i++) await data(api.GET('/clients/{id}', { params: { path: { id: client.id } } }));
      };
      await viaFetch();
      await viaClient();
      const fetchMs: number[] = [];
      const clientMs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        fetchMs.push(await timed(viaFetch));
        clientMs.push(await timed(viaClient));
      }
      const fetchRps = (CALLS * 1000) / median(fetchMs);
      const clientRps = (CALLS * 1000) / median(clientMs);
      rows.push(`| client GET /clients/{id} ×${CALLS} | ${kind} | client ${Math.round(clientRps)} req/s | fetch ${Math.round(fetchRps)} req/s | ${(clientRps / fetchRps).toFixed(3)} | ≥ 0.9 |`);

      const createdAt = new Date().toISOString();
      for (let start = 0; start < EVENTS; start += 1000) {
        const batch = Array.from({ length: Math.min(1000, EVENTS - start) }, () => {
          const entityId = newId();
          return { id: newId(), org_id: p.orgId, event: 'client.updated', entity_type: 'client', entity_id: entityId, data: toJson({ entityType: 'client', entityId, version: 2, changedFields: ['city'] }), created_at: createdAt };
        });
        await ctx.storage.transaction(async (tx) => void (await tx.db.insertInto('events').values(batch).execute()));
      }
      const pageMs: number[] = [];
      let cursor: string | undefined;
      let read = 0;
      for (;;) {
        let items = 0;
        pageMs.push(
          await timed(async () => {
            const page = await data(api.GET('/events', { params: { query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } }));
            items = page.items.length;
            cursor = page.next_cursor;
          }),
        );
        read += items;
        if (items < PAGE) break;
      }
      if (read < EVENTS) throw new Error(`the feed gave ${read} of ${EVENTS} events`);
      const full = pageMs.slice(0, -1);
      const first = median(full.slice(0, 10));
      const last = median(full.slice(-10));
      rows.push(`| GET /events over ${EVENTS} events, limit ${PAGE} | ${kind} | last pages ${last.toFixed(1)} ms | first pages ${first.toFixed(1)} ms | ${(last / first).toFixed(3)} | ≤ 1.5 |`);
    } finally {
      await ctx.close();
    }
  }
  console.log('\n## client and events feed\n');
  console.log('| benchmark | db | measured | baseline | ratio | target |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}
