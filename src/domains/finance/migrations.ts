import type { Migration } from '../../storage/migrations.ts';

/** Dates (payment_date, due_date, paid_date) are `YYYY-MM-DD` text: compared as text, read back unchanged on both databases. */
export const financeMigrations: Migration[] = [
  {
    name: '0600_finance',
    statements: (t) => [
      `CREATE TABLE finance_categories (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        value TEXT NOT NULL,
        color TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        parent_category_id TEXT,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX finance_categories_list ON finance_categories (org_id, sort_order, id)`,
      `CREATE TABLE finance_rates (
        org_id TEXT NOT NULL,
        currency TEXT NOT NULL,
        rate_micros ${t.bigint} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, currency)
      )`,
      `CREATE TABLE finance_requests (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        amount_cents ${t.bigint} NOT NULL,
        vat_cents ${t.bigint} NOT NULL,
        total_cents ${t.bigint} NOT NULL,
        currency TEXT NOT NULL,
        category_id TEXT,
        category TEXT,
        counterparty TEXT,
        counterparty_inn TEXT,
        status TEXT NOT NULL,
        payment_date TEXT,
        invoice_number TEXT,
        description TEXT,
        requested_by TEXT NOT NULL,
        rate_micros ${t.bigint} NOT NULL,
        base_amount_cents ${t.bigint} NOT NULL,
        base_currency TEXT NOT NULL,
        approvals_required INTEGER NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        search_text TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX finance_requests_live ON finance_requests (org_id, is_archived, created_at, id)`,
      `CREATE INDEX finance_requests_list ON finance_requests (org_id, created_at, id)`,
      `CREATE TABLE finance_approvals (
        org_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, request_id, user_id)
      )`,
      `CREATE TABLE finance_receivables (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        client_id TEXT NOT NULL,
        deal_id TEXT,
        amount_cents ${t.bigint} NOT NULL,
        paid_cents ${t.bigint} NOT NULL,
        currency TEXT NOT NULL,
        due_date TEXT NOT NULL,
        paid_date TEXT,
        description TEXT,
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX finance_receivables_list ON finance_receivables (org_id, created_at, id)`,
      `CREATE INDEX finance_receivables_client ON finance_receivables (org_id, client_id)`,
      `CREATE INDEX finance_receivables_deal ON finance_receivables (org_id, deal_id)`,
    ],
  },
  {
    name: '0610_finance_payment_editors',
    statements: (t) => [
      `CREATE TABLE finance_payment_editors (
        org_id TEXT NOT NULL,
        request_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        changed_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, request_id, user_id)
      )`,
    ],
  },
  {
    // search reads an index of the text's trigrams instead of every request (storage/search-index.ts);
    // ?status= reads its own range in list order (a page reads its rows, the total the status's).
    name: '0620_finance_search_status_indexes',
    statements: (t) => [...t.searchIndex('finance_requests', 'search_text'), `CREATE INDEX finance_requests_status ON finance_requests (org_id, is_archived, status, created_at, id)`],
  },
  {
    // updated_since lists by (updated_at, id): one index range from the time asked, however old the
    // collection; is_archived at the end lets the page and its total skip archived rows in the index.
    name: '0621_finance_requests_sync_index',
    statements: () => [`CREATE INDEX finance_requests_sync ON finance_requests (org_id, updated_at, id, is_archived)`],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '0622_finance_list_counts',
    statements: (t) => [...t.listCounts({ table: 'finance_requests', archived: 'is_archived', by: ['status'] }), ...t.listCounts({ table: 'finance_receivables' })],
  },
];
