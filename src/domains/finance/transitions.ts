/**
 * PATCH of a payment request: field changes while it is a draft or pending, and the status
 * transitions with their gates:
 *   draft → pending        the requester only
 *   pending → approved     finance.approve, never the requester nor a member who changed its
 *                          payment fields; with several approvals required each is recorded and
 *                          the request stays pending until the last
 *   pending → rejected     finance.approve, never the requester
 *   approved → paid        finance.pay
 * Only the requester changes a request's fields (isArchived included); anyone else only moves
 * its status. Anything else is 422 and nothing changes; fields of an approved, rejected or paid
 * request are frozen (isArchived excepted), and approved and paid requests are never archived.
 * A change to a field that defines the payment drops the approvals given so far.
 */
import type { Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { forbidden, invalidField } from '../../http/errors.ts';
import type { AppError } from '../../http/errors.ts';
import { changedFields, recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import { nowIso, searchText } from '../../storage/codecs.ts';
import type { Tx } from '../../storage/storage.ts';
import type { FinanceEditor } from './actor.ts';
import { approvalsNeeded, requiredApprovals } from './approvals.ts';
import {
  approvalUserIds, changedPaymentFields, clearApprovals, financeRequests, insertApproval, recordPaymentEditor, requestInternals,
} from './queries.ts';
import type { RequestInternals } from './queries.ts';
import { storedDictionaries } from './dictionaries.ts';
import { checkCurrency, convertAmount } from './rates.ts';
import { requestFields } from './request-fields.ts';
import type { RequestBody, RequestFields } from './request-fields.ts';
import { requestApproval, totalCents } from './requests.ts';
import type { FinanceRequestOut, RequestStatus } from './schemas.ts';
import type { FinanceRequestsTable } from './tables.ts';

const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  draft: ['pending'],
  pending: ['approved', 'rejected'],
  approved: ['paid'],
  rejected: [],
  paid: [],
};
const FROZEN: ReadonlySet<string> = new Set(['approved', 'rejected', 'paid']);
/** Money committed: such a request stays in the lists. */
const NEVER_ARCHIVED: ReadonlySet<string> = new Set(['approved', 'paid']);
/** The fields (as the API shows them) that define the payment: a change drops the approvals given. */
const PAYMENT_FIELDS: ReadonlySet<string> = new Set(['amount', 'currency', 'vatAmount', 'amountWithVat', 'counterparty', 'counterpartyInn', 'invoiceNumber', 'paymentDate', 'category']);

/** Nobody decides what they put forward themselves: 403 forbidden with its own code. */
function selfApproval(message = 'the requester may not approve or reject their own payment request'): AppError {
  return forbidden('self_approval', message);
}

function notRequester(): AppError {
  return forbidden('not_requester', 'only the requester changes a payment request; others approve, reject or pay it through status');
}

function needRight(actor: FinanceEditor, right: 'finance.approve' | 'finance.pay', what: string): void {
  if (!actor.rights.has(right)) throw forbidden('insufficient_scope', `${what} needs the role right ${right}`, { required_right: right });
}

/** What the transition does besides setting the status. */
interface Decision {
  status: RequestStatus;
  /** An approval to record (pending → approved), with the number given before it. */
  approvedBy?: string;
  approvalsBefore?: number;
  submitted?: boolean;
}

async function decide(tx: Tx, actor: FinanceEditor, id: string, from: RequestStatus, to: RequestStatus, internals: RequestInternals): Promise<Decision> {
  if (to === from) return { status: from };
  if (!TRANSITIONS[from].includes(to)) throw invalidField('status', `cannot change from ${from} to ${to}`);
  if (from === 'draft') {
    if (actor.userId !== internals.requested_by) throw forbidden('not_requester', 'only the requester submits a draft payment request');
    return { status: 'pending', submitted: true };
  }
  if (from === 'pending') {
    needRight(actor, 'finance.approve', to === 'approved' ? 'approving' : 'rejecting');
    if (actor.userId === internals.requested_by) throw selfApproval();
    if (to === 'rejected') return { status: 'rejected' };
    if (await changedPaymentFields(tx.db, actor.orgId, id, actor.userId)) throw selfApproval('you changed the payment fields of this request; another approver decides it');
    const approvedBy = await approvalUserIds(tx.db, actor.orgId, id);
    if (approvedBy.includes(actor.userId)) throw invalidField('status', 'you have already approved this payment request; it waits for other approvers');
    const enough = approvedBy.length + 1 >= approvalsNeeded(actor.orgSettings, internals);
    return { status: enough ? 'approved' : 'pending', approvedBy: actor.userId, approvalsBefore: approvedBy.length };
  }
  needRight(actor, 'finance.pay', 'marking as paid');
  return { status: 'paid' };
}

/** The column changes of the plain fields (amount + VAT converted again when amount, VAT or currency changes). */
async function fieldChanges(tx: Tx, actor: FinanceEditor, fields: RequestFields, internals: RequestInternals): Promise<Updateable<FinanceRequestsTable>> {
  const { category, amount_cents: amountCents, vat_cents: vatCents, currency, ...plain } = fields;
  const changes: Updateable<FinanceRequestsTable> = { ...plain };
  if (plain.title !== undefined) changes.search_text = searchText(plain.title);
  if (category !== undefined) {
    changes.category_id = category?.id ?? null;
    changes.category = category?.name ?? null;
  }
  if (amountCents !== undefined || vatCents !== undefined || currency !== undefined) {
    const amount = amountCents ?? internals.amount_cents;
    const vat = vatCents ?? internals.vat_cents;
    const total = totalCents(amount, vat);
    changes.amount_cents = amount;
    changes.vat_cents = vat;
    changes.total_cents = total;
    const newCurrency = checkCurrency('currency', currency ?? internals.currency);
    const conversion = await convertAmount(storedDictionaries(tx.db, actor.orgId), actor.orgCurrency, newCurrency, total);
    changes.currency = newCurrency;
    changes.rate_micros = conversion.rateMicros;
    changes.base_amount_cents = conversion.baseAmountCents;
    changes.base_currency = conversion.baseCurrency;
    changes.approvals_required = requiredApprovals(actor.orgSettings, conversion.baseAmountCents);
  }
  return changes;
}

/** Archiving is bookkeeping, but money committed stays visible, and a withdrawn request is not decided. */
function checkArchive(fields: RequestFields, archived: boolean, from: RequestStatus, to: RequestStatus): void {
  const status = NEVER_ARCHIVED.has(to) ? to : from;
  if (fields.is_archived === true && NEVER_ARCHIVED.has(status)) throw invalidField('isArchived', `a payment request cannot be archived once ${status}`);
  if (archived && to !== from && NEVER_ARCHIVED.has(to)) throw invalidField('status', `an archived payment request is not ${to}; the requester restores it first (isArchived: false)`);
}

/** An approval is given for one payment: a changed payee, amount, VAT, invoice, date or category is approved afresh. */
async function approveAfresh(tx: Tx, orgId: string, editorId: string, record: FinanceRequestOut): Promise<void> {
  await recordPaymentEditor(tx.db, orgId, record.id, editorId, nowIso());
  if ((await clearApprovals(tx.db, orgId, record.id)) > 0) await requestApproval(tx, orgId, record);
}

/** The audit actions of decisions: approvals, rejections and payments go to the organization's audit trail. */
const ACTIONS: Partial<Record<RequestStatus, string>> = { approved: 'finance_request.approve', rejected: 'finance_request.reject', paid: 'finance_request.pay' };

/** What the decision did: the status asked for, the request before and after, and the approvals given before an approval. */
interface Decided {
  requested: RequestStatus;
  from: { status: RequestStatus; version: number };
  to: { status: RequestStatus; version: number };
  approvalsBefore?: number;
}

/** Records an approval (intermediate ones included), a rejection or a payment; any other change records nothing. */
async function auditDecision(tx: Tx, by: AuditSource, orgId: string, requestId: string, decided: Decided): Promise<void> {
  const action = decided.requested === decided.from.status ? undefined : ACTIONS[decided.requested];
  if (action === undefined) return;
  const given = decided.approvalsBefore;
  const approvals = given === undefined ? {} : { before: { approvals: given }, after: { approvals: given + 1 } };
  const changes = changedFields({ ...decided.from, ...approvals.before }, { ...decided.to, ...approvals.after });
  await recordAudit(tx, by, { orgId, action, targetType: 'finance_request', targetId: requestId, changes });
}

export async function updateRequest(tx: Tx, actor: FinanceEditor, id: string, body: RequestBody, expected: number | undefined, by: AuditSource): Promise<FinanceRequestOut> {
  const fields = await requestFields(storedDictionaries(tx.db, actor.orgId), body);
  const edited = Object.keys(fields).filter((k) => k !== 'is_archived');
  let decision: Decision | undefined;
  let from: RequestStatus = 'draft';
  let categoryMoved = false;
  // Without If-Match a concurrent change runs the plan again on the fresh row: it only decides,
  // and what it learns (decision, from, categoryMoved) is taken from its last run.
  const outcome = await financeRequests.update(tx.db, actor.orgId, id, expected, async (current, stored) => {
    const internals = requestInternals(stored);
    if (Object.keys(fields).length > 0 && actor.userId !== internals.requested_by) throw notRequester();
    from = current.status as RequestStatus;
    const to = body.status ?? from;
    if (edited.length > 0 && (FROZEN.has(from) || FROZEN.has(to))) {
      const field = Object.keys(body).find((k) => k !== 'status' && k !== 'isArchived') ?? 'status';
      throw invalidField(field, FROZEN.has(from) ? `cannot change once the request is ${from}` : `cannot change together with a move to ${to}`);
    }
    checkArchive(fields, current.isArchived, from, to);
    decision = await decide(tx, actor, id, from, to, internals);
    const changes = await fieldChanges(tx, actor, fields, internals);
    categoryMoved = changes.category_id !== undefined && changes.category_id !== internals.category_id;
    return { ...changes, status: decision.status, updated_at: nowIso() };
  });
  // update() runs the plan before it returns (a missing request is its 404): decision is set.
  if (!decision) throw new Error('the payment request update returned without deciding');
  const { record } = outcome;
  const orgId = actor.orgId;
  if (categoryMoved || outcome.changed.some((field) => PAYMENT_FIELDS.has(field))) await approveAfresh(tx, orgId, actor.userId, record);
  if (decision.approvedBy !== undefined) await insertApproval(tx.db, orgId, id, decision.approvedBy, nowIso());
  if (decision.submitted) await requestApproval(tx, orgId, record);
  if (body.status !== undefined) {
    const { approvalsBefore } = decision;
    await auditDecision(tx, by, orgId, id, {
      requested: body.status,
      from: { status: from, version: record.version - 1 },
      to: { status: record.status as RequestStatus, version: record.version },
      ...(approvalsBefore !== undefined ? { approvalsBefore } : {}),
    });
  }
  const moved = record.status !== from;
  if (moved && record.status === 'approved') {
    await emit(tx, { orgId, name: 'finance_request.approved', entityType: 'finance_request', entityId: id, context: { version: record.version }, record });
  }
  if (moved && record.status === 'rejected') {
    await emit(tx, { orgId, name: 'finance_request.rejected', entityType: 'finance_request', entityId: id, context: { version: record.version }, record });
  }
  if (moved && record.status === 'paid') {
    await emit(tx, { orgId, name: 'finance_request.paid', entityType: 'finance_request', entityId: id, context: { version: record.version }, record });
  }
  return record;
}
