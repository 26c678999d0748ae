import assert from 'node:assert/strict';
import { it } from 'node:test';
import { clients, deals } from '../../src/domains/crm/queries.ts';
import { warehouses } from '../../src/domains/inventory/catalog.queries.ts';
import { InvalidCursorError, RecordNotFoundError } from '../../src/storage/errors.ts';
import { encodeCursor, listFingerprint } from '../../src/storage/keyset.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

type Rec = Record<string, unknown> & { id: string };
interface ListOut {
  items: Rec[];
  total: number;
  offset: number;
  next_cursor: string | null;
}

/** Every page of a list by cursor, from the first: the ids in the order met, and the pages read. */
async function walkByCursor(ctx: TestContext, p: Principal, path: string, query: Record<string, string>, between: () => Promise<void> = async () => {}): Promise<{ ids: string[]; pages: ListOut[] }> {
  const ids: string[] = [];
  const pages: ListOut[] = [];
  let cursor: string | null = null;
  do {
    const response = await api(ctx, p.token, 'GET', path, { query: cursor === null ? query : { ...query, cursor } });
    assert.equal(response.statusCode, 200, response.body);
    const page = json<ListOut>(response);
    pages.push(page);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.next_cursor;
    await between();
  } while (cursor !== null);
  return { ids, pages };
}

