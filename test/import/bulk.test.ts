/**
 * Import in bulk (records written a chunk at a time with shared statements): a file that fails at
 * its very last record leaves nothing, and what a file brings in shows through the API as records
 * created one by one do: found by search, counted in list totals, in the feed, in stock.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { IMPORT_CHUNK } from '../../src/domains/importing.ts';
import { importData } from '../../src/import.ts';
import { newId } from '../../src/storage/ids.ts';
import { importError } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { assertLedgerHolds } from '../inventory/invariant.ts';

/** Past two chunks, so that the last record is alone in a chunk of its own. */
const CLIENTS = 2 * IMPORT_CHUNK + 1;
const MOVEMENTS = IMPORT_CHUNK + 1;

const clients = (n: number) => Array.from({ length: n }, (_, i) => ({ id: newId(), name: `Bulkload client ${i}`, email: `bulk${i}@example.com`, city: 'Samarkand' }));

/** Receipts of 5 of an item, each followed by a shipment of 1 (warehouse and product given). */
function movements(n: number, warehouse: string, item: string) {
  return Array.from({ length: n }, (_, i) => ({ kind: i % 2 === 0 ? 'in' : 'out', warehouse_id: warehouse, lines: [{ item_id: item, qty: i % 2 === 0 ? 5 : 1 }] }));
}

async function get<T>(ctx: TestContext, p: Principal, path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await api(ctx, p.token, 'GET', path, { query });
  assert.equal(res.statusCode, 200, res.body);
  return json<T>(res);
}

