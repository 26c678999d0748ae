import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, stopServer } from '../helpers/child-server.ts';
import type { ChildServer } from '../helpers/child-server.ts';
import { createContext, createPrincipal, POSTGRES_URL } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { assertCommitOrder, consume } from './helpers.ts';
import type { FeedPage, Write } from './helpers.ts';

/** The API base of a child server, from its "serving the public API" log line. */
function baseUrl(server: ChildServer): string {
  const line = server.output().split('\n').find((l) => l.includes('serving the public API'));
  const url = line ? (JSON.parse(line) as { url?: string }).url : undefined;
  if (!url) throw new Error(`no URL in the server's log: ${server.output()}`);
  return url.replace(/\/$/, '');
}

describe('GET /events with two server processes [postgres]', { skip: POSTGRES_URL ? false : 'skipped: TEST_DATABASE_URL is not set' }, () => {
  let ctx: (TestContext & { close(): Promise<void> }) | undefined;
  const servers: ChildServer[] = [];
  before(async () => {
    ctx = await createContext('postgres');
    servers.push(...(await Promise.all([0, 1].map(() => startServer(['bin/bizplat.mjs', 'serve', '--port', '0'], ctx!.config.databaseUrl, {})))));
  });
  after(async () => {
    for (const s of servers) await stopServer(s.process);
    await ctx?.close();
  });

  it('a consumer paging both servers while 8 writers (4 on each) change records reads every committed event once, in commit order', async () => {
    const p = await createPrincipal(ctx!);
    const bases = servers.map(baseUrl);
    const call = async (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'x-api-token': p.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const writes: Write[] = [];
    let running = 8;
    const writer = async (n: number) => {
      const base = bases[n % 2]!;
      let sentAt = Date.now();
      const created = await call(base, 'POST', '/clients', { name: `Writer ${n}` });
      const id = String(created.id);
      writes.push({ entityId: id, version: 1, sentAt, answeredAt: Date.now() });
      for (let version = 1; version < 10; version++) {
        sentAt = Date.now();
        await call(base, 'PATCH', `/clients/${id}`, { city: `City ${version}` }, { 'if-match': String(version) });
        writes.push({ entityId: id, version: version + 1, sentAt, answeredAt: Date.now() });
      }
      running -= 1;
    };
    let turn = 0;
    const read = async (query: Record<string, string>) => {
      turn += 1;
      return (await call(bases[turn % 2]!, 'GET', `/events?${new URLSearchParams(query)}`)) as unknown as FeedPage;
    };
    const [items] = await Promise.all([consume(read, () => running === 0, 6, () => writes.length), ...Array.from({ length: 8 }, (_, n) => writer(n))]);
    assertCommitOrder(items, writes);
  });
});
