/**
 * The event spine against its own past (SQLite, and PostgreSQL when TEST_DATABASE_URL is set):
 * - a claim (the runner's: every consumer, 100 rows) on a small backlog, then on a large one
 *   (BENCH_SPINE_EVENTS pending fan-out rows, default 100,000, and as many finished), median of
 *   20 claims each, with the plan the database chose for it;
 * - the large backlog drained by a deployed server: events/s;
 * - GET /ping while it drains (4 connections, 200 requests/s in all: a steady flow of requests,
 *   not a load that competes with the drain for the CPU), p50/p99 against the same server idle
 *   after the drain, in the same run.
 * The backlog is written straight into the tables (events and their `webhooks.fan-out` rows of
 * an organization without subscriptions), as an import of a version before fan-out rows were
 * skipped for such organizations would have left it.
 *   BENCH_SPINE_EVENTS=150000 npm run bench -- spine
 */
import { sql } from 'kysely';
import type { CompiledQuery } from 'kysely';
import { domainModules } from '../src/domains/index.ts';
import { claimDue } from '../src/events/queries.ts';
import type { Storage } from '../src/storage/storage.ts';
import type { DatabaseKind } from '../test/helpers/harness.ts';
import { createContext, createPrincipal } from '../test/helpers/harness.ts';
import { deployServer, runLoad } from './deployed.ts';
import { benchDatabases } from './lib.ts';
import type { LoadResult } from './lib.ts';

const SMALL = 100;
const CLAIM_BATCH = 100;
const CLAIMS = 20;
const PING_CONNECTIONS = 4;
const PING_RATE = 200;
const CONSUMERS = domainModules.flatMap((m) => m.consumers ?? []).map((c) => c.name);
const size = () => Math.max(1000, Number(process.env.BENCH_SPINE_EVENTS ?? 100_000));
const seconds = () => Number(process.env.BENCH_SECONDS ?? 3);

/** `n` client.created events of the organization, each its own client, with one fan-out row each: the older half finished, the newer half pending when `finished` is false. */
async function addBacklog(storage: Storage, kind: DatabaseKind, orgId: string, n: number, status: 'pending' | 'done'): Promise<void> {
  if (kind === 'sqlite') {
    await sql`insert into events (id, org_id, event, entity_type, entity_id, data, created_at)
      with recursive n(i, e) as (select 1, lower(hex(randomblob(16))) union all select i + 1, lower(hex(randomblob(16))) from n where i < ${n})
      select lower(hex(randomblob(16))), ${orgId}, 'client.created', 'client', e, '{"entityType":"client","entityId":"' || e || '","version":1}',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${n} - i) || ' seconds', '-1 days') from n`.execute(storage.db);
  } else {
    await sql`insert into events (id, org_id, event, entity_type, entity_id, data, created_at)
      select gen_random_uuid()::text, ${orgId}, 'client.created', 'client', e, jsonb_build_object('entityType', 'client', 'entityId', e, 'version', 1),
        now() - interval '1 day' - (${n} - i) * interval '1 second'
      from (select i, gen_random_uuid()::text as e from generate_series(1, ${n}) as i) g`.execute(storage.db);
  }
  // The rows of the events just written: those with no progress row yet.
  await sql`insert into event_progress (consumer, event_seq, org_id, entity_type, entity_id, status, attempts, next_attempt_at, last_error, created_at, completed_at)
    select 'webhooks.fan-out', v.seq, v.org_id, v.entity_type, v.entity_id, ${status}, ${status === 'done' ? 1 : 0}, v.created_at, null, v.created_at, ${status === 'done' ? sql`v.created_at` : sql`null`}
    from events v where v.org_id = ${orgId} and not exists (select 1 from event_progress p where p.event_seq = v.seq)`.execute(storage.db);
}

