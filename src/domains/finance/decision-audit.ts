/** Approvals, rejections and payments of payment requests in the organization's audit trail. */
import { changedFields, recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Tx } from '../../storage/storage.ts';
import type { RequestStatus } from './schemas.ts';

export type DecisionAction = 'finance_request.approve' | 'finance_request.reject' | 'finance_request.pay';

/** The request before and after the decision; `approvals` only when an approval was given. */
export interface DecisionState {
  status: RequestStatus;
  version: number;
  approvals?: number;
}

export async function auditDecision(tx: Tx, by: AuditSource, orgId: string, requestId: string, action: DecisionAction, before: DecisionState, after: DecisionState): Promise<void> {
  const changes = changedFields({ ...before }, { ...after });
  await recordAudit(tx, by, { orgId, action, targetType: 'finance_request', targetId: requestId, changes });
}
