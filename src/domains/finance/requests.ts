/**
 * Payment request use cases: create (conversion, approval initialization and the approvers'
 * notification in the writer's transaction), read and list. Changes and transitions: transitions.ts.
 */
import type { Insertable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { emitMany } from '../../events/emit-many.ts';
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { nowIso, searchText } from '../../storage/codecs.ts';
import { insertMany } from '../../storage/bulk-insert.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { FinanceActor } from './actor.ts';
import { approverHolders, approversAmong, eligibleApprovers, requiredApprovals } from './approvals.ts';
import { readDictionaries, storedDictionaries } from './dictionaries.ts';
import type { FinanceDictionaries } from './dictionaries.ts';
import { MAX_CENTS, MAX_AMOUNT_TEXT } from './money.ts';
import { financeRequests } from './queries.ts';
import { checkCurrency, convertAmount } from './rates.ts';
import { requestFields } from './request-fields.ts';
import type { RequestBody } from './request-fields.ts';
import type { FinanceRequestListInput, FinanceRequestOut, RequestStatus } from './schemas.ts';
import type { FinanceRequestsTable } from './tables.ts';

/** What an import may keep that an API create never takes from the body. */
export interface KeptOnImport {
  status: RequestStatus;
  requestedBy: string;
  createdAt?: string;
}

export function totalCents(amountCents: number, vatCents: number): number {
  const total = amountCents + vatCents;
  if (total > MAX_CENTS) throw invalidField('vatAmount', `amount plus vatAmount must be at most ${MAX_AMOUNT_TEXT}`);
  return total;
}

function approvalRequestedEvent(orgId: string, record: FinanceRequestOut, approverIds: string[]) {
  return {
    orgId,
    name: 'finance_request.approval_requested',
    entityType: 'finance_request',
    entityId: record.id,
    context: { version: record.version, requesterId: record.requestedBy, approverIds, title: record.title, amount: record.amount, currency: record.currency },
  } as const;
}

/** Tells every eligible approver (through the notifications module) that the request waits for them. */
export async function requestApproval(tx: Tx, orgId: string, record: FinanceRequestOut, alreadyApproved: readonly string[] = []): Promise<void> {
  await emit(tx, approvalRequestedEvent(orgId, record, await eligibleApprovers(tx.db, orgId, record.requestedBy, alreadyApproved)));
}

async function newRequestRow(dictionaries: FinanceDictionaries, actor: FinanceActor, body: RequestBody & { id?: string }, kept?: KeptOnImport) {
  const id = body.id ?? newId();
  const fields = await requestFields(dictionaries, body);
  if (fields.title === undefined) throw invalidField('title', 'is required');
  if (fields.amount_cents === undefined) throw invalidField('amount', 'is required');
  const currency = checkCurrency('currency', fields.currency ?? actor.orgCurrency);
  const vatCents = fields.vat_cents ?? 0;
  const total = totalCents(fields.amount_cents, vatCents);
  const conversion = await convertAmount(dictionaries, actor.orgCurrency, currency, total);
  // The body's status never approves: a draft stays a draft, anything else starts pending.
  const status: RequestStatus = kept?.status ?? (body.status === 'draft' ? 'draft' : 'pending');
  const now = nowIso();
  return {
    org_id: actor.orgId,
    id,
    version: 1,
    title: fields.title,
    amount_cents: fields.amount_cents,
    vat_cents: vatCents,
    total_cents: total,
    currency,
    category_id: fields.category?.id ?? null,
    category: fields.category?.name ?? null,
    counterparty: fields.counterparty ?? null,
    counterparty_inn: fields.counterparty_inn ?? null,
    status,
    payment_date: fields.payment_date ?? null,
    invoice_number: fields.invoice_number ?? null,
    description: fields.description ?? null,
    requested_by: kept?.requestedBy ?? actor.userId,
    rate_micros: conversion.rateMicros,
    base_amount_cents: conversion.baseAmountCents,
    base_currency: conversion.baseCurrency,
    approvals_required: requiredApprovals(actor.orgSettings, conversion.baseAmountCents),
    is_archived: fields.is_archived ?? false,
    search_text: searchText(fields.title),
    created_at: kept?.createdAt ?? now,
    updated_at: now,
  } satisfies Insertable<FinanceRequestsTable>;
}

function createdEvent(orgId: string, record: FinanceRequestOut) {
  return { orgId, name: 'finance_request.created', entityType: 'finance_request', entityId: record.id, context: { version: 1 }, record } as const;
}

export async function createRequest(tx: Tx, actor: FinanceActor, body: RequestBody & { id?: string }, kept?: KeptOnImport): Promise<FinanceRequestOut> {
  const created = await financeRequests.insert(tx.db, await newRequestRow(storedDictionaries(tx.db, actor.orgId), actor, body, kept));
  await emit(tx, createdEvent(actor.orgId, created));
  if (created.status === 'pending') await requestApproval(tx, actor.orgId, created);
  return created;
}

/**
 * Several new requests at once (an import): what createRequest writes for each, the categories,
 * rates and approvers read once, the rows by multi-row INSERT and the events in bulk.
 */
export async function createRequests(tx: Tx, actor: FinanceActor, items: ReadonlyArray<{ body: RequestBody & { id?: string }; kept?: KeptOnImport }>): Promise<FinanceRequestOut[]> {
  const dictionaries = await readDictionaries(tx.db, actor.orgId);
  const rows = [];
  for (const { body, kept } of items) rows.push(await newRequestRow(dictionaries, actor, body, kept));
  const created = await insertMany(tx.db, financeRequests, rows);
  const holders = created.some((r) => r.status === 'pending') ? await approverHolders(tx.db, actor.orgId) : [];
  await emitMany(
    tx,
    created.flatMap((record) => [
      createdEvent(actor.orgId, record),
      ...(record.status === 'pending' ? [approvalRequestedEvent(actor.orgId, record, approversAmong(holders, record.requestedBy))] : []),
    ]),
  );
  return created;
}

export async function getRequest(db: Db, actor: FinanceActor, id: string): Promise<FinanceRequestOut> {
  return financeRequests.get(db, actor.orgId, id);
}

export function listRequests(db: Db, actor: FinanceActor, query: FinanceRequestListInput): Promise<Page<FinanceRequestOut>> {
  return financeRequests.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    updatedSince: query.updated_since,
    includeArchived: query.include_archived,
    search: query.search,
    where: { status: query.status },
  });
}

