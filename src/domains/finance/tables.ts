import type { DbBool, DbTimestamp } from '../../storage/codecs.ts';

export type FinanceRequestStatus = 'draft' | 'pending' | 'approved' | 'rejected' | 'paid';

export interface FinanceRequestsTable {
  org_id: string;
  id: string;
  version: number;
  title: string;
  /** Scaled integers: hundredths of the request's currency. */
  amount_cents: number;
  vat_cents: number;
  /** amount + VAT, kept with the row so the answer reads one column per field. */
  total_cents: number;
  currency: string;
  category_id: string | null;
  /** The category's name when it was set (the API shows the name). */
  category: string | null;
  counterparty: string | null;
  counterparty_inn: string | null;
  status: FinanceRequestStatus;
  payment_date: string | null;
  invoice_number: string | null;
  description: string | null;
  requested_by: string;
  /** The rate used: organization currency units per unit of `currency`, scaled by 10^6. */
  rate_micros: number;
  /**
   * What the organization pays (amount + VAT) converted into the organization currency
   * (`base_currency`), in hundredths; rows written before VAT counted hold the amount alone.
   */
  base_amount_cents: number;
  base_currency: string;
  /** Approvals needed before the request becomes approved (set when it enters pending). */
  approvals_required: number;
  is_archived: DbBool;
  search_text: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

/** One approver's approval of a pending request: one row per (request, user). */
export interface FinanceApprovalsTable {
  org_id: string;
  request_id: string;
  user_id: string;
  created_at: DbTimestamp;
}

/** A member who changed a request's payment fields: such a member never approves that request. */
export interface FinancePaymentEditorsTable {
  org_id: string;
  request_id: string;
  user_id: string;
  changed_at: DbTimestamp;
}

/** The organization's rate table: how many units of the organization currency one unit of `currency` is worth. */
export interface FinanceRatesTable {
  org_id: string;
  currency: string;
  rate_micros: number;
  updated_at: DbTimestamp;
}

export interface FinanceCategoriesTable {
  org_id: string;
  id: string;
  name: string;
  type: string;
  value: string;
  color: string;
  sort_order: number;
  parent_category_id: string | null;
  is_archived: DbBool;
  created_at: DbTimestamp;
}

export interface FinanceReceivablesTable {
  org_id: string;
  id: string;
  client_id: string;
  deal_id: string | null;
  amount_cents: number;
  paid_cents: number;
  currency: string;
  due_date: string;
  paid_date: string | null;
  description: string | null;
  created_at: DbTimestamp;
}

export interface FinanceTables {
  finance_requests: FinanceRequestsTable;
  finance_approvals: FinanceApprovalsTable;
  finance_payment_editors: FinancePaymentEditorsTable;
  finance_rates: FinanceRatesTable;
  finance_categories: FinanceCategoriesTable;
  finance_receivables: FinanceReceivablesTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends FinanceTables {}
}
