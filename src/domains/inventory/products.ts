import type { Insertable, Kysely, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { decimalField } from '../../http/decimal-field.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso, searchText } from '../../storage/codecs.ts';
import { MONEY_SCALE, QTY_SCALE } from '../../storage/decimal.ts';
import { isUniqueViolation } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import type { Database } from '../../storage/schema.ts';
import type { Tx } from '../../storage/storage.ts';
import type { InventoryActor } from './actor.ts';
import { itemHasStock, products, skuTaken } from './catalog.queries.ts';
import type { Product, ProductCreateBody, ProductListQuery, ProductPatchBody } from './schemas.ts';
import type { ProductsTable } from './tables.ts';

function optionalLevel(field: string, value: number | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  return decimalField(field, value, QTY_SCALE, { min: 0 });
}

function checkLevels(min: number | null, max: number | null): void {
  if (min !== null && max !== null && max < min) throw invalidField('maxStockLevel', 'must not be below minStockLevel');
}

export interface NewProduct extends ProductCreateBody {
  id?: string | undefined;
  isArchived?: boolean | undefined;
}

/** Creates a product; the import keeps a supplied id, the API never takes one. */
export async function createProduct(tx: Tx, actor: InventoryActor, input: NewProduct): Promise<Product> {
  const at = nowIso();
  const min = optionalLevel('minStockLevel', input.minStockLevel) ?? null;
  const max = optionalLevel('maxStockLevel', input.maxStockLevel) ?? null;
  checkLevels(min, max);
  const name = requiredText('name', input.name);
  const row = {
    org_id: actor.orgId,
    id: input.id ?? newId(),
    sku: input.sku ?? null,
    name,
    unit: input.unit ?? null,
    item_type: input.item_type ?? 'product',
    category_id: input.category_id ?? null,
    cost_per_unit: input.cost_per_unit === undefined ? 0 : decimalField('cost_per_unit', input.cost_per_unit, MONEY_SCALE, { min: 0 }),
    price: input.price === undefined ? 0 : decimalField('price', input.price, MONEY_SCALE, { min: 0 }),
    barcode: input.barcode ?? null,
    manufacturer: input.manufacturer ?? null,
    min_stock_level: min,
    max_stock_level: max,
    is_archived: input.isArchived ?? false,
    version: 1,
    search_text: '',
    created_at: at,
    updated_at: at,
  } satisfies Insertable<ProductsTable>;
  row.search_text = searchText(row.name, row.sku, row.barcode);
  // A SKU already taken reads as skuTaken wherever the insert's failure surfaces (its resource's insertConflict).
  const created = await products.insert(tx.db, row);
  await emit(tx, { orgId: actor.orgId, name: 'product.created', entityType: 'product', entityId: created.id, context: { version: created.version }, record: created });
  return created;
}

/** A level of the record in stored units (thousandths), to compare with a new one. */
function storedLevel(value: number | null): number | null {
  return value === null ? null : decimalField('level', value, QTY_SCALE);
}

export async function updateProduct(tx: Tx, actor: InventoryActor, id: string, patch: ProductPatchBody, expected: number | undefined): Promise<Product> {
  const plan = async (current: Product): Promise<Updateable<ProductsTable>> => {
    const changes: Updateable<ProductsTable> = { updated_at: nowIso() };
    if (patch.name !== undefined) {
      changes.name = requiredText('name', patch.name);
    }
    if (patch.sku !== undefined) changes.sku = patch.sku;
    if (patch.unit !== undefined) changes.unit = patch.unit;
    if (patch.category_id !== undefined) changes.category_id = patch.category_id;
    if (patch.barcode !== undefined) changes.barcode = patch.barcode;
    if (patch.manufacturer !== undefined) changes.manufacturer = patch.manufacturer;
    if (patch.isArchived !== undefined) changes.is_archived = patch.isArchived;
    if (patch.cost_per_unit !== undefined) changes.cost_per_unit = decimalField('cost_per_unit', patch.cost_per_unit, MONEY_SCALE, { min: 0 });
    if (patch.price !== undefined) changes.price = decimalField('price', patch.price, MONEY_SCALE, { min: 0 });
    const min = optionalLevel('minStockLevel', patch.minStockLevel);
    const max = optionalLevel('maxStockLevel', patch.maxStockLevel);
    if (min !== undefined) changes.min_stock_level = min;
    if (max !== undefined) changes.max_stock_level = max;
    checkLevels(min === undefined ? storedLevel(current.minStockLevel) : min, max === undefined ? storedLevel(current.maxStockLevel) : max);
    if (patch.item_type !== undefined) {
      if (patch.item_type === 'service' && current.item_type !== 'service' && (await itemHasStock(tx.db, actor.orgId, id))) {
        throw invalidField('item_type', 'the item holds or reserves stock: a service is not stocked, move the stock out first');
      }
      changes.item_type = patch.item_type;
    }
    changes.search_text = searchText(changes.name ?? current.name, changes.sku === undefined ? current.sku : changes.sku, changes.barcode === undefined ? current.barcode : changes.barcode);
    return changes;
  };
  let outcome;
  try {
    outcome = await products.update(tx.db, actor.orgId, id, expected, plan);
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTaken(patch.sku);
    throw error;
  }
  const { record, changed } = outcome;
  if (changed.length > 0) await emit(tx, { orgId: actor.orgId, name: 'product.updated', entityType: 'product', entityId: id, context: { version: record.version, changedFields: changed }, record });
  return record;
}

export async function getProduct(db: Kysely<Database>, actor: InventoryActor, id: string): Promise<Product> {
  return products.get(db, actor.orgId, id);
}

export function listProducts(db: Kysely<Database>, actor: InventoryActor, query: ProductListQuery): Promise<Page<Product>> {
  return products.list(db, actor.orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, updatedSince: query.updated_since, includeArchived: query.include_archived, search: query.search });
}
