/**
 * The backlog the import left, drained by the deployed server: events/s from the moment the
 * server is ready to the last pending row (polled every 200 ms), and GET /ping at a steady
 * 200 requests/s (4 connections) all along, in slices of BENCH_SECONDS: the median slice's p50
 * and the slowest slice's p99 are reported.
 */
import type { Storage } from '../../src/storage/storage.ts';
import { runLoad } from '../deployed.ts';
import type { LoadResult } from '../lib.ts';

const PING_CONNECTIONS = 4;
const PING_RATE = 200;
const POLL_MS = 200;

export interface DrainFigures {
  /** Pending rows when the server was started. */
  backlog: number;
  /** Pending rows when it was ready: what the rate is measured on. */
  pending: number;
  drained: number;
  seconds: number;
  /** Whether the backlog was gone before the time limit. */
  finished: boolean;
  pingP50: number;
  pingP99: number;
  pingErrors: number;
}

export async function pendingRows(storage: Storage): Promise<number> {
  const row = await storage.db.selectFrom('event_progress').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether any row is pending: one probe of the claim's partial index. The drain is watched with
 * this, not with a count: counting millions of pending rows every poll took a core of the
 * database's host from the drain it measured.
 */
async function anyPending(storage: Storage): Promise<boolean> {
  return (await storage.db.selectFrom('event_progress').select('event_seq').where('status', '=', 'pending').limit(1).executeTakeFirst()) !== undefined;
}

/** Measures from now (the server just became ready) until nothing is pending or `limitSeconds` have passed. */
export async function measureDrain(storage: Storage, baseUrl: string, token: string, backlog: number, limitSeconds: number): Promise<DrainFigures> {
  const started = performance.now();
  const pending = await pendingRows(storage);
  const elapsed = () => (performance.now() - started) / 1000;
  let left = pending;
  let draining = pending > 0;
  let seconds = 0;
  const poll = (async () => {
    while (draining && elapsed() < limitSeconds) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      draining = await anyPending(storage);
    }
    seconds = elapsed();
    left = draining ? await pendingRows(storage) : 0;
    draining = false;
  })();
  const slices: LoadResult[] = [];
  do {
    slices.push(await runLoad<LoadResult>({ url: `${baseUrl}/ping`, method: 'GET', headers: { 'x-api-token': token }, connections: PING_CONNECTIONS, overallRate: PING_RATE, duration: Number(process.env.BENCH_SECONDS ?? 3) }));
  } while (draining && elapsed() < limitSeconds);
  await poll;
  const p50s = slices.map((s) => s.p50).sort((a, b) => a - b);
  return {
    backlog,
    pending,
    drained: pending - left,
    seconds,
    finished: left === 0,
    pingP50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    pingP99: Math.max(0, ...slices.map((s) => s.p99)),
    pingErrors: slices.reduce((sum, s) => sum + s.errors + s.non2xx, 0),
  };
}
