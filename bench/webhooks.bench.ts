/**
 * Webhook delivery: deliveries per second from the deliveries table to a local HTTPS receiver (running in
 * its own thread), against a baseline of raw undici POSTs of the same bodies with the same
 * concurrency and no database; how fast the webhook consumer fans a backlog of events out to
 * deliveries; and event-to-first-attempt latency (commit → consumer → dispatcher → request arrives).
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { createSecureContext, rootCertificates } from 'node:tls';
import { readFileSync } from 'node:fs';
import { Dispatcher } from '../src/domains/webhooks/dispatcher.ts';
import { emit } from '../src/events/emit.ts';
import { handleDue } from '../src/events/handling.ts';
import { ConsumerRunner } from '../src/events/runner.ts';
import { webhookFanOut } from '../src/domains/webhooks/events.ts';
import { newId } from '../src/storage/ids.ts';
import { api, createContext, createPrincipal, json } from '../test/helpers/harness.ts';
import { makeCertificate } from '../test/helpers/https-receiver.ts';
import type { TestCertificate } from '../test/helpers/https-receiver.ts';
import { benchDatabases, withPeakRss } from './lib.ts';

const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5000);
const LATENCY_EVENTS = 200;
const CONCURRENCY = 32;

interface ReceiverThread {
  url: string;
  ask<T>(what: 'count' | 'arrivals'): Promise<T>;
  close(): Promise<void>;
}

async function receiverThread(cert: TestCertificate, recordArrivals: boolean): Promise<ReceiverThread> {
  const worker = new Worker(new URL('./webhook-receiver-worker.mjs', import.meta.url), { workerData: { certFile: cert.certFile, keyFile: cert.keyFile, recordArrivals } });
  const [ready] = (await once(worker, 'message')) as [{ port: number }];
  return {
    url: `https://127.0.0.1:${ready.port}/hook`,
    ask: async <T>(what: 'count' | 'arrivals') => {
      worker.postMessage(what);
      const [m] = (await once(worker, 'message')) as [Record<string, unknown>];
      return m[what === 'count' ? 'count' : 'arrivals'] as T;
    },
    close: async () => {
      worker.postMessage('close');
      await once(worker, 'exit');
    },
  };
}

async function waitForCount(r: ReceiverThread, n: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await r.ask<number>('count')) < n) {
    if (Date.now() > until) throw new Error('receiver did not get every delivery in time');
    await new Promise((res) => setTimeout(res, 5));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Raw undici POSTs with CONCURRENCY in flight: the ceiling the dispatcher is compared to. */
async function baselineRate(url: string, cert: TestCertificate, n: number, body: string): Promise<number> {
  const agent = new Agent({ connections: CONCURRENCY, connect: { secureContext: createSecureContext({ ca: [...rootCertificates, readFileSync(cert.certFile, 'utf8')] }) } });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const res = await request(url, { method: 'POST', dispatcher: agent, body, headers: { 'content-type': 'application/json' } });
        await res.body.dump();
      }
    }),
  );
  const rate = n / ((performance.now() - started) / 1000);
  await agent.close();
  return rate;
}

