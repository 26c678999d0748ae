/**
 * The server under a fault: `serve --bootstrap-demo` as a child process on a database of the
 * test's own, its demo admin token, and what is checked after the fault through the API itself:
 * each acknowledged write there once, its client.created event in the feed once, its webhook
 * delivered.
 */
import { Agent, request } from 'undici';
import { startServer, stopServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import type { Received } from '../helpers/https-receiver.ts';
import { waitUntil } from '../helpers/patience.ts';
import type { Target, WriteLoad } from './load.ts';

export interface FaultServer extends Target {
  child: ChildServer;
  /** http://127.0.0.1:port */
  origin: string;
  alive(): boolean;
  stop(): Promise<number | null>;
}

/** Starts the server on `databaseUrl`; `env` adds settings (REDIS_URL, DATABASE_SESSION_URL, pool size…). */
export async function serveOn(databaseUrl: string, env: Record<string, string> = {}): Promise<FaultServer> {
  const child = await startServer(['src/cli/main.ts', 'serve', '--bootstrap-demo', '--port', '0'], databaseUrl, {
    REDIS_URL: '',
    DATABASE_SESSION_URL: '',
    BIZPLAT_RATE_LIMIT: '1000000',
    BIZPLAT_AUTH_FAILURE_LIMIT: '1000000',
    ...env,
  });
  const output = child.output();
  const token = /X-API-Token: (bzp_demo_[A-Za-z0-9_-]+)/.exec(output)?.[1];
  const base = /"url":"(http:[^"]+)"/.exec(output)?.[1];
  if (!token || !base) throw new Error(`no demo token or URL in the server's output:\n${output}`);
  return {
    child,
    base,
    token,
    origin: new URL(base).origin,
    alive: () => child.process.exitCode === null && child.process.signalCode === null,
    stop: () => stopServer(child.process, 'SIGKILL'),
  };
}

/** What the server printed beyond its request log: warnings, errors, a crash's stack; the last `chars` of it. */
export function notable(server: FaultServer, chars = 4000): string {
  return server.child.output().split('\n').filter((line) => !line.includes('"msg":"request completed"')).join('\n').slice(-chars);
}

/**
 * GET through the API as the demo admin; the parsed body. A 503 is repeated after its
 * Retry-After, as a client would, and noted in `refused` (when given) for the verdict; anything
 * else but 200 fails.
 */