describeEachDatabase('declared resources', (ctx) => {
  it('get answers the record, or a 404 naming the resource, and the API says the same', async () => {
    const p = await createPrincipal(ctx());
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Got' } }));
    assert.deepEqual(await clients.get(ctx().storage.db, p.orgId, client.id), await clients.find(ctx().storage.db, p.orgId, client.id));
    await assert.rejects(clients.get(ctx().storage.db, p.orgId, 'no-such-client'), (error) => error instanceof RecordNotFoundError && error.message === 'client not found');
    await assert.rejects(
      ctx().storage.transaction((tx) => clients.update(tx.db, p.orgId, 'no-such-client', undefined, () => ({ name: 'x' }))),
      (error) => error instanceof RecordNotFoundError && error.message === 'client not found',
    );
    const missing = await api(ctx(), p.token, 'GET', '/clients/no-such-client');
    assert.equal(missing.statusCode, 404);
    assert.equal(json<{ message: string }>(missing).message, 'client not found');
  });

  it('get with a sees that refuses the record answers exactly as a missing one; update returns the record before the change', async () => {
    const p = await createPrincipal(ctx());
    const db = ctx().storage.db;
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Seen' } }));
    assert.equal((await clients.get(db, p.orgId, client.id, (record) => record.name === 'Seen')).id, client.id);
    const hidden = await clients.get(db, p.orgId, client.id, async () => false).catch((error: unknown) => error);
    const missing = await clients.get(db, p.orgId, 'no-such-client').catch((error: unknown) => error);
    assert.ok(hidden instanceof RecordNotFoundError && missing instanceof RecordNotFoundError);
    assert.equal(hidden.message, missing.message);

    const outcome = await ctx().storage.transaction((tx) => clients.update(tx.db, p.orgId, client.id, undefined, () => ({ name: 'Renamed' })));
    assert.deepEqual([outcome.before.name, outcome.record.name, outcome.changed], ['Seen', 'Renamed', ['name']]);
  });

  it("update's plan receives the record and its stored row, joined fields included, and runs again after a concurrent change", async () => {
    const p = await createPrincipal(ctx());
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Acme' } }));
    const deal = json<Rec>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Big one', client_id: client.id } }));
    const before = await deals.find(ctx().storage.db, p.orgId, deal.id);
    const runs: Array<{ version: unknown; storedVersion: unknown; orgId: unknown }> = [];
    const outcome = await ctx().storage.transaction((tx) =>
      deals.update(tx.db, p.orgId, deal.id, undefined, async (current, stored) => {
        if (runs.length === 0) {
          assert.deepEqual(current, before, 'the record is what find answers, joined fields included');
          // Another writer moves the version between the read and the write.
          await tx.db.updateTable('crm_deals').set((eb) => ({ version: eb('version', '+', 1) })).where('org_id', '=', p.orgId).where('id', '=', deal.id).execute();
        }
        runs.push({ version: current.version, storedVersion: stored.version, orgId: stored.org_id });
        return { title: 'Bigger one' };
      }),
    );
    assert.equal(outcome.record.title, 'Bigger one');
    assert.deepEqual(outcome.changed, ['title']);
    assert.equal(runs.length, 2, 'the plan ran again on the fresh row');
    for (const run of runs) assert.equal(Number(run.storedVersion), run.version);
    assert.deepEqual(runs.map((r) => r.orgId), [p.orgId, p.orgId], 'the stored row carries columns the record does not show');
    assert.equal(Number(runs[1]!.version), Number(runs[0]!.version) + 1);
  });

  it('a cursor walk meets the same records as the offset pages, flat by keyset, and ends with a null next_cursor', async () => {
    const p = await createPrincipal(ctx());
    for (let i = 0; i < 7; i++) await api(ctx(), p.token, 'POST', '/clients', { body: { name: `Walked ${i}` } });
    const byOffset = json<ListOut>(await api(ctx(), p.token, 'GET', '/clients', { query: { limit: '200' } }));
    assert.equal(byOffset.next_cursor, null, 'one page holds them all');
    const { ids, pages } = await walkByCursor(ctx(), p, '/clients', { limit: '3' });
    assert.deepEqual(ids, byOffset.items.map((r) => r.id));
    assert.deepEqual(pages.map((page) => [page.items.length, page.total, page.offset]), [[3, 7, 0], [3, 7, 0], [1, 7, 0]]);
    // An offset page gives a cursor too: the walk goes on after it.
    const second = json<ListOut>(await api(ctx(), p.token, 'GET', '/clients', { query: { limit: '3', offset: '3' } }));
    const third = json<ListOut>(await api(ctx(), p.token, 'GET', '/clients', { query: { limit: '3', cursor: second.next_cursor ?? '' } }));
    assert.deepEqual(third.items.map((r) => r.id), ids.slice(6));

    // Mixed directions (the default warehouse first, then by name): the same order as by offset.
    const db = ctx().storage.db;
    const hasDefault = (await warehouses.all(db, p.orgId)).some((w) => w.isDefault);
    for (const [i, name] of ['b', 'a', 'c', 'a', 'b'].entries()) {
      await warehouses.insert(db, { org_id: p.orgId, id: `w-${i}`, name, is_default: i === 2 && !hasDefault, is_archived: false, created_at: new Date().toISOString() });
    }
    const all = await warehouses.all(db, p.orgId, { includeArchived: true });
    const walked: string[] = [];
    for (let cursor: string | null | undefined; cursor !== null; ) {
      const page = await warehouses.list(db, p.orgId, { limit: 2, offset: 0, cursor, includeArchived: true });
      walked.push(...page.items.map((w) => w.id));
      cursor = page.next_cursor;
    }
    assert.deepEqual(walked, all.map((w) => w.id));
  });

  it('a cursor walk neither repeats nor misses a record while others create and archive', async () => {
    const p = await createPrincipal(ctx());
    const present: string[] = [];
    for (let i = 0; i < 12; i++) present.push(json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: `Kept ${i}` } })).id);
    const archived = new Set<string>();
    let step = 0;
    // Between pages: a new client, and one of those present archived, alternately from the end already read and the end not yet read.
    const { ids } = await walkByCursor(ctx(), p, '/clients', { limit: '3' }, async () => {
      step += 1;
      await api(ctx(), p.token, 'POST', '/clients', { body: { name: `New ${step}` } });
      const victim = step % 2 === 0 ? present[present.length - step] : present[step];
      if (victim !== undefined && !archived.has(victim)) {
        archived.add(victim);
        assert.equal((await api(ctx(), p.token, 'PATCH', `/clients/${victim}`, { body: { is_archived: true } })).statusCode, 200);
      }
    });
    assert.equal(new Set(ids).size, ids.length, 'no record twice');
    assert.ok(archived.size >= 3);
    assert.deepEqual(present.filter((id) => !archived.has(id) && !ids.includes(id)), [], 'every client never archived was met');
  });

  it('the same while a writer creates and archives at the same time as the pages are read', async () => {
    const p = await createPrincipal(ctx());
    const present: string[] = [];
    for (let i = 0; i < 10; i++) present.push(json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: `Busy ${i}` } })).id);
    const archived = new Set<string>();
    const writer = (async () => {
      for (let i = 0; i < 6; i++) {
        await api(ctx(), p.token, 'POST', '/clients', { body: { name: `Busy new ${i}` } });
        const victim = present[(i * 3) % present.length] as string;
        archived.add(victim);
        await api(ctx(), p.token, 'PATCH', `/clients/${victim}`, { body: { is_archived: true } });
      }
    })();
    const [{ ids }] = await Promise.all([walkByCursor(ctx(), p, '/clients', { limit: '2' }), writer]);
    assert.equal(new Set(ids).size, ids.length, 'no record twice');
    assert.deepEqual(present.filter((id) => !archived.has(id) && !ids.includes(id)), [], 'every client never archived was met');
  });

  it('a cursor of another list, other filters, another organization or none at all answers 422, never 500', async () => {
    const p = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    for (let i = 0; i < 3; i++) {
      const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: `C ${i}` } }));
      await api(ctx(), p.token, 'POST', '/contacts', { body: { name: `P ${i}`, client_id: client.id } });
      await api(ctx(), other.token, 'POST', '/clients', { body: { name: `O ${i}` } });
    }
    const cursor = json<ListOut>(await api(ctx(), p.token, 'GET', '/clients', { query: { limit: '1' } })).next_cursor ?? '';
    const contactCursor = json<ListOut>(await api(ctx(), p.token, 'GET', '/contacts', { query: { limit: '1' } })).next_cursor ?? '';
    const refused = async (token: string, path: string, query: Record<string, string>, field: string) => {
      const response = await api(ctx(), token, 'GET', path, { query });
      assert.equal(response.statusCode, 422, `${path} ${JSON.stringify(query)}: ${response.body}`);
      const body = json<{ error: string; message: string; details: { fields?: Array<{ field: string }> } }>(response);
      assert.match(body.message, new RegExp(`^${field}: `));
    };
    await refused(p.token, '/clients', { cursor: 'not-a-cursor' }, 'cursor');
    await refused(p.token, '/clients', { cursor: Buffer.from('["k1"]').toString('base64url') }, 'cursor');
    await refused(p.token, '/clients', { cursor: contactCursor }, 'cursor');
    await refused(p.token, '/clients', { cursor, include_archived: 'true' }, 'cursor');
    await refused(p.token, '/clients', { cursor, search: 'c' }, 'cursor');
    await refused(other.token, '/clients', { cursor }, 'cursor');
    await refused(p.token, '/clients', { cursor, offset: '1' }, 'offset');
    // A forged cursor that names this list: values of the wrong kind are refused or read as a position, never a 500.
    const forged = encodeCursor(listFingerprint(['crm_clients', p.orgId, false, '', null, []]), [12, 'x']);
    const answer = await api(ctx(), p.token, 'GET', '/clients', { query: { cursor: forged } });
    assert.ok([200, 422].includes(answer.statusCode), answer.body);
    await assert.rejects(clients.list(ctx().storage.db, p.orgId, { limit: 1, offset: 0, cursor: `${cursor}x` }), InvalidCursorError);
  });
});
