import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

export interface CommercialOrdersTable {
  org_id: string;
  id: string;
  version: number;
  /** Null for a standalone order (made without a deal). */
  deal_id: string | null;
  client_id: string | null;
  title: string;
  status: string;
  currency: string;
  /** `[{ name, qty, price }]`, numbers exactly as given (qty ≤ 3, price ≤ 2 fraction digits). */
  items: DbJson;
  production_order_id: string | null;
  approved_at: DbTimestamp | null;
  is_archived: DbBool;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface CommercialTables {
  commercial_orders: CommercialOrdersTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends CommercialTables {}
}
