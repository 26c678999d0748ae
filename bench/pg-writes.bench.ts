/**
 * PostgreSQL at the database's own speed (PostgreSQL only: TEST_DATABASE_URL):
 * - POST /clients with a fresh Idempotency-Key, 50 connections, against pgbench running, with
 *   the same 50 clients for the same time, one transaction of the statements such a create
 *   writes (the idempotency record, the client, its event and progress rows, the counter bump),
 *   built from the rows bizplat itself wrote. Goal: ≥ 0.5 of pgbench's rate.
 * - POST /movements (3 lines over 10 hot items), POST /tasks with an executor and
 *   PATCH /finance-requests, with their p50/p99;
 * - GET /clients/{id}, GET /clients?limit=50 and that list polled with If-None-Match (304)
 *   against raw node serving the same bytes, quiet and while 10 connections create products.
 * Peak RSS is the deployed server's own (VmHWM of its process). Needs pgbench on PATH.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { importData } from '../src/import.ts';
import { newId } from '../src/storage/ids.ts';
import { parsePostgresUrl } from '../src/storage/postgres.ts';
import type { Storage } from '../src/storage/storage.ts';
import { POSTGRES_URL, api, createPrincipal, json } from '../test/helpers/harness.ts';
import { deployServer, peakRssMbOf } from './deployed.ts';
import { againstBaseline, load, printRows, row, servedContext } from './lib.ts';
import type { BenchRow, LoadResult } from './lib.ts';

const CONNECTIONS = 50;
const CONNECT_ALLOWANCE = 10;
const seconds = () => Number(process.env.BENCH_SECONDS ?? 5);
/**
 * The create comparison's slices: at least five seconds whatever BENCH_SECONDS says. A slice
 * counts only the requests completed in it, and on a loaded host a create's latency nears a
 * second, so a one-second slice counts little more than the first request of each connection.
 */
const createSeconds = () => Math.max(seconds(), 5);