/** The median time of a claim, in ms; each claim's transaction is rolled back (nothing is handled). */
async function claimMs(storage: Storage): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < CLAIMS; i++) {
    await storage
      .transaction(async (tx) => {
        const start = performance.now();
        rows = (await claimDue(tx, CONSUMERS, new Date().toISOString(), CLAIM_BATCH)).length;
        times.push(performance.now() - start);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  }
  times.sort((a, b) => a - b);
  return { ms: Number(times[Math.floor(times.length / 2)]!.toFixed(3)), rows };
}

class RolledBack extends Error {}

/** The plan of the claim's statement as the database explains it. */
async function claimPlan(storage: Storage, kind: DatabaseKind): Promise<string> {
  let text = '';
  await storage
    .transaction(async (tx) => {
      const original = tx.db.executeQuery.bind(tx.db);
      // The claim's own text and values, explained instead of run.
      (tx.db as { executeQuery: typeof original }).executeQuery = (async (query: CompiledQuery) => {
        const explain = kind === 'sqlite' ? 'explain query plan ' : 'explain ';
        const result = await original({ ...query, sql: explain + query.sql });
        text = (result.rows as Array<Record<string, unknown>>).map((r) => (kind === 'sqlite' ? `${r.detail as string}` : `${r['QUERY PLAN'] as string}`)).join('\n');
        return { rows: [] };
      }) as typeof original;
      await claimDue(tx, CONSUMERS, new Date().toISOString(), CLAIM_BATCH);
      (tx.db as { executeQuery: typeof original }).executeQuery = original;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return text;
}

async function pendingCount(storage: Storage): Promise<number> {
  const row = await storage.db.selectFrom('event_progress').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}

interface SpineFigures {
  kind: DatabaseKind;
  small: { ms: number; rows: number };
  large: { ms: number; rows: number };
  plan: string;
  drained: number;
  drainSeconds: number;
  pingDraining: LoadResult;
  pingIdle: LoadResult;
  drainedDuringPing: boolean;
}

async function measure(kind: DatabaseKind): Promise<SpineFigures> {
  const ctx = await createContext(kind, { BIZPLAT_SQLITE_SYNCHRONOUS: 'FULL' });
  try {
    const p = await createPrincipal(ctx);
    await addBacklog(ctx.storage, kind, p.orgId, SMALL, 'done');
    await addBacklog(ctx.storage, kind, p.orgId, SMALL, 'pending');
    const small = await claimMs(ctx.storage);
    const n = size();
    await ctx.storage.db.updateTable('event_progress').set({ status: 'done', completed_at: new Date().toISOString() }).where('status', '=', 'pending').execute();
    await addBacklog(ctx.storage, kind, p.orgId, n, 'done');
    await addBacklog(ctx.storage, kind, p.orgId, n, 'pending');
    const large = await claimMs(ctx.storage);
    const plan = await claimPlan(ctx.storage, kind);
    const drained = await pendingCount(ctx.storage);
    const server = await deployServer(ctx.config.databaseUrl, ctx.config.databaseSessionUrl ? { DATABASE_SESSION_URL: ctx.config.databaseSessionUrl } : {});
    const started = Date.now();
    try {
      const ping = () => runLoad<LoadResult>({ url: `${server.url}/ping`, method: 'GET', headers: { 'X-API-Token': p.token }, connections: PING_CONNECTIONS, overallRate: PING_RATE, duration: seconds() });
      const pingDraining = await ping();
      const drainedDuringPing = (await pendingCount(ctx.storage)) === 0;
      while ((await pendingCount(ctx.storage)) > 0) await new Promise((r) => setTimeout(r, 100));
      const drainSeconds = (Date.now() - started) / 1000;
      const pingIdle = await ping();
      return { kind, small, large, plan, drained, drainSeconds, pingDraining, pingIdle, drainedDuringPing };
    } finally {
      await server.stop();
    }
  } finally {
    await ctx.close();
  }
}

export default async function run(): Promise<void> {
  const figures: SpineFigures[] = [];
  for (const kind of benchDatabases()) figures.push(await measure(kind));
  console.log(`\n## Event spine: ${size()} pending and ${size()} finished fan-out rows against ${SMALL} and ${SMALL}; GET /ping at ${PING_RATE}/s\n`);
  console.log('| db | claim small ms | claim large ms | large / small | drained | drain s | events/s | /ping p50 draining | /ping p99 draining | /ping p99 idle | p99 draining / idle |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    const note = f.drainedDuringPing ? ' (drained before the ping slice ended)' : '';
    console.log(
      `| ${f.kind} | ${f.small.ms} (${f.small.rows} rows) | ${f.large.ms} (${f.large.rows} rows) | ${(f.large.ms / f.small.ms).toFixed(2)} | ${f.drained} | ${f.drainSeconds.toFixed(1)} | ${Math.round(f.drained / f.drainSeconds)} | ${f.pingDraining.p50} | ${f.pingDraining.p99}${note} | ${f.pingIdle.p99} | ${f.pingIdle.p99 >= 1 ? (f.pingDraining.p99 / f.pingIdle.p99).toFixed(2) : 'idle < 1 ms'} |`,
    );
  }
  for (const f of figures) console.log(`\nThe claim's plan on ${f.kind} (large backlog):\n\n\`\`\`\n${f.plan}\n\`\`\``);
}
