/**
 * Inventory: POST /movements over hot items (with a ledger check afterwards), the movement feed's
 * first page against a page deep into 1,000,000 movements, GET /stock and GET /products.
 */
import { sql } from 'kysely';
import { encodeCursor } from '../src/domains/inventory/movements.ts';
import { importData } from '../src/import.ts';
import { newId } from '../src/storage/ids.ts';
import type { Storage } from '../src/storage/storage.ts';
import { createPrincipal } from '../test/helpers/harness.ts';
import { checkLedger } from '../test/inventory/invariant.ts';
import { againstBaseline, benchDatabases, printRows, row, servedContext } from './lib.ts';
import type { BenchRow, LoadOptions } from './lib.ts';

const HOT_ITEMS = 10;
const SEEDED = 1_000_000;

async function compare(name: string, kind: BenchRow['database'], options: LoadOptions, target: string, sample: () => Promise<string>, note?: string): Promise<BenchRow> {
  const { url, ...loadOptions } = options;
  const { origin, pathname, search } = new URL(url);
  const prefix = '/api/public/v1';
  const measured = await againstBaseline(await sample(), options.method === 'POST' ? 201 : 200, {
    ...loadOptions,
    baseUrl: `${origin}${prefix}`,
    path: `${pathname.slice(prefix.length)}${search}`,
  });
  return row(name, kind, measured.server, measured.base, target, measured.peakRssMb, note);
}

/**
 * The cost of two pages compared fairly: single requests, alternated so that both see the same
 * machine load, and the medians taken. Throughput runs one after the other swing with the load.
 */
async function interleavedMedians(urlA: string, urlB: string, headers: Record<string, string>, rounds = 300): Promise<{ a: number; b: number; rounds: number }> {
  const a: number[] = [];
  const b: number[] = [];
  const timed = async (url: string, into: number[]) => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    into.push(performance.now() - started);
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await timed(urlA, a);
      await timed(urlB, b);
    } else {
      await timed(urlB, b);
      await timed(urlA, a);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { a: median(a), b: median(b), rounds };
}

/** Bench data only: a million receipts of one unit inserted in bulk, with the balances they imply. */
async function seedMovements(storage: Storage, orgId: string, warehouseId: string, items: string[], userId: string): Promise<void> {
  const count = SEEDED;
  const itemList = sql.join(items.map((id, i) => sql`select cast(${i} as integer) as k, cast(${id} as text) as item_id`), sql` union all `);
  await storage.transaction(async ({ db }) => {
    if (storage.dialect === 'postgres') {
      await sql`insert into stock_movements (org_id, id, kind, date, from_warehouse_id, to_warehouse_id, reason, created_by_user_id)
        select ${orgId}, 'seed-' || g, 'in', now(), null, ${warehouseId}, 'seed', ${userId} from generate_series(1, ${count}) g`.execute(db);
      await sql`insert into stock_movement_lines (org_id, id, movement_id, line_no, item_id, qty, cost_per_unit, cost_currency)
        select ${orgId}, 'seed-l-' || g, 'seed-' || g, 0, i.item_id, 1000, 0, 'UZS'
        from generate_series(1, ${count}) g join (${itemList}) i on i.k = g % ${items.length}`.execute(db);
    } else {
      await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${count})
        insert into stock_movements (org_id, id, kind, date, from_warehouse_id, to_warehouse_id, reason, created_by_user_id)
        select ${orgId}, 'seed-' || n, 'in', ${new Date().toISOString()}, null, ${warehouseId}, 'seed', ${userId} from g`.execute(db);
      await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${count})
        insert into stock_movement_lines (org_id, id, movement_id, line_no, item_id, qty, cost_per_unit, cost_currency)
        select ${orgId}, 'seed-l-' || n, 'seed-' || n, 0, i.item_id, 1000, 0, 'UZS'
        from g join (${itemList}) i on i.k = n % ${items.length}`.execute(db);
    }
    await sql`insert into stock_movement_counts (org_id, slot, n) values (${orgId}, 0, ${count})
      on conflict (org_id, slot) do update set n = stock_movement_counts.n + excluded.n`.execute(db);
    for (const [k, item] of items.entries()) {
      const units = Math.floor(count / items.length) + (k !== 0 && k <= count % items.length ? 1 : 0);
      await db
        .updateTable('stock_balances')
        .set({ on_hand: sql<number>`on_hand + ${units * 1000}` })
        .where('org_id', '=', orgId)
        .where('warehouse_id', '=', warehouseId)
        .where('item_id', '=', item)
        .execute();
    }
  });
  await sql`analyze`.execute(storage.db);
}

