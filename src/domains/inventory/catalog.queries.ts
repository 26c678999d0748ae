/** SQL of the catalog: products and warehouses. Every function takes the organization id. */
import { conflict } from '../../http/errors.ts';
import type { AppError } from '../../http/errors.ts';
import { readBool } from '../../storage/codecs.ts';
import { MONEY_SCALE, QTY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { isUniqueViolation } from '../../storage/errors.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';

/** Money columns hold cents, quantities thousandths. */

const product = fieldsOf<'products'>();
const warehouse = fieldsOf<'warehouses'>();
const money = (value: number) => scaledToNumber(value, MONEY_SCALE);
const level = (value: number | null) => (value === null ? null : scaledToNumber(value, QTY_SCALE));

/** A live product already holds the SKU (the unique index products_org_sku_live). */
export function skuTaken(sku: unknown): AppError {
  return conflict('already_exists', `a product with SKU "${typeof sku === 'string' ? sku : ''}" already exists in this organization (archive it first or choose another SKU)`);
}

export const products = defineResource({
  table: 'products',
  counted: {},
  noun: 'product',
  insertConflict: (error, row) => (isUniqueViolation(error) ? skuTaken(row.sku) : undefined),
  fields: {
    id: 'id',
    sku: 'sku',
    name: 'name',
    unit: 'unit',
    item_type: 'item_type',
    category_id: 'category_id',
    cost_per_unit: product.via('cost_per_unit', money),
    price: product.via('price', money),
    barcode: 'barcode',
    manufacturer: 'manufacturer',
    minStockLevel: product.via('min_stock_level', level),
    maxStockLevel: product.via('max_stock_level', level),
    isArchived: product.via('is_archived', readBool),
    version: 'version',
  },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
  searchColumn: 'search_text',
  order: [
    ['name', 'asc'],
    ['id', 'asc'],
  ],
});

export const warehouses = defineResource({
  table: 'warehouses',
  noun: 'warehouse',
  fields: {
    id: 'id',
    name: 'name',
    code: 'code',
    city: 'city',
    address_line: 'address_line',
    isDefault: warehouse.via('is_default', readBool),
    isArchived: warehouse.via('is_archived', readBool),
  },
  archivedColumn: 'is_archived',
  order: [
    ['is_default', 'desc'],
    ['name', 'asc'],
    ['id', 'asc'],
  ],
});

/** Whether any balance of the item holds or reserves stock (a stocked item cannot become a service). */
export async function itemHasStock(db: Db, orgId: string, itemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('stock_balances')
    .select('id')
    .where('org_id', '=', orgId)
    .where('item_id', '=', itemId)
    .where((eb) => eb.or([eb('on_hand', '!=', 0), eb('reserved', '!=', 0)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Only one warehouse of an organization is the default. */
export async function clearDefaultWarehouse(db: Db, orgId: string): Promise<void> {
  await db.updateTable('warehouses').set({ is_default: false }).where('org_id', '=', orgId).where('is_default', '=', true).execute();
  await warehouses.bump(db, orgId);
}

/** Removes a warehouse if no balance or movement names it; whether it did. */
export async function removeWarehouseWithoutStock(db: Db, orgId: string, id: string): Promise<boolean> {
  const balance = await db.selectFrom('stock_balances').select('item_id').where('org_id', '=', orgId).where('warehouse_id', '=', id).limit(1).executeTakeFirst();
  const movement = await db
    .selectFrom('stock_movements')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('from_warehouse_id', '=', id), eb('to_warehouse_id', '=', id)]))
    .limit(1)
    .executeTakeFirst();
  if (balance || movement) return false;
  await db.deleteFrom('warehouses').where('org_id', '=', orgId).where('id', '=', id).execute();
  await warehouses.bump(db, orgId);
  return true;
}
