import type { Migration } from '../../storage/migrations.ts';

/** planned_delivery_date is `YYYY-MM-DD` text; quantities are thousandths. */
export const productionMigrations: Migration[] = [
  {
    name: '1600_production',
    statements: (t) => [
      `CREATE TABLE production_pipelines (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        is_default ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE TABLE production_stages (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        pipeline_id TEXT NOT NULL,
        title TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX production_stages_pipeline ON production_stages (org_id, pipeline_id, sort_order, id)`,
      `CREATE TABLE production_orders (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        status TEXT NOT NULL,
        pipeline_id TEXT,
        current_stage_id TEXT,
        deal_id TEXT,
        items ${t.json} NOT NULL,
        qty_to_produce ${t.bigint} NOT NULL,
        qty_produced ${t.bigint} NOT NULL,
        customer_name TEXT,
        planned_delivery_date TEXT,
        monitor_status TEXT NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX production_orders_live ON production_orders (org_id, is_archived, created_at, id)`,
      `CREATE INDEX production_orders_deal ON production_orders (org_id, deal_id)`,
      `CREATE INDEX production_orders_pipeline ON production_orders (org_id, pipeline_id)`,
    ],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '1601_production_list_counts',
    statements: (t) => t.listCounts({ table: 'production_orders', archived: 'is_archived', by: ['status'] }),
  },
];
