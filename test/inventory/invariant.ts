import assert from 'node:assert/strict';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../src/storage/schema.ts';
import type { Storage } from '../../src/storage/storage.ts';

export interface LedgerCheck {
  balances: number;
  movements: number;
  /** Balances whose on_hand differs from the sum of their movements' lines. */
  mismatches: string[];
  /** Balances below zero (on hand or available). */
  negatives: string[];
}

/**
 * Recomputes every balance of the organization from the movement lines, in thousandths. Reads
 * one snapshot (REPEATABLE READ on PostgreSQL, one transaction on SQLite), so movements
 * committing meanwhile cannot make a correct ledger look wrong.
 */
export async function checkLedger(storage: Storage, orgId: string): Promise<LedgerCheck> {
  const run = (db: Transaction<Database>) => checkIn(db, orgId);
  if (storage.dialect === 'postgres') return storage.db.transaction().setIsolationLevel('repeatable read').execute(run);
  return storage.db.transaction().execute(run);
}

async function checkIn(db: Kysely<Database>, orgId: string): Promise<LedgerCheck> {
  const lines = await db
    .selectFrom('stock_movement_lines as l')
    .innerJoin('stock_movements as m', (j) => j.onRef('m.org_id', '=', 'l.org_id').onRef('m.id', '=', 'l.movement_id'))
    .select(['l.item_id', 'l.qty', 'm.from_warehouse_id', 'm.to_warehouse_id'])
    .where('l.org_id', '=', orgId)
    .execute();
  const expected = new Map<string, number>();
  const add = (w: string, item: string, qty: number) => expected.set(`${w}/${item}`, (expected.get(`${w}/${item}`) ?? 0) + qty);
  for (const l of lines) {
    if (l.from_warehouse_id !== null) add(l.from_warehouse_id, l.item_id, -l.qty);
    if (l.to_warehouse_id !== null) add(l.to_warehouse_id, l.item_id, l.qty);
  }
  const rows = await db.selectFrom('stock_balances').selectAll().where('org_id', '=', orgId).execute();
  const mismatches: string[] = [];
  const negatives: string[] = [];
  for (const r of rows) {
    const key = `${r.warehouse_id}/${r.item_id}`;
    const want = expected.get(key) ?? 0;
    if (want !== r.on_hand) mismatches.push(`${key}: balance ${r.on_hand}, movements ${want}`);
    if (r.on_hand < 0 || r.on_hand - r.reserved < 0) negatives.push(`${key}: ${r.on_hand} (reserved ${r.reserved})`);
    expected.delete(key);
  }
  for (const [key, want] of expected) if (want !== 0) mismatches.push(`${key}: no balance row, movements ${want}`);
  const count = await db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { balances: rows.length, movements: Number(count.n), mismatches, negatives };
}

/** Asserts that every balance equals the sum of its movements' lines and none is below zero; returns the check. */
export async function assertLedgerHolds(storage: Storage, orgId: string): Promise<LedgerCheck> {
  const check = await checkLedger(storage, orgId);
  assert.deepEqual(check.mismatches, []);
  assert.deepEqual(check.negatives, []);
  return check;
}
