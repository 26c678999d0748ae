/**
 * Latency of one request at a time (the low concurrency of the acceptance figures), measured from
 * this process against the deployed server over keep-alive HTTP: two requests, on the demo and
 * on the large organization, take turns in blocks so both see the same machine.
 */
import { Agent, request } from 'undici';

export interface Req {
  method: 'GET' | 'POST';
  /** Relative to the API root. */
  path: string;
  token: string;
  /** A fresh body for each request (writes). */
  body?: (n: number) => unknown;
}

export interface Latency {
  p50: number;
  p99: number;
  /** Answers that were not 2xx: a figure with any is not a measure of the request. */
  failed: number;
}

let agent: Agent | undefined;
const dispatcher = () => (agent ??= new Agent({ connections: 2, pipelining: 1 }));
let sent = 0;

async function once(baseUrl: string, req: Req): Promise<{ ms: number; ok: boolean }> {
  sent += 1;
  const body = req.body ? JSON.stringify(req.body(sent)) : undefined;
  const headers: Record<string, string> = { 'x-api-token': req.token, ...(body ? { 'content-type': 'application/json' } : {}) };
  const start = process.hrtime.bigint();
  const res = await request(`${baseUrl}${req.path}`, { method: req.method, headers, body, dispatcher: dispatcher() });
  await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, ok: res.statusCode >= 200 && res.statusCode < 300 };
}

/** The answer's JSON (for setting up: ids, cursors, totals). */
export async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const res = await request(`${baseUrl}${path}`, { headers: { 'x-api-token': token }, dispatcher: dispatcher() });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summary(times: number[], failed: number): Latency {
  times.sort((a, b) => a - b);
  const round = (v: number) => Number(v.toFixed(2));
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), failed };
}

const BLOCK = 10;

/** `samples` timed requests of each, after a warm-up of a block each, in alternating blocks. */
export async function paired(baseUrl: string, demo: Req, large: Req, samples: number): Promise<{ demo: Latency; large: Latency }> {
  const sides = [demo, large].map((req) => ({ req, times: [] as number[], failed: 0 }));
  for (const side of sides) for (let i = 0; i < BLOCK; i++) await once(baseUrl, side.req);
  while (sides.some((s) => s.times.length < samples)) {
    for (const side of sides) {
      for (let i = 0; i < BLOCK && side.times.length < samples; i++) {
        const { ms, ok } = await once(baseUrl, side.req);
        side.times.push(ms);
        if (!ok) side.failed += 1;
      }
    }
  }
  return { demo: summary(sides[0]!.times, sides[0]!.failed), large: summary(sides[1]!.times, sides[1]!.failed) };
}

export async function closeAgent(): Promise<void> {
  await agent?.close();
  agent = undefined;
}
