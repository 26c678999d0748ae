import { lowerIdsStatement } from '../../storage/ids.ts';
import type { Migration } from '../../storage/migrations.ts';

export const inventoryMigrations: Migration[] = [
  {
    name: '0500_inventory_catalog',
    statements: (t) => [
      `CREATE TABLE products (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        sku TEXT,
        name TEXT NOT NULL,
        unit TEXT,
        item_type TEXT NOT NULL,
        category_id TEXT,
        cost_per_unit ${t.bigint} NOT NULL,
        price ${t.bigint} NOT NULL,
        barcode TEXT,
        manufacturer TEXT,
        min_stock_level ${t.bigint},
        max_stock_level ${t.bigint},
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        version INTEGER NOT NULL,
        search_text TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      // A SKU names one live product of an organization; archived products free theirs.
      `CREATE UNIQUE INDEX products_org_sku_live ON products (org_id, sku) WHERE is_archived = ${t.false} AND sku IS NOT NULL`,
      `CREATE INDEX products_org_name ON products (org_id, is_archived, name, id)`,
      `CREATE TABLE warehouses (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        code TEXT,
        city TEXT,
        address_line TEXT,
        is_default ${t.bool} NOT NULL DEFAULT ${t.false},
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE UNIQUE INDEX warehouses_org_default ON warehouses (org_id) WHERE is_default = ${t.true}`,
      // Organizations made before inventory existed get the default warehouse new ones get on creation.
      `INSERT INTO warehouses (org_id, id, name, code, city, address_line, is_default, is_archived, created_at)
        SELECT id, id, 'Main warehouse', 'MAIN', NULL, NULL, ${t.true}, ${t.false}, created_at FROM organizations`,
    ],
  },
  {
    name: '0510_inventory_ledger',
    statements: (t) => [
      `CREATE TABLE stock_balances (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        warehouse_id TEXT NOT NULL,
        item_id TEXT NOT NULL,
        on_hand ${t.bigint} NOT NULL,
        reserved ${t.bigint} NOT NULL DEFAULT 0,
        last_movement_at ${t.timestamp},
        version INTEGER NOT NULL,
        PRIMARY KEY (org_id, id),
        UNIQUE (org_id, warehouse_id, item_id)
      )`,
      `CREATE INDEX stock_balances_org_item ON stock_balances (org_id, item_id)`,
      `CREATE TABLE stock_movements (
        seq ${t.autoId},
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        kind TEXT NOT NULL,
        date ${t.timestamp} NOT NULL,
        from_warehouse_id TEXT,
        to_warehouse_id TEXT,
        reason TEXT,
        reference_type TEXT,
        reference_id TEXT,
        created_by_user_id TEXT NOT NULL,
        UNIQUE (org_id, id)
      )`,
      `CREATE INDEX stock_movements_org_seq ON stock_movements (org_id, seq)`,
      `CREATE INDEX stock_movements_org_from ON stock_movements (org_id, from_warehouse_id, seq)`,
      `CREATE INDEX stock_movements_org_to ON stock_movements (org_id, to_warehouse_id, seq)`,
      `CREATE INDEX stock_movements_org_kind ON stock_movements (org_id, kind, seq)`,
      `CREATE TABLE stock_movement_lines (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        movement_id TEXT NOT NULL,
        line_no INTEGER NOT NULL,
        item_id TEXT NOT NULL,
        qty ${t.bigint} NOT NULL,
        cost_per_unit ${t.bigint} NOT NULL,
        cost_currency TEXT NOT NULL,
        batch_id TEXT,
        serial_numbers ${t.json},
        notes TEXT,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX stock_movement_lines_movement ON stock_movement_lines (org_id, movement_id, line_no)`,
      `CREATE INDEX stock_movement_lines_item ON stock_movement_lines (org_id, item_id, movement_id)`,
    ],
  },
  {
    name: '0520_inventory_movement_counts',
    statements: () => [
      // The unfiltered movement total without counting the ledger: a few slots per organization,
      // so concurrent writers on PostgreSQL rarely wait on the same counter row.
      `CREATE TABLE stock_movement_counts (
        org_id TEXT NOT NULL,
        slot INTEGER NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (org_id, slot)
      )`,
    ],
  },
  {
    name: '0530_inventory_available_check',
    statements: (t) => [
      // The database itself refuses a balance whose available stock goes below zero, unless the
      // change that brought it there was allowed to (an increase, or an organization that allows
      // negative stock): no code path, present or future, can oversell.
      `ALTER TABLE stock_balances ADD COLUMN negative_ok ${t.bool} NOT NULL DEFAULT ${t.true}
        CONSTRAINT stock_balances_available_not_negative CHECK (negative_ok = ${t.true} OR on_hand - reserved >= 0)`,
    ],
  },
  {
    // Ids are kept in lower case (UUIDs compare case-insensitively): imported upper-case ids and
    // the references to them follow.
    name: '0540_inventory_ids_lower_case',
    statements: () => [
      lowerIdsStatement('products', ['id']),
      lowerIdsStatement('warehouses', ['id']),
      lowerIdsStatement('stock_balances', ['warehouse_id', 'item_id']),
      lowerIdsStatement('stock_movements', ['from_warehouse_id', 'to_warehouse_id']),
      lowerIdsStatement('stock_movement_lines', ['item_id']),
    ],
  },
  {
    // search reads an index of the text's trigrams instead of every product (storage/search-index.ts).
    name: '0550_inventory_search_index',
    statements: (t) => t.searchIndex('products', 'search_text'),
  },
  {
    // updated_since lists by (updated_at, id): one index range from the time asked, however old the
    // collection; is_archived at the end lets the page and its total skip archived rows in the index.
    name: '0551_inventory_products_sync_index',
    statements: () => [`CREATE INDEX products_sync ON products (org_id, updated_at, id, is_archived)`],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '0552_inventory_list_counts',
    statements: (t) => t.listCounts({ table: 'products', archived: 'is_archived' }),
  },
];
