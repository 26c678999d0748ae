import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** The columns every CRM record (client, contact, deal) carries. */
export interface CrmRecordColumns {
  tags: DbJson;
  is_archived: DbBool;
  /** searchText(...) of the searchable fields: lower-cased, matched with LIKE on both databases. */
  search_text: string;
  created_by_user_id: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

export interface CrmClientsTable extends CrmRecordColumns {
  org_id: string;
  id: string;
  version: number;
  name: string;
  phone: string | null;
  email: string | null;
  company_name: string | null;
  inn: string | null;
  vat_number: string | null;
  industry: string | null;
  segment: string | null;
  city: string | null;
  source: string | null;
}

export interface CrmContactsTable extends CrmRecordColumns {
  org_id: string;
  id: string;
  version: number;
  client_id: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  telegram: string | null;
  instagram: string | null;
  job_title: string | null;
  /** Derived from phone, email, telegram and instagram on every write. */
  channels: DbJson;
}

export interface CrmFunnelsTable {
  org_id: string;
  id: string;
  name: string;
  is_default: DbBool;
  created_at: DbTimestamp;
}

export interface CrmFunnelStagesTable {
  org_id: string;
  id: string;
  funnel_id: string;
  name: string;
  /** Lower-cased name: stages are matched by name case-insensitively (Cyrillic too). */
  name_key: string;
  kind: 'open' | 'won' | 'lost';
  sort_order: number;
}

export interface CrmDealsTable extends CrmRecordColumns {
  org_id: string;
  id: string;
  version: number;
  title: string;
  client_id: string | null;
  contact_id: string | null;
  /** Scaled integer: hundredths of the currency unit. */
  amount_cents: number;
  currency: string;
  funnel_id: string;
  stage_id: string;
  source: string | null;
  assignee_id: string | null;
}

export interface CrmTables {
  crm_clients: CrmClientsTable;
  crm_contacts: CrmContactsTable;
  crm_funnels: CrmFunnelsTable;
  crm_funnel_stages: CrmFunnelStagesTable;
  crm_deals: CrmDealsTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends CrmTables {}
}