/** An INSERT repeating the newest row of `table` as pgbench text, with `fresh` columns given as SQL and `skip` left to their defaults. */
async function insertLike(storage: Storage, table: string, where: string, fresh: Record<string, string>, skip: string[] = []): Promise<string> {
  const { rows } = await sql<{ cols: string; vals: string }>`
    select string_agg(quote_ident(key), ', ' order by key) as cols,
           string_agg(coalesce(${sql.raw(`case ${Object.keys(fresh).map((k) => `when key = '${k}' then ${quoteLiteral(fresh[k]!)}`).join(' ')} else null end`)}, quote_nullable(replace(value, E'\n', ' '))), ', ' order by key) as vals
    from json_each_text((select row_to_json(t) from ${sql.table(table)} t where ${sql.raw(where)} limit 1)) where key <> all(${skip}::text[])`.execute(storage.db);
  const found = rows[0];
  if (!found?.cols) throw new Error(`no ${table} row to copy`);
  return `insert into ${qualified(storage, table)} (${found.cols}) values (${found.vals})`;
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `table` in the storage's schema. The script names it so instead of pgbench setting a search
 * path at connection start, which a transaction pooler (PgBouncer) refuses.
 */
const qualified = (storage: Storage, table: string) => `${parsePostgresUrl(storage.url).schema ?? 'public'}.${table}`;

/** The transaction one POST /clients commits, as a pgbench script. */
async function createScript(storage: Storage, orgId: string): Promise<string> {
  const client = await storage.db.selectFrom('crm_clients').select('id').where('org_id', '=', orgId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const event = await storage.db.selectFrom('events').select('seq').where('entity_id', '=', client.id).executeTakeFirstOrThrow();
  const progress = await storage.db.selectFrom('event_progress').select('consumer').where('event_seq', '=', event.seq).execute();
  const lines = [
    '\\set slot random(0, 7)',
    'begin;',
    `${await insertLike(storage, 'idempotency_keys', `org_id = '${orgId}' and state = 'done'`, { key: 'gen_random_uuid()::text' })};`,
    `${await insertLike(storage, 'crm_clients', `id = '${client.id}'`, { id: 'gen_random_uuid()::text' })};`,
    `${await insertLike(storage, 'events', `seq = ${event.seq}`, { id: 'gen_random_uuid()::text', entity_id: 'gen_random_uuid()::text' }, ['seq', 'tx_id'])} returning seq \\gset`,
    ...progress.map(
      (row) =>
        `insert into ${qualified(storage, 'event_progress')} (consumer, event_seq, org_id, entity_type, entity_id, status, next_attempt_at, created_at) ` +
        `values ('${row.consumer}', :seq, '${orgId}', 'client', gen_random_uuid()::text, 'pending', now(), now());`,
    ),
    `insert into ${qualified(storage, 'collection_changes')} as collection_changes (org_id, collection, slot, version) values ('${orgId}', 'crm_clients', :slot, 1) on conflict (org_id, collection, slot) do update set version = collection_changes.version + 1;`,
    'commit;',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * pgbench's rate (transactions/s) for `script` with `clients` clients for `duration` seconds, in
 * the database's schema (named in the script). Opening 50 connections takes seconds on a loaded
 * host, and pgbench counts that time in -T: the run is longer by CONNECT_ALLOWANCE and the rate
 * is the one pgbench reports without the initial connection time.
 */
async function pgbench(url: string, script: string, clients: number, duration: number): Promise<number> {
  const { connectionString } = parsePostgresUrl(url);
  const dir = await mkdtemp(join(tmpdir(), 'bizplat-pgbench-'));
  try {
    const file = join(dir, 'create.sql');
    await writeFile(file, script);
    const child = spawn('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(duration + CONNECT_ALLOWANCE), '-f', file, connectionString], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}): ${out.slice(-2000)}`);
    return Number(tps[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Waits (at most a minute) until PostgreSQL has `needed` connections free: the pooler keeps its
 * server connections of the run before open until its server_idle_timeout, and pgbench with 50
 * direct clients next to them would pass max_connections.
 */
async function roomForConnections(url: string, needed: number): Promise<void> {
  const client = new pg.Client({ connectionString: parsePostgresUrl(url).connectionString });
  await client.connect();
  try {
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      const { rows } = await client.query<{ free: number }>(`select current_setting('max_connections')::int - count(*)::int as free from pg_stat_activity`);
      if ((rows[0]?.free ?? 0) >= needed) return;
    }
  } finally {
    await client.end();
  }
}

const asBase = (rps: number): LoadResult => ({ rps, p50: 0, p99: 0, non2xx: 0, errors: 0, total: 0 });

/**
 * Creates through the server at `createOptions.url` against pgbench on `databaseUrl`: both warmed,
 * then taking turns twice (pgbench, bizplat, pgbench, bizplat); the ratio of the mean rates.
 */
async function createAgainstPgbench(name: string, databaseUrl: string, script: string, createOptions: Parameters<typeof load>[0], serverPid: number): Promise<BenchRow> {
  await load({ ...createOptions, duration: 1 });
  await pgbench(databaseUrl, script, CONNECTIONS, 1);
  const tps: number[] = [];
  const creates: LoadResult[] = [];
  for (let round = 0; round < 2; round++) {
    tps.push(await pgbench(databaseUrl, script, CONNECTIONS, createSeconds()));
    creates.push(await load({ ...createOptions, duration: createSeconds() }));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const create = { ...creates[1]!, rps: mean(creates.map((c) => c.rps)) };
  return row(name, 'postgres', create, asBase(mean(tps)), '≥ 0.5', peakRssMbOf(serverPid));
}

export default async function run(): Promise<void> {
  if (!POSTGRES_URL) {
    console.log('\n## PostgreSQL writes against pgbench: skipped (TEST_DATABASE_URL is not set)\n');
    return;
  }
  const rows: BenchRow[] = [];
  const ctx = await servedContext('postgres');
  try {
    const p = await createPrincipal(ctx);
    const headers = { 'x-api-token': p.token, 'content-type': 'application/json' };
    const crm = new URL('./crm-variants.mjs', import.meta.url).href;
    const sample = await api(ctx, p.token, 'POST', '/clients', { body: { name: 'Bench client 0', phone: '+998901234567', email: 'bench0@example.com', tags: ['bench'] }, headers: { 'idempotency-key': newId() } });
    const script = await createScript(ctx.storage, p.orgId);
    const createOptions = { method: 'POST' as const, headers, body: sample.payload, connections: CONNECTIONS, variantModule: crm, variant: 'freshClient' };
    const pooled = ctx.config.databaseSessionUrl !== undefined && ctx.config.databaseSessionUrl !== ctx.config.databaseUrl;
    const through = pooled ? ', through the pooler (every statement parsed and planned)' : '';
    rows.push(await createAgainstPgbench(`POST /clients (fresh Idempotency-Key) ÷ pgbench, same statements${through}`, ctx.config.databaseUrl, script, { ...createOptions, url: `${ctx.baseUrl}/clients` }, ctx.serverPid));

    // The other writes: their rates and latencies (the baseline is raw node).
    const warehouses = [newId(), newId()];
    const items = Array.from({ length: 10 }, () => newId());
    await importData(ctx.storage, p.slug, {
      warehouses: warehouses.map((id, i) => ({ id, name: `Bench ${i}` })),
      products: items.map((id, i) => ({ id, name: `Hot item ${i}`, sku: `PGW-${i}` })),
      movements: warehouses.map((w) => ({ kind: 'in', warehouse_id: w, lines: items.map((id) => ({ item_id: id, qty: 1_000_000 })) })),
    }, ctx.modules);
    process.env.BENCH_INVENTORY = JSON.stringify({ token: p.token, warehouses, items });
    const movement = await api(ctx, p.token, 'POST', '/movements', { body: { kind: 'in', warehouse_id: warehouses[0], lines: items.slice(0, 3).map((id) => ({ item_id: id, qty: 1 })) } });
    const movements = await againstBaseline(movement.body, 201, { baseUrl: ctx.baseUrl, path: '/movements', method: 'POST', headers, body: movement.payload, variantModule: new URL('./inventory-variants.mjs', import.meta.url).href, variant: 'randomMovement' });
    rows.push(row('POST /movements (3 lines, 10 hot items)', 'postgres', movements.server, movements.base, 'report', movements.peakRssMb));

    const executor = await createPrincipal(ctx, { slug: p.slug, rights: ['tasks.edit'], scopes: ['tasks:read', 'tasks:write'] });
    const task = await api(ctx, p.token, 'POST', '/tasks', { body: { title: 'Bench task 0', assignee_id: executor.userId, tags: ['bench'] } });
    const tasks = await againstBaseline(task.body, 201, { baseUrl: ctx.baseUrl, path: '/tasks', method: 'POST', headers: { ...headers, 'x-bench-assignee': executor.userId }, body: task.payload, variantModule: new URL('./tasks-variants.mjs', import.meta.url).href, variant: 'freshTask' });
    rows.push(row('POST /tasks with an executor (fresh Idempotency-Key)', 'postgres', tasks.server, tasks.base, 'report', tasks.peakRssMb));

    await importData(ctx.storage, p.slug, { financeCategories: [{ name: 'Rent' }] }, ctx.modules);
    const requests: string[] = [];
    for (let i = 0; i < 200; i++) {
      const created = await api(ctx, p.token, 'POST', '/finance-requests', { body: { title: `Bench request ${i}`, amount: '100.25', counterparty: 'Bench LLC', category: 'Rent', paymentDate: '2025-03-05' } });
      requests.push(json<{ id: string }>(created).id);
    }
    process.env.BENCH_PG_WRITES = JSON.stringify({ requests });
    const patched = await api(ctx, p.token, 'PATCH', `/finance-requests/${requests[0]}`, { body: { title: 'Bench title 0' } });
    const patch = await againstBaseline(patched.body, 200, { baseUrl: ctx.baseUrl, path: `/finance-requests/${requests[0]}`, method: 'PATCH', headers, body: patched.payload, variantModule: new URL('./pg-writes-variants.mjs', import.meta.url).href, variant: 'patchRequest' });
    rows.push(row('PATCH /finance-requests/{id} (title, 200 requests)', 'postgres', patch.server, patch.base, 'report', patch.peakRssMb));

    // Reads, quiet and under writes.
    const id = json<{ id: string }>(sample).id;
    const record = await api(ctx, p.token, 'GET', `/clients/${id}`);
    const list = await api(ctx, p.token, 'GET', '/clients?limit=50');
    const tag = list.headers.etag as string;
    const reads = async (label: string) => {
      const readHeaders = { 'x-api-token': p.token };
      const one = await againstBaseline(record.body, 200, { baseUrl: ctx.baseUrl, path: `/clients/${id}`, headers: readHeaders });
      rows.push(row(`GET /clients/{id}${label}`, 'postgres', one.server, one.base, '≥ 0.35', one.peakRssMb));
      const page = await againstBaseline(list.body, 200, { baseUrl: ctx.baseUrl, path: '/clients?limit=50', headers: readHeaders });
      rows.push(row(`GET /clients?limit=50${label}`, 'postgres', page.server, page.base, '≥ 0.3', page.peakRssMb));
      const poll = await againstBaseline('', 304, { baseUrl: ctx.baseUrl, path: '/clients?limit=50', headers: { ...readHeaders, 'if-none-match': tag } });
      rows.push(row(`GET /clients?limit=50, If-None-Match (304)${label}`, 'postgres', poll.server, poll.base, '≥ 0.4', poll.peakRssMb));
    };
    await reads('');
    // Writers on another collection (products), so the polled list stays unchanged and a 304
    // stays a 304, while every read shares the database and the process with writes.
    const writing = load({ url: `${ctx.baseUrl}/products`, method: 'POST', headers, body: JSON.stringify({ name: 'Bench product' }), connections: 10, duration: seconds() * 4 + 8 });
    await reads(' (10 connections creating products meanwhile)');
    const written = await writing;
    console.log(`writes meanwhile: ${Math.round(written.rps)} req/s, ${written.non2xx} non-2xx`);

    if (pooled) {
      // The create comparison again on direct connections, as a server without a pooler runs:
      // its statements are named and planned once per connection, which PgBouncer before 1.21
      // cannot forward. Last, with the pooled server stopped, so that no second server's event
      // runner handles these creates' events too.
      await ctx.stopServer();
      await roomForConnections(ctx.config.databaseSessionUrl!, CONNECTIONS + 20);
      const direct = await deployServer(ctx.config.databaseSessionUrl!);
      try {
        rows.splice(1, 0, await createAgainstPgbench('POST /clients (fresh Idempotency-Key) ÷ pgbench, same statements, direct connections (named statements)', ctx.config.databaseSessionUrl!, script, { ...createOptions, url: `${direct.url}/clients` }, direct.pid));
      } finally {
        await direct.stop();
      }
    }
  } finally {
    await ctx.close();
  }
  printRows('PostgreSQL writes against pgbench, and reads', rows);
}
