/**
 * The events finance emits. created/approved/paid are in the public webhook catalog and carry
 * the CRM's payload shape ({ version }). approval_requested is internal: its context names the
 * approvers to notify, which webhook subscribers must not see.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';
import type { NotificationRule } from '../module.ts';

const Versioned = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const ApprovalRequested = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    requesterId: Type.String(),
    approverIds: Type.Array(Type.String()),
    title: Type.String(),
    amount: Type.String(),
    currency: Type.String(),
  },
  { additionalProperties: false },
);

declare module '../../events/types.ts' {
  interface EventContexts {
    'finance_request.created': Static<typeof Versioned>;
    'finance_request.approved': Static<typeof Versioned>;
    'finance_request.paid': Static<typeof Versioned>;
    'finance_request.rejected': Static<typeof Versioned>;
    'finance_request.approval_requested': Static<typeof ApprovalRequested>;
  }
}

export const financeEvents = [
  declareEvent('finance_request.created', 'finance_request', Versioned, 'catalog'),
  declareEvent('finance_request.approved', 'finance_request', Versioned, 'catalog'),
  declareEvent('finance_request.paid', 'finance_request', Versioned, 'catalog'),
  declareEvent('finance_request.rejected', 'finance_request', Versioned, 'catalog'),
  declareEvent('finance_request.approval_requested', 'finance_request', ApprovalRequested, 'internal'),
];

/** Every eligible approver hears of a request that waits for them; the requester is the actor. */
export const approvalRequestedRule: NotificationRule<'finance_request.approval_requested'> = {
  event: 'finance_request.approval_requested',
  kind: 'finance_request.approval_requested',
  recipients: (event) => event.context.approverIds,
  actor: (event) => event.context.requesterId,
  title: () => 'Payment request awaiting your approval',
  text: ({ context: c }) => `${c.title}: ${c.amount} ${c.currency}`,
};
