import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { sql } from 'kysely';
import { API_PREFIX } from '../../src/app.ts';
import { importData } from '../../src/import.ts';
import { allMigrations } from '../../src/setup.ts';
import { copyDatabase } from '../../src/storage/copy/copy.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { POSTGRES_URL, createPrincipal, describeEachDatabase, freshDatabase, testConfig } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';

type Page = { items: Array<{ id: string }>; total: number; next_cursor: string | null };

/** The list counters of one table and organization, by view, as stored and as counted from its rows. */
async function countersAndRows(storage: Storage, orgId: string, table: 'crm_clients' | 'tasks'): Promise<{ stored: Record<string, number>; counted: Record<string, number> }> {
  const stored: Record<string, number> = {};
  const views = await sql<{ view: string; n: unknown }>`select view, sum(n) as n from list_counts where org_id = ${orgId} and collection = ${table} group by view`.execute(storage.db);
  for (const row of views.rows) if (Number(row.n) !== 0) stored[row.view] = Number(row.n);
  const counted: Record<string, number> = {};
  const add = (view: string, n: number) => (counted[view] = (counted[view] ?? 0) + n);
  const status = table === 'tasks' ? sql`status` : sql`null`;
  const rows = await sql<{ archived: unknown; status: string | null; n: unknown }>`select is_archived as archived, ${status} as status, count(*) as n from ${sql.table(table)} where org_id = ${orgId} group by 1, 2`.execute(storage.db);
  for (const row of rows.rows) {
    const flag = row.archived === true || Number(row.archived) === 1 ? '1' : '0';
    add(`*${flag}`, Number(row.n));
    if (row.status !== null) add(`status=${row.status}*${flag}`, Number(row.n));
  }
  return { stored, counted };
}

async function assertCountersExact(storage: Storage, orgId: string): Promise<void> {
  for (const table of ['crm_clients', 'tasks'] as const) {
    const { stored, counted } = await countersAndRows(storage, orgId, table);
    assert.deepEqual(stored, counted, `${table}: the counters are the rows' own count`);
  }
}

describeEachDatabase('List totals from counters', (ctx) => {
  /** The API over real HTTP. */
  async function serving(): Promise<(p: Principal, method: string, path: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown> }>> {
    const app = ctx().app;
    if (app.server.listening === false) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return async (p, method, path, body) => {
      const res = await fetch(`http://127.0.0.1:${port}${API_PREFIX}${path}`, {
        method,
        headers: { 'x-api-token': p.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
  }

  it('stay exact under concurrent creates, archives and status changes, and answer every filtered total as a count would', async () => {
    const http = await serving();
    const p = await createPrincipal(ctx());
    const created = async (path: string, body: unknown) => {
      const res = await http(p, 'POST', path, body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return String(res.body.id);
    };
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => created('/clients', { name: `First ${i}` })));
    const tasks = await Promise.all(Array.from({ length: 10 }, (_, i) => created('/tasks', { title: `Task ${i}` })));
    await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => created('/clients', { name: `Parallel ${i}` })),
      ...first.slice(0, 12).map(async (id) => assert.equal((await http(p, 'PATCH', `/clients/${id}`, { is_archived: true })).status, 200)),
      ...tasks.slice(0, 6).map(async (id) => assert.equal((await http(p, 'PATCH', `/tasks/${id}`, { status: 'In progress' })).status, 200)),
      ...tasks.slice(6, 8).map(async (id) => assert.equal((await http(p, 'PATCH', `/tasks/${id}`, { is_archived: true })).status, 200)),
    ]);
    await assertCountersExact(ctx().storage, p.orgId);
    const total = async (path: string) => Number((await http(p, 'GET', path)).body.total);
    assert.equal(await total('/clients'), 58);
    assert.equal(await total('/clients?include_archived=true'), 70);
    assert.equal(await total('/tasks?status=In%20progress'), 6);
    assert.equal(await total('/tasks?status=New'), 2);
    assert.equal(await total('/tasks'), 8);
    // Totals without a counter are counted, and agree.
    assert.equal(await total('/clients?search=parallel'), 50);
    assert.equal(await total('/clients?search=first&include_archived=true'), 20);
    assert.equal(await total('/tasks?status=Done'), 0);
  });

  it('pages by cursor without repeating or missing a record while others create and archive', async () => {
    const http = await serving();
    const p = await createPrincipal(ctx());
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(String((await http(p, 'POST', '/clients', { name: `Walked ${i}` })).body.id));
    const archived = new Set(ids.filter((_, i) => i % 4 === 1));
    const toArchive = [...archived];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = (await http(p, 'GET', `/clients?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`)).body as unknown as Page;
      seen.push(...page.items.map((c) => c.id));
      cursor = page.next_cursor;
      pages += 1;
      // Between pages: a new client, and an archive somewhere in the collection.
      await http(p, 'POST', '/clients', { name: `Meanwhile ${pages}` });
      const next = toArchive.shift();
      if (next !== undefined) await http(p, 'PATCH', `/clients/${next}`, { is_archived: true });
    } while (cursor !== null);
    assert.equal(new Set(seen).size, seen.length, 'no record twice');
    const missed = ids.filter((id) => !archived.has(id) && !seen.includes(id));
    assert.deepEqual(missed, [], 'every record live throughout the walk is met');
  });

  it('stay exact after an import and in a copy to either engine', async () => {
    const p = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, {
      clients: Array.from({ length: 30 }, (_, i) => ({ name: `Imported ${i}`, ...(i % 3 === 0 ? { is_archived: true } : {}) })),
      tasks: Array.from({ length: 9 }, (_, i) => ({ title: `Imported task ${i}`, ...(i % 2 === 0 ? { status: 'Done' } : {}) })),
    });
    await assertCountersExact(ctx().storage, p.orgId);
    const kind = POSTGRES_URL === undefined ? ctx().kind : ctx().kind === 'sqlite' ? 'postgres' : 'sqlite';
    const target = await freshDatabase(kind);
    try {
      await copyDatabase({ from: ctx().config.databaseUrl, to: target.url, toNamedBy: '--to', migrations: allMigrations() });
      const copy = openStorage(testConfig(target.url));
      try {
        await assertCountersExact(copy, p.orgId);
        const { stored } = await countersAndRows(copy, p.orgId, 'crm_clients');
        assert.deepEqual(stored, { '*0': 20, '*1': 10 });
      } finally {
        await copy.close();
      }
    } finally {
      await target.drop();
    }
  });
});
