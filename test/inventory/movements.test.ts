import assert from 'node:assert/strict';
import { it } from 'node:test';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { balances, onHand, post, stockedOrg } from './fixtures.ts';
import type { BalanceBody, ErrorBody, MovementBody } from './fixtures.ts';

function fieldsOf(body: string): string[] {
  return ((JSON.parse(body) as ErrorBody).details.fields ?? []).map((f) => f.field);
}

describeEachDatabase('inventory: POST /movements', (ctx) => {
  it('receives stock: 201 with the movement, exact strings, and the balance changes', async () => {
    const s = await stockedOrg(ctx(), 2, { currency: 'EUR' });
    const [a, b] = s.items as [string, string];
    const res = await post(ctx(), s.token, {
      kind: 'in',
      warehouse_id: s.main,
      lines: [
        { item_id: a, qty: 10, cost_per_unit: 3.1 },
        { item_id: b, qty: '0.125', batch_id: 'B-7', serial_numbers: ['S1', 'S2'], notes: 'fragile' },
      ],
      notes: 'Opening stock',
      reference_type: 'purchase_order',
      reference_id: 'PO-1',
    });
    assert.equal(res.statusCode, 201, res.body);
    const m = json<MovementBody>(res);
    assert.equal(m.kind, 'in');
    assert.equal(m.from_warehouse_id, null);
    assert.equal(m.to_warehouse_id, s.main);
    assert.equal(m.reason, 'Opening stock');
    assert.equal(m.reference_type, 'purchase_order');
    assert.equal(m.reference_id, 'PO-1');
    assert.equal(m.created_by_user_id, s.userId);
    assert.match(m.date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);
    assert.deepEqual(
      m.lines.map(({ id: _id, ...l }) => l),
      [
        { item_id: a, qty: '10.000', cost_per_unit: '3.10', cost_currency: 'EUR', batch_id: null, serial_numbers: null, notes: null },
        { item_id: b, qty: '0.125', cost_per_unit: '2.50', cost_currency: 'EUR', batch_id: 'B-7', serial_numbers: ['S1', 'S2'], notes: 'fragile' },
      ],
    );
    const got = await api(ctx(), s.token, 'GET', `/movements/${m.id}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(json(got), m);
    const stock = await balances(ctx(), s.token);
    const ofA = stock.find((x) => x.itemId === a) as BalanceBody;
    assert.deepEqual({ ...ofA, id: undefined, lastMovementAt: undefined }, { id: undefined, warehouseId: s.main, itemId: a, onHand: 10, reserved: 0, available: 10, lastMovementAt: undefined, version: 1 });
    assert.equal(ofA.lastMovementAt, m.date);
    assert.equal(stock.find((x) => x.itemId === b)?.onHand, 0.125);
  });

  it('ships, transfers and adjusts; balances follow exactly', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    assert.equal((await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: '10.5' }] })).statusCode, 201);
    const out = await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 0.5 }] });
    assert.equal(out.statusCode, 201, out.body);
    assert.equal(json<MovementBody>(out).from_warehouse_id, s.main);
    assert.equal(json<MovementBody>(out).to_warehouse_id, null);
    const tr = await post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: a, qty: 4 }] });
    assert.equal(tr.statusCode, 201, tr.body);
    assert.equal(json<MovementBody>(tr).from_warehouse_id, s.main);
    assert.equal(json<MovementBody>(tr).to_warehouse_id, s.second);
    const adj = await post(ctx(), s.token, { kind: 'adjustment', warehouse_id: s.second, lines: [{ item_id: a, qty: '-1.001' }] });
    assert.equal(adj.statusCode, 201, adj.body);
    assert.equal(json<MovementBody>(adj).lines[0]?.qty, '-1.001');
    assert.equal(await onHand(ctx(), s.token, s.main, a), 6);
    assert.equal(await onHand(ctx(), s.token, s.second, a), 2.999);
    const version = (await balances(ctx(), s.token, { warehouse_id: s.main }))[0]?.version;
    assert.equal(version, 3);
  });

  it('refuses a shipment beyond available stock with 422 naming item, warehouse and available, and changes nothing', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 5 }] });
    const res = await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 3 }, { item_id: a, qty: 3 }] });
    assert.equal(res.statusCode, 422, res.body);
    const e = json<ErrorBody>(res);
    assert.equal(e.details.error, 'validation_error');
    assert.equal(e.details.item_id, a);
    assert.equal(e.details.warehouse_id, s.main);
    assert.equal(e.details.available, 5);
    assert.equal(e.details.requested, 6);
    assert.match(e.message, /available 5\.000/);
    assert.ok(e.details.fields?.some((f) => f.field === 'lines.0.qty'));
    assert.equal(await onHand(ctx(), s.token, s.main, a), 5);
    const moves = json<{ total: number }>(await api(ctx(), s.token, 'GET', '/movements'));
    assert.equal(moves.total, 1);
    const tr = await post(ctx(), s.token, { kind: 'transfer', warehouse_id: s.second, to_warehouse_id: s.main, lines: [{ item_id: a, qty: 1 }] });
    assert.equal(tr.statusCode, 422);
    assert.equal(json<ErrorBody>(tr).details.available, 0);
    const adj = await post(ctx(), s.token, { kind: 'adjustment', warehouse_id: s.main, lines: [{ item_id: a, qty: -6 }] });
    assert.equal(adj.statusCode, 422);
    assert.equal(await onHand(ctx(), s.token, s.second, a), undefined);
  });

  it('lets stock go negative when the organization allows it', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    await updateOrganizationSettings(ctx().storage, s.slug, { allowNegativeStock: true });
    const res = await post(ctx(), s.token, { kind: 'out', warehouse_id: s.main, lines: [{ item_id: a, qty: 2 }] });
    assert.equal(res.statusCode, 201, res.body);
    const b = (await balances(ctx(), s.token))[0];
    assert.equal(b?.onHand, -2);
    assert.equal(b?.available, -2);
  });

  it('refuses bad movements with 422 naming the field', async () => {
    const s = await stockedOrg(ctx(), 1);
    const other = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    const line = { item_id: a, qty: 1 };
    const cases: Array<[unknown, string]> = [
      [{ warehouse_id: s.main, lines: [line] }, 'kind'],
      [{ kind: 'produce', warehouse_id: s.main, lines: [line] }, 'kind'],
      [{ kind: 'in', lines: [line] }, 'warehouse_id'],
      [{ kind: 'in', warehouse_id: s.main, lines: [] }, 'lines'],
      [{ kind: 'in', warehouse_id: s.main }, 'lines'],
      [{ kind: 'transfer', warehouse_id: s.main, lines: [line] }, 'to_warehouse_id'],
      [{ kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.main, lines: [line] }, 'to_warehouse_id'],
      [{ kind: 'in', warehouse_id: s.main, to_warehouse_id: s.second, lines: [line] }, 'to_warehouse_id'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: s.service, qty: 1 }] }, 'lines.0.item_id'],
      [{ kind: 'in', warehouse_id: s.main, lines: [line, { item_id: other.items[0], qty: 1 }] }, 'lines.1.item_id'],
      [{ kind: 'in', warehouse_id: other.main, lines: [line] }, 'warehouse_id'],
      [{ kind: 'transfer', warehouse_id: s.main, to_warehouse_id: other.main, lines: [line] }, 'to_warehouse_id'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 0 }] }, 'lines.0.qty'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: -1 }] }, 'lines.0.qty'],
      [{ kind: 'adjustment', warehouse_id: s.main, lines: [{ item_id: a, qty: '0.000' }] }, 'lines.0.qty'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 1.2345 }] }, 'lines.0.qty'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 'ten' }] }, 'lines.0.qty'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 1, cost_per_unit: 1.001 }] }, 'lines.0.cost_per_unit'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 1, cost_per_unit: -1 }] }, 'lines.0.cost_per_unit'],
      [{ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 1, price: 1 }] }, 'lines.0.price'],
      [{ kind: 'in', warehouse_id: s.main, lines: [line], created_by_user_id: 'x' }, 'created_by_user_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post(ctx(), s.token, body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)} → ${res.body}`);
      assert.equal(json<ErrorBody>(res).details.error, 'validation_error');
      assert.ok(fieldsOf(res.body).includes(field), `${JSON.stringify(body)} should name ${field}: ${res.body}`);
    }
    assert.equal(json<{ total: number }>(await api(ctx(), s.token, 'GET', '/movements')).total, 0);
    assert.deepEqual(await balances(ctx(), s.token), []);
  });

  it('replays a repeated Idempotency-Key without a second effect', async () => {
    const s = await stockedOrg(ctx(), 1);
    const [a] = s.items as [string];
    const body = { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 2 }] };
    const first = await post(ctx(), s.token, body, { 'idempotency-key': 'k-1' });
    const again = await post(ctx(), s.token, body, { 'idempotency-key': 'k-1' });
    assert.equal(first.statusCode, 201);
    assert.equal(again.statusCode, 201);
    assert.equal(again.body, first.body);
    assert.equal(await onHand(ctx(), s.token, s.main, a), 2);
  });

  it('needs inventory:write and org.inventory.edit', async () => {
    const s = await stockedOrg(ctx(), 1);
    const reader = await createPrincipal(ctx(), { slug: s.slug, scopes: ['inventory:read'] });
    const body = { kind: 'in', warehouse_id: s.main, lines: [{ item_id: s.items[0], qty: 1 }] };
    assert.equal((await post(ctx(), reader.token, body)).statusCode, 403);
    const noRight = await createPrincipal(ctx(), { slug: s.slug, scopes: ['inventory:write'], rights: [] });
    assert.equal((await post(ctx(), noRight.token, body)).statusCode, 403);
    const writer = await createPrincipal(ctx(), { slug: s.slug, scopes: ['inventory:write'], rights: ['org.inventory.edit'] });
    const ok = await post(ctx(), writer.token, body);
    assert.equal(ok.statusCode, 201);
    assert.equal(json<MovementBody>(ok).created_by_user_id, writer.userId);
  });
});