export default async function run(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const main = (await ctx.storage.db.selectFrom('warehouses').select('id').where('org_id', '=', p.orgId).executeTakeFirstOrThrow()).id;
      const second = newId();
      const items = Array.from({ length: HOT_ITEMS }, () => newId());
      await importData(ctx.storage, p.slug, {
        warehouses: [{ id: second, name: 'Second' }],
        products: [...items.map((id, i) => ({ id, name: `Hot item ${i}`, sku: `HOT-${i}`, cost_per_unit: 3.5 })), ...Array.from({ length: 200 }, (_, i) => ({ name: `Catalog item ${i}`, sku: `CAT-${i}` }))],
        movements: [main, second].map((w) => ({ kind: 'in', warehouse_id: w, lines: items.map((id) => ({ item_id: id, qty: 1_000_000 })) })),
      });
      process.env.BENCH_INVENTORY = JSON.stringify({ token: p.token, warehouses: [main, second], items });
      const headers = { 'x-api-token': p.token };
      const get = (path: string) => async () => (await ctx.app.inject({ method: 'GET', url: `/api/public/v1${path}`, headers })).body;

      const sampleMovement = async () =>
        (await ctx.app.inject({ method: 'POST', url: '/api/public/v1/movements', headers, payload: { kind: 'in', warehouse_id: main, lines: items.slice(0, 3).map((id) => ({ item_id: id, qty: 1 })) } })).body;
      const post = await compare(
        'POST /movements (3 lines, 10 hot items)',
        kind,
        { url: `${ctx.baseUrl}/movements`, method: 'POST', variantModule: new URL('./inventory-variants.mjs', import.meta.url).href, variant: 'randomMovement' },
        '>= 0.1',
        sampleMovement,
      );
      const check = await checkLedger(ctx.storage, p.orgId);
      post.note = `${post.note ? `${post.note}; ` : ''}${check.movements} movements; invariant: ${check.mismatches.length} balance mismatches, ${check.negatives.length} negative`;
      rows.push(post);

      rows.push(await compare('GET /stock?limit=50', kind, { url: `${ctx.baseUrl}/stock?limit=50`, headers }, 'report', get('/stock?limit=50')));
      rows.push(await compare('GET /products?limit=50', kind, { url: `${ctx.baseUrl}/products?limit=50`, headers }, 'report', get('/products?limit=50')));

      const started = Date.now();
      await seedMovements(ctx.storage, p.orgId, main, items, p.userId);
      const seededIn = ((Date.now() - started) / 1000).toFixed(1);
      const oldest = await ctx.storage.db.selectFrom('stock_movements').select((eb) => eb.fn.min('seq').as('s')).where('org_id', '=', p.orgId).executeTakeFirstOrThrow();
      const deepCursor = encodeCursor(ctx.app.sealer, p.orgId, Number(oldest.s) + 1000);
      const first = await compare('GET /movements?limit=50 first page', kind, { url: `${ctx.baseUrl}/movements?limit=50`, headers }, 'report', get('/movements?limit=50'), `1M movements seeded in ${seededIn}s`);
      const deep = await compare('GET /movements?limit=50 deep page', kind, { url: `${ctx.baseUrl}/movements?limit=50&cursor=${deepCursor}`, headers }, '<= 1.5x first page cost', get(`/movements?limit=50&cursor=${deepCursor}`));
      const cost = await interleavedMedians(`${ctx.baseUrl}/movements?limit=50`, `${ctx.baseUrl}/movements?limit=50&cursor=${deepCursor}`, headers);
      deep.note = `${deep.note ? `${deep.note}; ` : ''}deep/first cost ${(cost.b / cost.a).toFixed(2)}x (median of ${cost.rounds} interleaved single requests: ${cost.a.toFixed(2)} vs ${cost.b.toFixed(2)} ms); throughput ratio ${(first.rps / deep.rps).toFixed(2)}x`;
      rows.push(first, deep);
    } finally {
      await ctx.close();
    }
  }
  printRows('Inventory', rows);
}
