import type { Generated } from 'kysely';
import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** Money columns are integers of cents (scale 2); quantities integers of thousandths (scale 3). */
export interface ProductsTable {
  org_id: string;
  id: string;
  sku: string | null;
  name: string;
  unit: string | null;
  item_type: string;
  category_id: string | null;
  cost_per_unit: number;
  price: number;
  barcode: string | null;
  manufacturer: string | null;
  min_stock_level: number | null;
  max_stock_level: number | null;
  is_archived: DbBool;
  version: number;
  search_text: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface WarehousesTable {
  org_id: string;
  id: string;
  name: string;
  code: string | null;
  city: string | null;
  address_line: string | null;
  is_default: DbBool;
  is_archived: DbBool;
  created_at: DbTimestamp;
}

/** Derived from movements only, in the movement's own transaction. */
export interface StockBalancesTable {
  org_id: string;
  id: string;
  warehouse_id: string;
  item_id: string;
  on_hand: number;
  reserved: number;
  last_movement_at: DbTimestamp | null;
  version: number;
  /** Whether the last change may leave available stock below zero (checked by the table). */
  negative_ok: DbBool;
}

export interface StockMovementsTable {
  /** Insertion order: the keyset of GET /movements. */
  seq: Generated<number>;
  org_id: string;
  id: string;
  kind: string;
  date: DbTimestamp;
  from_warehouse_id: string | null;
  to_warehouse_id: string | null;
  reason: string | null;
  reference_type: string | null;
  reference_id: string | null;
  created_by_user_id: string;
}

export interface StockMovementLinesTable {
  org_id: string;
  id: string;
  movement_id: string;
  line_no: number;
  item_id: string;
  /** Signed only for adjustments. */
  qty: number;
  cost_per_unit: number;
  cost_currency: string;
  batch_id: string | null;
  serial_numbers: DbJson | null;
  notes: string | null;
}

/** Movements per organization, spread over a few slots; their sum is the unfiltered total. */
export interface StockMovementCountsTable {
  org_id: string;
  slot: number;
  n: number;
}

export interface InventoryTables {
  products: ProductsTable;
  warehouses: WarehousesTable;
  stock_balances: StockBalancesTable;
  stock_movements: StockMovementsTable;
  stock_movement_lines: StockMovementLinesTable;
  stock_movement_counts: StockMovementCountsTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends InventoryTables {}
}
