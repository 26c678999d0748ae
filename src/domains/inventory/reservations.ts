/**
 * Reserving stock for orders: reserved grows only while available (on hand − reserved) stays at
 * zero or above, in one conditional update. No HTTP route: order capabilities call these in their
 * own write transaction.
 */
import { invalidField, validationError } from '../../http/errors.ts';
import { formatScaled, QTY_SCALE } from '../../storage/decimal.ts';
import type { Tx } from '../../storage/storage.ts';
import type { InventoryActor } from './actor.ts';
import { decimalField } from '../../http/decimal-field.ts';
import type { StockBalance } from './schemas.ts';
import { balanceView } from './stock.ts';
import { findBalance, releaseOnBalance, reserveOnBalance, stockLedger } from './stock.queries.ts';
import type { BalanceRow } from './stock.queries.ts';

export interface ReservationInput {
  warehouseId: string;
  itemId: string;
  /** A positive decimal with at most three fraction digits. */
  qty: number | string;
}

function positiveQty(qty: number | string): number {
  const scaled = decimalField('qty', qty, QTY_SCALE);
  if (scaled <= 0) throw invalidField('qty', 'must be greater than zero');
  return scaled;
}

/** A balance changed by a reservation: the ledger's lists are no longer what a client last saw. */
async function changed(tx: Tx, actor: InventoryActor, row: BalanceRow): Promise<StockBalance> {
  await stockLedger.bump(tx.db, actor.orgId);
  return balanceView(row);
}

export async function reserveStock(tx: Tx, actor: InventoryActor, input: ReservationInput): Promise<StockBalance> {
  const qty = positiveQty(input.qty);
  const row = await reserveOnBalance(tx.db, actor.orgId, input.warehouseId, input.itemId, qty);
  if (row) return changed(tx, actor, row);
  const current = await findBalance(tx.db, actor.orgId, input.warehouseId, input.itemId);
  const available = current ? current.on_hand - current.reserved : 0;
  const message = `cannot reserve ${formatScaled(qty, QTY_SCALE)} of item "${input.itemId}" in warehouse "${input.warehouseId}": available ${formatScaled(available, QTY_SCALE)}`;
  throw validationError(message, [{ field: 'qty', message }], { item_id: input.itemId, warehouse_id: input.warehouseId, available: Number(formatScaled(available, QTY_SCALE)) });
}

export async function releaseStock(tx: Tx, actor: InventoryActor, input: ReservationInput): Promise<StockBalance> {
  const qty = positiveQty(input.qty);
  const row = await releaseOnBalance(tx.db, actor.orgId, input.warehouseId, input.itemId, qty);
  if (row) return changed(tx, actor, row);
  const current = await findBalance(tx.db, actor.orgId, input.warehouseId, input.itemId);
  const reserved = current ? current.reserved : 0;
  const message = `cannot release ${formatScaled(qty, QTY_SCALE)} of item "${input.itemId}" in warehouse "${input.warehouseId}": reserved ${formatScaled(reserved, QTY_SCALE)}`;
  throw validationError(message, [{ field: 'qty', message }], { item_id: input.itemId, warehouse_id: input.warehouseId, reserved: Number(formatScaled(reserved, QTY_SCALE)) });
}
