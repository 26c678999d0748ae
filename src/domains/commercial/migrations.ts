import type { Migration } from '../../storage/migrations.ts';

/** After production's 1600: a commercial order links to a production order. */
export const commercialMigrations: Migration[] = [
  {
    name: '1610_commercial_orders',
    statements: (t) => [
      `CREATE TABLE commercial_orders (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        deal_id TEXT,
        client_id TEXT,
        title TEXT NOT NULL,
        status TEXT NOT NULL,
        currency TEXT NOT NULL,
        items ${t.json} NOT NULL,
        production_order_id TEXT,
        approved_at ${t.timestamp},
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX commercial_orders_live ON commercial_orders (org_id, is_archived, created_at, id)`,
      `CREATE INDEX commercial_orders_deal ON commercial_orders (org_id, deal_id)`,
      `CREATE INDEX commercial_orders_client ON commercial_orders (org_id, client_id)`,
    ],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '1611_commercial_list_counts',
    statements: (t) => t.listCounts({ table: 'commercial_orders', archived: 'is_archived', by: ['status'] }),
  },
];