describeEachDatabase('import in bulk', (ctx) => {
  it('a file whose last record fails imports nothing, and names that record', async () => {
    const p = await createPrincipal(ctx());
    const file = { clients: clients(CLIENTS) };
    // The last client takes the first one's id: its chunk fails after two chunks went in.
    file.clients[CLIENTS - 1]!.id = file.clients[0]!.id;
    const duplicate = await importError(importData(ctx().storage, p.slug, file));
    assert.equal(duplicate.status, 422);
    assert.deepEqual((duplicate.details.fields as Array<{ field: string }>).map((f) => f.field), [`clients[${CLIENTS - 1}].id`]);

    const [warehouse, item] = [newId(), newId()];
    const stock = { warehouses: [{ id: warehouse, name: 'Bulk' }], products: [{ id: item, name: 'Bulk item' }], movements: movements(MOVEMENTS, warehouse, item) };
    // The last movement ships more than there is.
    stock.movements[MOVEMENTS - 1] = { kind: 'out', warehouse_id: warehouse, lines: [{ item_id: item, qty: 5 * MOVEMENTS }] };
    const shortage = await importError(importData(ctx().storage, p.slug, { ...file, clients: clients(3), ...stock }));
    assert.ok((shortage.details.fields as Array<{ field: string }>).some((f) => f.field === `movements[${MOVEMENTS - 1}].lines.0.qty`), shortage.message);

    assert.equal((await get<{ total: number }>(ctx(), p, '/clients', { include_archived: 'true' })).total, 0);
    assert.equal((await get<{ total: number }>(ctx(), p, '/products', { include_archived: 'true' })).total, 0);
    assert.equal((await get<{ total: number }>(ctx(), p, '/movements')).total, 0);
    assert.deepEqual((await get<{ items: unknown[] }>(ctx(), p, '/events')).items, []);
  });

  it('contacts in bulk: each linked to its client, searched and counted; one naming another organization\'s client fails the file, named', async () => {
    const p = await createPrincipal(ctx());
    const stranger = await createPrincipal(ctx());
    const theirs = newId();
    await importData(ctx().storage, stranger.slug, { clients: [{ id: theirs, name: 'Not yours' }] });
    const owners = clients(3);
    const contacts = Array.from({ length: CLIENTS }, (_, i) => ({ id: newId(), name: `Bulk contact ${i}`, client_id: owners[i % 3]!.id, phone: `+99890${String(1_000_000 + i)}` }));
    const refused = await importError(importData(ctx().storage, p.slug, { clients: owners, contacts: [...contacts.slice(0, -1), { ...contacts.at(-1)!, client_id: theirs }] }));
    assert.deepEqual((refused.details.fields as Array<{ field: string }>).map((f) => f.field), [`contacts[${CLIENTS - 1}].client_id`]);
    assert.equal((await get<{ total: number }>(ctx(), p, '/contacts', { include_archived: 'true' })).total, 0, 'nothing of the file is kept');

    assert.deepEqual(await importData(ctx().storage, p.slug, { clients: owners, contacts }), { clients: 3, contacts: CLIENTS });
    assert.equal((await get<{ total: number }>(ctx(), p, '/contacts')).total, CLIENTS);
    const ofFirst = await get<{ total: number }>(ctx(), p, '/contacts', { client_id: owners[0]!.id });
    assert.equal(ofFirst.total, Math.ceil(CLIENTS / 3));
    const found = await get<{ items: Array<{ id: string; phone: string; channels: Array<{ kind: string }> }> }>(ctx(), p, '/contacts', { search: 'bulk contact 777' });
    assert.deepEqual(found.items.map((c) => [c.id, c.phone, c.channels.map((ch) => ch.kind)]), [[contacts[777]!.id, `+99890${1_000_777}`, ['phone']]]);
  });

  it('records imported in bulk are searched, counted, in the feed and in stock as if created one by one', async () => {
    const p = await createPrincipal(ctx());
    const file = { clients: clients(CLIENTS) };
    const [warehouse, item] = [newId(), newId()];
    const stock = { warehouses: [{ id: warehouse, name: 'Bulk' }], products: [{ id: item, name: 'Bulk item' }], movements: movements(MOVEMENTS, warehouse, item) };
    assert.deepEqual(await importData(ctx().storage, p.slug, { ...file, ...stock }), { clients: CLIENTS, warehouses: 1, products: 1, movements: MOVEMENTS });

    const one = await get<{ total: number; items: Array<{ id: string }> }>(ctx(), p, '/clients', { search: 'bulkload client 777' });
    assert.deepEqual(one.items.map((c) => c.id), [file.clients[777]!.id]);
    assert.equal((await get<{ total: number }>(ctx(), p, '/clients', { search: 'bulk1000@example' })).total, 1);
    assert.equal((await get<{ total: number }>(ctx(), p, '/clients', { search: 'samarkand' })).total, 0, 'the city is not searched');
    assert.equal((await get<{ total: number }>(ctx(), p, '/clients')).total, CLIENTS);

    let feed: Array<{ event: string; data: { entityId: string } }> = [];
    // On PostgreSQL the feed shows a transaction once every older one has finished (in any database of the cluster).
    await waitUntil('the feed shows every imported event', async () => {
      feed = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await get<{ items: typeof feed; next_cursor: string | null }>(ctx(), p, '/events', { limit: '500', ...(cursor ? { cursor } : {}) });
        feed.push(...page.items);
        if (page.items.length === 0 || page.next_cursor === null) break;
        cursor = page.next_cursor;
      }
      return feed.length >= CLIENTS + MOVEMENTS;
    });
    const created = feed.filter((e) => e.event === 'client.created').map((e) => e.data.entityId);
    assert.deepEqual(created, file.clients.map((c) => c.id), 'one client.created a client, in file order');
    assert.equal(feed.filter((e) => e.event === 'movement.created').length, MOVEMENTS);

    const balances = await get<{ items: Array<{ onHand: number }> }>(ctx(), p, '/stock', { warehouse_id: warehouse });
    const receipts = Math.ceil(MOVEMENTS / 2);
    assert.equal(balances.items[0]?.onHand, 5 * receipts - (MOVEMENTS - receipts));
    await assertLedgerHolds(ctx().storage, p.orgId);
  });
});