describeEachDatabase('inventory: GET /stock and GET /movements', (ctx) => {
  it('filters balances by warehouse and item, with total, limit and offset', async () => {
    const s = await stockedOrg(ctx(), 2);
    const [a, b] = s.items as [string, string];
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 3 }, { item_id: b, qty: 4 }] });
    await post(ctx(), s.token, { kind: 'in', warehouse_id: s.second, lines: [{ item_id: a, qty: 5 }] });
    const all = json<{ items: BalanceBody[]; total: number; limit: number; offset: number }>(await api(ctx(), s.token, 'GET', '/stock'));
    assert.equal(all.total, 3);
    assert.equal(all.limit, 50);
    assert.equal(all.offset, 0);
    assert.equal((await balances(ctx(), s.token, { warehouse_id: s.second })).length, 1);
    assert.deepEqual((await balances(ctx(), s.token, { item_id: a })).map((x) => x.onHand).sort(), [3, 5]);
    const paged = json<{ items: BalanceBody[]; total: number }>(await api(ctx(), s.token, 'GET', '/stock', { query: { limit: '1', offset: '2' } }));
    assert.equal(paged.items.length, 1);
    assert.equal(paged.total, 3);
    const stranger = await createPrincipal(ctx());
    assert.equal(json<{ total: number }>(await api(ctx(), stranger.token, 'GET', '/stock')).total, 0);
  });

  it('lists movements newest first with filters and a cursor; a malformed cursor is 422', async () => {
    const s = await stockedOrg(ctx(), 2);
    const [a, b] = s.items as [string, string];
    const ids: string[] = [];
    const push = async (body: unknown) => {
      const res = await post(ctx(), s.token, body);
      assert.equal(res.statusCode, 201, res.body);
      ids.push(json<MovementBody>(res).id);
    };
    await push({ kind: 'in', warehouse_id: s.main, lines: [{ item_id: a, qty: 10 }] });
    await push({ kind: 'in', warehouse_id: s.second, lines: [{ item_id: b, qty: 10 }] });
    await push({ kind: 'transfer', warehouse_id: s.main, to_warehouse_id: s.second, lines: [{ item_id: a, qty: 1 }] });
    await push({ kind: 'out', warehouse_id: s.second, lines: [{ item_id: b, qty: 1 }] });
    const list = (query: Record<string, string>) => api(ctx(), s.token, 'GET', '/movements', { query });
    const first = json<{ items: MovementBody[]; total: number; limit: number; next_cursor: string | null }>(await list({ limit: '3' }));
    assert.deepEqual(first.items.map((m) => m.id), [ids[3], ids[2], ids[1]]);
    assert.equal(first.total, 4);
    assert.equal(first.limit, 3);
    assert.equal(first.items[0]?.lines.length, 1);
    assert.ok(first.next_cursor);
    const second = json<{ items: MovementBody[]; next_cursor: string | null }>(await list({ limit: '3', cursor: first.next_cursor }));
    assert.deepEqual(second.items.map((m) => m.id), [ids[0]]);
    assert.equal(second.next_cursor, null);
    const ofSecond = json<{ items: MovementBody[]; total: number }>(await list({ warehouse_id: s.second }));
    assert.deepEqual(ofSecond.items.map((m) => m.id), [ids[3], ids[2], ids[1]]);
    assert.equal(ofSecond.total, 3);
    const ofA = json<{ items: MovementBody[] }>(await list({ item_id: a }));
    assert.deepEqual(ofA.items.map((m) => m.id), [ids[2], ids[0]]);
    const transfers = json<{ items: MovementBody[] }>(await list({ kind: 'transfer' }));
    assert.deepEqual(transfers.items.map((m) => m.id), [ids[2]]);
    assert.equal(json<{ total: number }>(await list({ kind: 'produce' })).total, 0);
    assert.equal((await list({ kind: 'teleport' })).statusCode, 422);
    for (const bad of ['garbage', Buffer.from('m1:abc').toString('base64url'), Buffer.from('x:5').toString('base64url')]) {
      const res = await list({ cursor: bad });
      assert.equal(res.statusCode, 422, bad);
      assert.deepEqual(fieldsOf(res.body), ['cursor']);
    }
    assert.equal((await list({ limit: '0' })).statusCode, 422);
    assert.equal((await api(ctx(), s.token, 'GET', '/movements/00000000-0000-7000-8000-000000000000')).statusCode, 404);
    const stranger = await createPrincipal(ctx());
    assert.equal((await api(ctx(), stranger.token, 'GET', `/movements/${ids[0]}`)).statusCode, 404);
    assert.equal(json<{ total: number }>(await api(ctx(), stranger.token, 'GET', '/movements')).total, 0);
  });

  it('pages stock balances by cursor: the same balances as one page, and a cursor of other filters is refused', async () => {
    const s = await stockedOrg(ctx(), 3);
    for (const warehouse of [s.main, s.second]) {
      const res = await api(ctx(), s.token, 'POST', '/movements', { body: { kind: 'in', warehouse_id: warehouse, lines: s.items.map((item_id) => ({ item_id, qty: 1 })) } });
      assert.equal(res.statusCode, 201, res.body);
    }
    const whole = json<{ items: Array<{ id: string }>; next_cursor: string | null }>(await api(ctx(), s.token, 'GET', '/stock', { query: { limit: '200' } }));
    assert.equal(whole.items.length, 6);
    assert.equal(whole.next_cursor, null);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(ctx(), s.token, 'GET', '/stock', { query: { limit: '4', ...(cursor === null ? {} : { cursor }) } });
      const page: { items: Array<{ id: string }>; next_cursor: string | null } = json(res);
      seen.push(...page.items.map((b) => b.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(seen, whole.items.map((b) => b.id));
    const first = json<{ next_cursor: string }>(await api(ctx(), s.token, 'GET', '/stock', { query: { limit: '1' } }));
    assert.equal((await api(ctx(), s.token, 'GET', '/stock', { query: { cursor: first.next_cursor, warehouse_id: s.main } })).statusCode, 422);
  });
});