export async function getJson<T>(target: Target, path: string, refused?: string[]): Promise<T> {
  const agent = new Agent({ connections: 1 });
  try {
    for (let attempt = 1; ; attempt += 1) {
      const response = await request(`${target.base}${path}`, { dispatcher: agent, headers: { 'x-api-token': target.token } });
      const text = await response.body.text();
      if (response.statusCode === 200) return JSON.parse(text) as T;
      if (response.statusCode !== 503 || refused === undefined || attempt >= 20) throw new Error(`GET ${path}: ${response.statusCode} ${text}`);
      refused.push(`GET ${path} after the fault: 503 ${text.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(1, Number(response.headers['retry-after']) || 1)));
    }
  } finally {
    await agent.close();
  }
}

/** POST through the API as the demo admin; the parsed body, failing on anything but 2xx. */
export async function postJson<T>(target: Target, path: string, body: unknown): Promise<T> {
  const agent = new Agent({ connections: 1 });
  try {
    const response = await request(`${target.base}${path}`, { method: 'POST', dispatcher: agent, headers: { 'x-api-token': target.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`POST ${path}: ${response.statusCode} ${text}`);
    return JSON.parse(text) as T;
  } finally {
    await agent.close();
  }
}

/**
 * What is wrong with the writes after the fault: an acknowledged key whose client is missing,
 * there more than once, or not the one acknowledged; a record of the load that was never
 * acknowledged (a duplicate made by a retry).
 */
export async function writeProblems(target: Target, load: WriteLoad): Promise<string[]> {
  const byName = new Map<string, string[]>();
  const refused: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await getJson<{ items: Array<{ id: string; name: string }>; total: number }>(target, `/clients?limit=200&offset=${offset}`, refused);
    for (const c of page.items) if (c.name.startsWith(`${load.prefix}-`)) byName.set(c.name, [...(byName.get(c.name) ?? []), c.id]);
    if (page.items.length < 200) break;
  }
  const problems: string[] = [...refused];
  for (const [key, id] of load.acknowledged) {
    const ids = byName.get(key) ?? [];
    if (ids.length === 0) problems.push(`${key}: acknowledged as ${id}, missing`);
    else if (ids.length > 1) problems.push(`${key}: ${ids.length} clients (${ids.join(', ')})`);
    else if (ids[0] !== id) problems.push(`${key}: acknowledged as ${id}, stored as ${ids[0]}`);
  }
  for (const [name, ids] of byName) if (!load.acknowledged.has(name)) problems.push(`${name}: stored (${ids.join(', ')}) but never acknowledged`);
  for (const key of load.replayMismatches) problems.push(`${key}: its repeats were answered with different clients`);
  return problems;
}

/** Waits until every acknowledged client has its client.created event in the feed; returns what is wrong (missing, repeated). */
export async function eventProblems(target: Target, load: WriteLoad): Promise<string[]> {
  const wanted = new Set(load.acknowledged.values());
  const seen = new Map<string, number>();
  let cursor: string | undefined;
  const missing = () => [...wanted].filter((id) => !seen.has(id));
  const refused: string[] = [];
  await waitUntil('every acknowledged client\'s client.created event in the feed', async () => {
    for (;;) {
      const page = await getJson<{ items: Array<{ data: { entityId: string } }>; next_cursor: string }>(target, `/events?types=client.created&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, refused);
      for (const item of page.items) if (wanted.has(item.data.entityId)) seen.set(item.data.entityId, (seen.get(item.data.entityId) ?? 0) + 1);
      cursor = page.next_cursor;
      if (page.items.length < 500) break;
    }
    return missing().length === 0;
  }, 60_000, () => `missing ${missing().slice(0, 10).join(', ')}`).catch(() => {});
  return [
    ...refused,
    ...missing().map((id) => `client ${id}: no client.created event`),
    ...[...seen].filter(([, n]) => n > 1).map(([id, n]) => `client ${id}: ${n} client.created events`),
  ];
}

/** A webhook subscription for client.created to `url`. */
export function subscribe(target: Target, url: string): Promise<unknown> {
  return postJson(target, '/webhooks', { name: 'fault receiver', url, events: ['client.created'] });
}

/**
 * Waits until every acknowledged client's client.created delivery has arrived; returns what is
 * wrong: a client never delivered, or deliveries of one client under different webhook ids (a
 * repeat under the same id is a retry a receiver drops by its id, as the Standard Webhooks ask).
 */
export async function deliveryProblems(received: Received[], load: WriteLoad): Promise<string[]> {
  const byClient = new Map<string, Set<string>>();
  const index = () => {
    byClient.clear();
    for (const r of received) {
      const body = JSON.parse(r.body.toString()) as { event?: string; data?: { entityId?: string } };
      if (body.event !== 'client.created' || !body.data?.entityId) continue;
      const id = String(r.headers['webhook-id'] ?? r.headers['x-webhook-id'] ?? '');
      byClient.set(body.data.entityId, (byClient.get(body.data.entityId) ?? new Set()).add(id));
    }
  };
  const missing = () => [...load.acknowledged.values()].filter((id) => !byClient.has(id));
  await waitUntil('every acknowledged client\'s webhook delivery', () => (index(), missing().length === 0), 60_000, () => `missing ${missing().length}`).catch(() => {});
  return [
    ...missing().map((id) => `client ${id}: no client.created delivery`),
    ...[...byClient].filter(([, ids]) => ids.size > 1).map(([id, ids]) => `client ${id}: delivered under ${ids.size} webhook ids`),
  ];
}
