/** SQL of the catalog: products and warehouses. Every function takes the organization id. */
import { sql } from 'kysely';
import type { Kysely, Selectable, Transaction, Insertable, Updateable } from 'kysely';
import { containsPattern } from '../../storage/codecs.ts';
import { preparedRead } from '../../storage/prepared-read.ts';
import type { Database } from '../../storage/schema.ts';
import type { ProductsTable, WarehousesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type WarehouseRow = Selectable<WarehousesTable>;

export async function insertProduct(db: Db, row: Insertable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export const findProduct: (db: Db, orgId: string, id: string) => Promise<ProductRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  db.selectFrom('products').selectAll().where('org_id', '=', orgId).where('id', '=', id),
);

export async function findProducts(db: Db, orgId: string, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();
}

/** The conditional update of optimistic locking: undefined when the row is gone or at another version. */
export function updateProduct(
  db: Db,
  orgId: string,
  id: string,
  expectedVersion: number | undefined,
  changes: Updateable<ProductsTable>,
): Promise<ProductRow | undefined> {
  let query = db
    .updateTable('products')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('org_id', '=', orgId)
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return query.returningAll().executeTakeFirst();
}

export interface ProductFilter {
  search?: string | undefined;
  includeArchived: boolean;
}

function productsWhere(db: Db, orgId: string, filter: ProductFilter) {
  let query = db.selectFrom('products').where('org_id', '=', orgId);
  if (!filter.includeArchived) query = query.where('is_archived', '=', false);
  if (filter.search) query = query.where(sql<boolean>`search_text like ${containsPattern(filter.search)} escape '\\'`);
  return query;
}

export async function listProducts(db: Db, orgId: string, filter: ProductFilter, limit: number, offset: number): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    productsWhere(db, orgId, filter).selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
    productsWhere(db, orgId, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

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

export async function insertWarehouse(db: Db, row: Insertable<WarehousesTable>): Promise<void> {
  await db.insertInto('warehouses').values(row).execute();
}

/** Only one warehouse of an organization is the default. */
export async function clearDefaultWarehouse(db: Db, orgId: string): Promise<void> {
  await db.updateTable('warehouses').set({ is_default: false }).where('org_id', '=', orgId).where('is_default', '=', true).execute();
}

export const findWarehouse: (db: Db, orgId: string, id: string) => Promise<WarehouseRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  db.selectFrom('warehouses').selectAll().where('org_id', '=', orgId).where('id', '=', id),
);

export async function findWarehouses(db: Db, orgId: string, ids: string[]): Promise<WarehouseRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('warehouses').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();
}

export async function listWarehouses(db: Db, orgId: string, includeArchived: boolean, limit: number, offset: number): Promise<{ rows: WarehouseRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('warehouses').where('org_id', '=', orgId);
    if (!includeArchived) query = query.where('is_archived', '=', false);
    return query;
  };
  const [rows, count] = await Promise.all([
    base().selectAll().orderBy('is_default', 'desc').orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
