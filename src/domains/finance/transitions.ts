/**
 * PATCH of a payment request: field changes while it is a draft or pending, and the status
 * transitions with their gates:
 *   draft → pending        the requester only
 *   pending → approved     finance.approve, never the requester; with several approvals
 *                          required each is recorded and the request stays pending until the last
 *   pending → rejected     finance.approve, never the requester
 *   approved → paid        finance.pay
 * Anything else is 422 and nothing changes; fields of an approved, rejected or paid request are
 * frozen (isArchived excepted).
 */
import type { Updateable } from 'kysely';
import type { Actor } from '../../http/access.ts';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { emit } from '../../events/emit.ts';
import { nowIso, searchText } from '../../storage/codecs.ts';
import type { Tx } from '../../storage/storage.ts';
import { requiredApprovals } from './approvals.ts';
import { approvalUserIds, clearApprovals, financeRequests, insertApproval, requestInternals } from './queries.ts';
import type { RequestInternals } from './queries.ts';
import { checkCurrency, convertAmount } from './rates.ts';
import { requestFields } from './request-fields.ts';
import type { RequestBody, RequestFields } from './request-fields.ts';
import { requestApproval, totalCents } from './requests.ts';
import type { FinanceRequestOut, RequestStatus } from './schemas.ts';
import type { FinanceRequestsTable } from './tables.ts';

export type FinanceEditor = Pick<Actor, 'orgId' | 'userId' | 'orgCurrency' | 'orgSettings' | 'rights'>;

const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  draft: ['pending'],
  pending: ['approved', 'rejected'],
  approved: ['paid'],
  rejected: [],
  paid: [],
};
const FROZEN: ReadonlySet<string> = new Set(['approved', 'rejected', 'paid']);

/** The requester may not decide their own request: 403 forbidden with its own code. */
function selfApproval(): AppError {
  return new AppError(403, 'forbidden', 'self_approval', 'the requester may not approve or reject their own payment request');
}

function needRight(actor: FinanceEditor, right: 'finance.approve' | 'finance.pay', what: string): void {
  if (!actor.rights.has(right)) throw forbidden(`${what} needs the role right ${right}`, { required_right: right });
}

/** What the transition does besides setting the status. */
interface Decision {
  status: RequestStatus;
  /** An approval to record (pending → approved). */
  approvedBy?: string;
  submitted?: boolean;
}

async function decide(tx: Tx, actor: FinanceEditor, id: string, from: RequestStatus, to: RequestStatus, internals: RequestInternals): Promise<Decision> {
  if (to === from) return { status: from };
  if (!TRANSITIONS[from].includes(to)) throw invalidField('status', `cannot change from ${from} to ${to}`);
  if (from === 'draft') {
    if (actor.userId !== internals.requested_by) throw forbidden('only the requester submits a draft payment request');
    return { status: 'pending', submitted: true };
  }
  if (from === 'pending') {
    needRight(actor, 'finance.approve', to === 'approved' ? 'approving' : 'rejecting');
    if (actor.userId === internals.requested_by) throw selfApproval();
    if (to === 'rejected') return { status: 'rejected' };
    const approvedBy = await approvalUserIds(tx.db, actor.orgId, id);
    if (approvedBy.includes(actor.userId)) throw invalidField('status', 'you have already approved this payment request; it waits for other approvers');
    const enough = approvedBy.length + 1 >= internals.approvals_required;
    return { status: enough ? 'approved' : 'pending', approvedBy: actor.userId };
  }
  needRight(actor, 'finance.pay', 'marking as paid');
  return { status: 'paid' };
}

/** The column changes of the plain fields (money converted again when amount or currency changes). */
async function fieldChanges(tx: Tx, actor: FinanceEditor, fields: RequestFields, internals: RequestInternals): Promise<Updateable<FinanceRequestsTable>> {
  const { category, amount_cents: amountCents, vat_cents: vatCents, currency, ...plain } = fields;
  const changes: Updateable<FinanceRequestsTable> = { ...plain };
  if (plain.title !== undefined) changes.search_text = searchText(plain.title);
  if (category !== undefined) {
    changes.category_id = category?.id ?? null;
    changes.category = category?.name ?? null;
  }
  const amount = amountCents ?? internals.amount_cents;
  const vat = vatCents ?? internals.vat_cents;
  if (amountCents !== undefined || vatCents !== undefined) {
    changes.amount_cents = amount;
    changes.vat_cents = vat;
    changes.total_cents = totalCents(amount, vat);
  }
  if (amountCents !== undefined || currency !== undefined) {
    const newCurrency = checkCurrency('currency', currency ?? internals.currency);
    const conversion = await convertAmount(tx.db, actor.orgId, actor.orgCurrency, newCurrency, amount);
    changes.currency = newCurrency;
    changes.rate_micros = conversion.rateMicros;
    changes.base_amount_cents = conversion.baseAmountCents;
    changes.base_currency = conversion.baseCurrency;
    changes.approvals_required = requiredApprovals(actor.orgSettings, conversion.baseAmountCents);
  }
  return changes;
}

export async function updateRequest(tx: Tx, actor: FinanceEditor, id: string, body: RequestBody, expected: number | undefined): Promise<FinanceRequestOut> {
  const fields = await requestFields(tx.db, actor.orgId, body);
  const edited = Object.keys(fields).filter((k) => k !== 'is_archived');
  let decision: Decision | undefined;
  let from: RequestStatus = 'draft';
  let moneyChanged = false;
  const outcome = await financeRequests.update(tx.db, actor.orgId, id, expected, async (current) => {
    const internals = await requestInternals(tx.db, actor.orgId, id);
    if (!internals) throw notFound('payment request');
    from = current.status as RequestStatus;
    const to = body.status ?? from;
    if (edited.length > 0 && (FROZEN.has(from) || FROZEN.has(to))) {
      const field = Object.keys(body).find((k) => k !== 'status' && k !== 'isArchived') ?? 'status';
      throw invalidField(field, FROZEN.has(from) ? `cannot change once the request is ${from}` : `cannot change together with a move to ${to}`);
    }
    decision = await decide(tx, actor, id, from, to, internals);
    const changes = await fieldChanges(tx, actor, fields, internals);
    moneyChanged = changes.approvals_required !== undefined && from === 'pending';
    return { ...changes, status: decision.status, updated_at: nowIso() };
  });
  if (!outcome || !decision) throw notFound('payment request');
  const { record } = outcome;
  const orgId = actor.orgId;
  // A changed amount is approved afresh: approvals given for the old amount no longer count.
  if (moneyChanged) await clearApprovals(tx.db, orgId, id);
  if (decision.approvedBy !== undefined) await insertApproval(tx.db, orgId, id, decision.approvedBy, nowIso());
  if (decision.submitted) await requestApproval(tx, orgId, record);
  const moved = record.status !== from;
  if (moved && record.status === 'approved') {
    await emit(tx, { orgId, name: 'finance_request.approved', entityType: 'finance_request', entityId: id, context: { version: record.version } });
  }
  if (moved && record.status === 'paid') {
    await emit(tx, { orgId, name: 'finance_request.paid', entityType: 'finance_request', entityId: id, context: { version: record.version } });
  }
  return record;
}
