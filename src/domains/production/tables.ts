import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** A production pipeline: the ordered stages an order passes on the floor. */
export interface ProductionPipelinesTable {
  org_id: string;
  id: string;
  title: string;
  /** Orders made from won deals enter this pipeline (at most one per organization). */
  is_default: DbBool;
  created_at: DbTimestamp;
}

export interface ProductionStagesTable {
  org_id: string;
  id: string;
  pipeline_id: string;
  title: string;
  sort_order: number;
}

export interface ProductionOrdersTable {
  org_id: string;
  id: string;
  version: number;
  title: string;
  status: string;
  pipeline_id: string | null;
  current_stage_id: string | null;
  deal_id: string | null;
  /** `[{ name, qty }]`. */
  items: DbJson;
  /** Thousandths. */
  qty_to_produce: number;
  qty_produced: number;
  customer_name: string | null;
  planned_delivery_date: string | null;
  monitor_status: string;
  is_archived: DbBool;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface ProductionTables {
  production_pipelines: ProductionPipelinesTable;
  production_stages: ProductionStagesTable;
  production_orders: ProductionOrdersTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends ProductionTables {}
}