export default async function run(): Promise<void> {
  const cert = makeCertificate();
  const lines: string[] = [];
  try {
    for (const kind of benchDatabases()) {
      const env = { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_CONCURRENCY: String(CONCURRENCY), BIZPLAT_SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNC ?? 'FULL' };
      const ctx = await createContext(kind, env);
      const receiver = await receiverThread(cert, true);
      try {
        const p = await createPrincipal(ctx);
        const res = await api(ctx, p.token, 'POST', '/webhooks', { body: { name: 'bench', url: receiver.url, events: '*' } });
        if (res.statusCode !== 201) throw new Error(res.body);
        const subId = json<{ id: string }>(res).id;

        // Throughput: a backlog of deliveries, then a dispatcher drains it.
        for (let done = 0; done < THROUGHPUT_EVENTS; done += 100) {
          await ctx.storage.transaction(async (tx) => {
            for (let i = 0; i < 100; i++) await emit(tx, { orgId: p.orgId, name: 'client.updated', entityType: 'client', entityId: newId(), context: { version: 2, changedFields: ['name'] } });
          });
        }
        // The webhook consumer turns the backlog of events into deliveries (before the dispatcher starts).
        const fanOutStarted = performance.now();
        while ((await handleDue(ctx.storage, [webhookFanOut], 50, ctx.config.eventRetryBaseMs)).claimed > 0);
        const fanOutRate = THROUGHPUT_EVENTS / ((performance.now() - fanOutStarted) / 1000);
        const dispatcher = new Dispatcher({ storage: ctx.storage, config: ctx.config, log: ctx.app.log });
        const { result: seconds, peakRssMb } = await withPeakRss(async () => {
          const started = performance.now();
          await dispatcher.start();
          await waitForCount(receiver, THROUGHPUT_EVENTS);
          return (performance.now() - started) / 1000;
        });
        const rate = THROUGHPUT_EVENTS / seconds;
        const sample = await ctx.storage.db.selectFrom('webhook_deliveries').select('body').where('org_id', '=', p.orgId).executeTakeFirstOrThrow();
        const base = await baselineRate(receiver.url, cert, THROUGHPUT_EVENTS, sample.body);
        const durations = (await ctx.storage.db.selectFrom('webhook_attempts').select('duration_ms').where('subscription_id', '=', subId).execute()).map((a) => a.duration_ms).sort((a, b) => a - b);
        lines.push(
          `| deliveries/s (backlog of ${THROUGHPUT_EVENTS}) | ${kind} | ${Math.round(rate)} | ${Math.round(base)} | ${(rate / base).toFixed(3)} | attempt ${percentile(durations, 50)} | attempt ${percentile(durations, 99)} | ≥ 1000/s | ${peakRssMb} |`,
        );
        lines.push(`| events fanned out to deliveries/s (backlog of ${THROUGHPUT_EVENTS}, webhook consumer) | ${kind} | ${Math.round(fanOutRate)} | - | - | - | - | - | - |`);
        await receiver.ask('arrivals');
        const runner = new ConsumerRunner({ storage: ctx.storage, config: ctx.config, log: ctx.app.log }, [webhookFanOut]);
        await runner.start();

        // Latency: one event at a time on an idle consumer runner and dispatcher, commit to arrival.
        const emittedAt = new Map<string, number>();
        const before = await receiver.ask<number>('count');
        for (let i = 0; i < LATENCY_EVENTS; i++) {
          const entityId = newId();
          await ctx.storage.transaction((tx) => emit(tx, { orgId: p.orgId, name: 'deal.won', entityType: 'deal', entityId, context: { version: 3, stageId: entityId, stage: 'Won' } }));
          emittedAt.set(entityId, performance.timeOrigin + performance.now());
          await new Promise((r) => setTimeout(r, 10));
        }
        await waitForCount(receiver, before + LATENCY_EVENTS);
        await runner.stop();
        await dispatcher.stop();
        const arrivals = await receiver.ask<Array<[string, number]>>('arrivals');
        const events = await ctx.storage.db.selectFrom('events').select(['id', 'entity_id']).where('org_id', '=', p.orgId).where('event', '=', 'deal.won').execute();
        const entityOf = new Map(events.map((e) => [e.id, e.entity_id]));
        const latencies = arrivals
          .map(([id, at]) => at - (emittedAt.get(entityOf.get(id) ?? '') ?? NaN))
          .filter((x) => Number.isFinite(x))
          .sort((a, b) => a - b);
        lines.push(
          `| event → first attempt (${latencies.length} events, 1 at a time) | ${kind} | - | - | - | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | p50 < 100 ms | - |`,
        );
      } finally {
        await receiver.close();
        await ctx.close();
      }
    }
  } finally {
    cert.remove();
  }
  console.log('\n## Webhook delivery\n');
  console.log('| benchmark | db | deliveries/s | baseline/s (raw undici, no DB) | ratio | p50 ms | p99 ms | target | peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
}
