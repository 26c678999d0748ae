/** Approvals, rejections and payments of payment requests in the organization's audit trail. */
import { changedFields, recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Tx } from '../../storage/storage.ts';
import type { RequestStatus } from './schemas.ts';

const ACTIONS: Partial<Record<RequestStatus, string>> = { approved: 'finance_request.approve', rejected: 'finance_request.reject', paid: 'finance_request.pay' };

/** What the decision did: the status asked for, the request before and after, and the approvals given before an approval. */
export interface Decided {
  requested: RequestStatus;
  from: { status: RequestStatus; version: number };
  to: { status: RequestStatus; version: number };
  approvalsBefore?: number;
}

/** Records an approval (intermediate ones included), a rejection or a payment; any other change records nothing. */
export async function auditDecision(tx: Tx, by: AuditSource, orgId: string, requestId: string, decided: Decided): Promise<void> {
  const action = decided.requested === decided.from.status ? undefined : ACTIONS[decided.requested];
  if (action === undefined) return;
  const given = decided.approvalsBefore;
  const approvals = given === undefined ? {} : { before: { approvals: given }, after: { approvals: given + 1 } };
  const changes = changedFields({ ...decided.from, ...approvals.before }, { ...decided.to, ...approvals.after });
  await recordAudit(tx, by, { orgId, action, targetType: 'finance_request', targetId: requestId, changes });
}
