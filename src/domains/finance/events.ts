/**
 * The events finance emits. created/approved/paid are in the public webhook catalog and carry
 * the CRM's payload shape ({ version }). approval_requested is internal: its context names the
 * approvers to notify, which webhook subscribers must not see.
 */
import { Type } from '@sinclair/typebox';
import type { EventDeclaration, StoredEvent } from '../../events/types.ts';
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

export const financeEvents: EventDeclaration[] = [
  { name: 'finance_request.created', entityType: 'finance_request', context: Versioned, visibility: 'catalog' },
  { name: 'finance_request.approved', entityType: 'finance_request', context: Versioned, visibility: 'catalog' },
  { name: 'finance_request.paid', entityType: 'finance_request', context: Versioned, visibility: 'catalog' },
  { name: 'finance_request.approval_requested', entityType: 'finance_request', context: ApprovalRequested, visibility: 'internal' },
];

const text = (event: StoredEvent, key: string): string => {
  const value = event.context[key];
  return typeof value === 'string' ? value : '';
};

/** Every eligible approver hears of a request that waits for them; the requester is the actor. */
export const financeNotifications: NotificationRule[] = [
  {
    event: 'finance_request.approval_requested',
    kind: 'finance_request.approval_requested',
    recipients: (event) => {
      const ids = event.context.approverIds;
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    },
    actor: (event) => text(event, 'requesterId') || undefined,
    title: () => 'Payment request awaiting your approval',
    text: (event) => `${text(event, 'title')}: ${text(event, 'amount')} ${text(event, 'currency')}`,
  },
];
