import { lowerIdsStatement } from '../../storage/ids.ts';
import type { Migration } from '../../storage/migrations.ts';

export const crmMigrations: Migration[] = [
  {
    name: '0100_crm_clients_contacts',
    statements: (t) => [
      `CREATE TABLE crm_clients (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        name TEXT NOT NULL,
        phone TEXT,
        email TEXT,
        company_name TEXT,
        inn TEXT,
        vat_number TEXT,
        industry TEXT,
        segment TEXT,
        city TEXT,
        source TEXT,
        tags ${t.json} NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        search_text TEXT NOT NULL,
        created_by_user_id TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX crm_clients_list ON crm_clients (org_id, created_at, id)`,
      `CREATE TABLE crm_contacts (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        client_id TEXT,
        name TEXT NOT NULL,
        phone TEXT,
        email TEXT,
        telegram TEXT,
        instagram TEXT,
        job_title TEXT,
        tags ${t.json} NOT NULL,
        channels ${t.json} NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        search_text TEXT NOT NULL,
        created_by_user_id TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX crm_contacts_list ON crm_contacts (org_id, created_at, id)`,
      `CREATE INDEX crm_contacts_client ON crm_contacts (org_id, client_id)`,
    ],
  },
  {
    name: '0101_crm_funnels_deals',
    statements: (t) => [
      `CREATE TABLE crm_funnels (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        is_default ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE TABLE crm_funnel_stages (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        funnel_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        PRIMARY KEY (org_id, id),
        UNIQUE (org_id, funnel_id, name_key)
      )`,
      `CREATE TABLE crm_deals (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        client_id TEXT,
        contact_id TEXT,
        amount_cents ${t.bigint} NOT NULL,
        currency TEXT NOT NULL,
        funnel_id TEXT NOT NULL,
        stage_id TEXT NOT NULL,
        source TEXT,
        assignee_id TEXT,
        tags ${t.json} NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        search_text TEXT NOT NULL,
        created_by_user_id TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX crm_deals_list ON crm_deals (org_id, created_at, id)`,
      `CREATE INDEX crm_deals_client ON crm_deals (org_id, client_id)`,
      `CREATE INDEX crm_deals_stage ON crm_deals (org_id, stage_id)`,
    ],
  },
  {
    // Ids are kept in lower case (UUIDs compare case-insensitively); rows stored before, with a
    // supplied upper-case id, and the references to them, follow. Two records whose ids differ
    // only by case stop this migration: one of them must be renamed first.
    name: '0102_crm_ids_lower_case',
    statements: () => [
      lowerIdsStatement('crm_clients', ['id']),
      lowerIdsStatement('crm_contacts', ['id', 'client_id']),
      lowerIdsStatement('crm_funnels', ['id']),
      lowerIdsStatement('crm_funnel_stages', ['id', 'funnel_id']),
      lowerIdsStatement('crm_deals', ['id', 'client_id', 'contact_id', 'funnel_id', 'stage_id', 'assignee_id']),
    ],
  },
  {
    // The default list (archived records left out) and its total read one index range.
    name: '0103_crm_live_list_indexes',
    statements: () => [
      `CREATE INDEX crm_clients_live ON crm_clients (org_id, is_archived, created_at, id)`,
      `CREATE INDEX crm_contacts_live ON crm_contacts (org_id, is_archived, created_at, id)`,
      `CREATE INDEX crm_deals_live ON crm_deals (org_id, is_archived, created_at, id)`,
    ],
  },
  {
    // search reads an index of the text's trigrams instead of every record (storage/search-index.ts).
    name: '0104_crm_search_indexes',
    statements: (t) => [...t.searchIndex('crm_clients', 'search_text'), ...t.searchIndex('crm_contacts', 'search_text'), ...t.searchIndex('crm_deals', 'search_text')],
  },
  {
    // updated_since lists by (updated_at, id): one index range from the time asked, however old the
    // collection; is_archived at the end lets the page and its total skip archived rows in the index.
    name: '0105_crm_sync_indexes',
    statements: () => [
      `CREATE INDEX crm_clients_sync ON crm_clients (org_id, updated_at, id, is_archived)`,
      `CREATE INDEX crm_contacts_sync ON crm_contacts (org_id, updated_at, id, is_archived)`,
      `CREATE INDEX crm_deals_sync ON crm_deals (org_id, updated_at, id, is_archived)`,
    ],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '0106_crm_list_counts',
    statements: (t) => [...t.listCounts({ table: 'crm_clients', archived: 'is_archived' }), ...t.listCounts({ table: 'crm_contacts', archived: 'is_archived' }), ...t.listCounts({ table: 'crm_deals', archived: 'is_archived' })],
  },
];
