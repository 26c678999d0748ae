/** The finance domain's only SQL. Every function takes orgId: a query never reaches another tenant's rows. */
import type { Insertable, Selectable } from 'kysely';
import { isoWithOffset, readBool } from '../../storage/codecs.ts';
import { MONEY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import { money } from './money.ts';
import type { FinanceCategoriesTable, FinanceRatesTable, FinanceRequestsTable } from './tables.ts';


const request = fieldsOf<'finance_requests'>();
const category = fieldsOf<'finance_categories'>();
const receivable = fieldsOf<'finance_receivables'>();

export const financeRequests = defineResource({
  table: 'finance_requests',
  counted: { filters: ['status'] },
  noun: 'payment request',
  fields: {
    id: 'id',
    version: 'version',
    title: 'title',
    amount: request.via('amount_cents', money),
    currency: 'currency',
    category: 'category',
    counterparty: 'counterparty',
    counterpartyInn: 'counterparty_inn',
    status: 'status',
    paymentDate: 'payment_date',
    invoiceNumber: 'invoice_number',
    vatAmount: request.via('vat_cents', money),
    amountWithVat: request.via('total_cents', money),
    requestedBy: 'requested_by',
    description: 'description',
    createdAt: request.via('created_at', (v: string) => isoWithOffset(v)),
    isArchived: request.via('is_archived', readBool),
  },
  filters: { status: 'status' },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
  searchColumn: 'search_text',
});

export const financeCategories = defineResource({
  table: 'finance_categories',
  fields: {
    id: 'id',
    name: 'name',
    type: 'type',
    value: 'value',
    color: 'color',
    order: 'sort_order',
    parent_category_id: 'parent_category_id',
    isArchived: category.via('is_archived', readBool),
  },
  archivedColumn: 'is_archived',
  order: [['sort_order', 'asc'], ['id', 'asc']],
});

const amount = (cents: number | string) => scaledToNumber(Number(cents), MONEY_SCALE);

/** Receivables as stored; the status is added when read (receivables.ts). */
export const receivables = defineResource({
  table: 'finance_receivables',
  counted: {},
  fields: {
    id: 'id',
    clientId: 'client_id',
    dealId: 'deal_id',
    amount: receivable.via('amount_cents', amount),
    paidAmount: receivable.via('paid_cents', amount),
    currency: 'currency',
    dueDate: 'due_date',
    paidDate: 'paid_date',
    description: 'description',
    createdAt: receivable.via('created_at', (v: string) => isoWithOffset(v)),
  },
  filters: { client_id: 'client_id', deal_id: 'deal_id' },
});

// ---- requests: the columns the answer does not show ----
export interface RequestInternals {
  amount_cents: number;
  vat_cents: number;
  currency: string;
  category_id: string | null;
  total_cents: number;
  rate_micros: number;
  requested_by: string;
  status: string;
  approvals_required: number;
  base_amount_cents: number;
  base_currency: string;
}

/** The internals of a stored request row (PostgreSQL hands big integers back as text). */
export function requestInternals(row: Selectable<FinanceRequestsTable>): RequestInternals {
  return {
    currency: row.currency,
    category_id: row.category_id,
    requested_by: row.requested_by,
    status: row.status,
    base_currency: row.base_currency,
    amount_cents: Number(row.amount_cents),
    vat_cents: Number(row.vat_cents),
    total_cents: Number(row.total_cents),
    rate_micros: Number(row.rate_micros),
    base_amount_cents: Number(row.base_amount_cents),
    approvals_required: Number(row.approvals_required),
  };
}

// ---- approvals ----
export async function approvalUserIds(db: Db, orgId: string, requestId: string): Promise<string[]> {
  const rows = await db.selectFrom('finance_approvals').select('user_id').where('org_id', '=', orgId).where('request_id', '=', requestId).orderBy('created_at').execute();
  return rows.map((r) => r.user_id);
}

export async function insertApproval(db: Db, orgId: string, requestId: string, userId: string, at: string): Promise<void> {
  await db.insertInto('finance_approvals').values({ org_id: orgId, request_id: requestId, user_id: userId, created_at: at }).execute();
}

/** Drops the approvals given so far; returns how many there were. */
export async function clearApprovals(db: Db, orgId: string, requestId: string): Promise<number> {
  const result = await db.deleteFrom('finance_approvals').where('org_id', '=', orgId).where('request_id', '=', requestId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- who changed the payment fields ----
export async function recordPaymentEditor(db: Db, orgId: string, requestId: string, userId: string, at: string): Promise<void> {
  await db
    .insertInto('finance_payment_editors')
    .values({ org_id: orgId, request_id: requestId, user_id: userId, changed_at: at })
    .onConflict((oc) => oc.columns(['org_id', 'request_id', 'user_id']).doUpdateSet({ changed_at: at }))
    .execute();
}

export async function changedPaymentFields(db: Db, orgId: string, requestId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('finance_payment_editors')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('request_id', '=', requestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- rates ----
export async function findRate(db: Db, orgId: string, currency: string): Promise<number | undefined> {
  const row = await db.selectFrom('finance_rates').select('rate_micros').where('org_id', '=', orgId).where('currency', '=', currency).executeTakeFirst();
  return row === undefined ? undefined : Number(row.rate_micros);
}

export async function upsertRate(db: Db, row: Insertable<FinanceRatesTable>): Promise<void> {
  await db
    .insertInto('finance_rates')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'currency']).doUpdateSet({ rate_micros: row.rate_micros, updated_at: row.updated_at }))
    .execute();
}

export async function listRates(db: Db, orgId: string): Promise<Array<{ currency: string; rate_micros: number }>> {
  const rows = await db.selectFrom('finance_rates').select(['currency', 'rate_micros']).where('org_id', '=', orgId).orderBy('currency').execute();
  return rows.map((r) => ({ currency: r.currency, rate_micros: Number(r.rate_micros) }));
}

// ---- categories ----
export async function findCategoryByName(db: Db, orgId: string, name: string): Promise<{ id: string; name: string } | undefined> {
  return categoryNamed(await categoryNames(db, orgId), name);
}

/** Every category of the organization: its id, name and whether it is archived. */
export type CategoryName = Pick<Selectable<FinanceCategoriesTable>, 'id' | 'name' | 'is_archived'>;

export function categoryNames(db: Db, orgId: string): Promise<CategoryName[]> {
  return db.selectFrom('finance_categories').select(['id', 'name', 'is_archived']).where('org_id', '=', orgId).execute();
}

/** The category of `name` among `rows`, ignoring case: a live one before an archived one. */
export function categoryNamed(rows: readonly CategoryName[], name: string): { id: string; name: string } | undefined {
  const key = name.trim().toLocaleLowerCase();
  const matches = rows.filter((r) => r.name.toLocaleLowerCase() === key);
  const found = matches.find((r) => !readBool(r.is_archived)) ?? matches[0];
  return found === undefined ? undefined : { id: found.id, name: found.name };
}

export async function insertCategory(db: Db, row: Insertable<FinanceCategoriesTable> & { org_id: string; id: string }): Promise<void> {
  await financeCategories.insert(db, row);
}

export async function existingCategoryIds(db: Db, orgId: string, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('finance_categories').select(['id', 'parent_category_id']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.parent_category_id]));
}


