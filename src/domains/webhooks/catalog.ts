/**
 * The event catalog of GET /webhooks/event-catalog: the spec's names, exact, then the events of
 * the other domains (extensions, in the spec's `entity.action` style). A test checks that it
 * lists exactly the events the served modules declare `catalog`.
 */
export const EVENT_NAMES = [
  'client.created',
  'client.updated',
  'deal.created',
  'deal.updated',
  'deal.won',
  'deal.lost',
  'finance_request.created',
  'finance_request.approved',
  'finance_request.paid',
  'finance_request.rejected',
  'contact.created',
  'contact.updated',
  'contact.archived',
  'task.created',
  'task.updated',
  'task.status_changed',
  'task.assigned',
  'product.created',
  'product.updated',
  'movement.created',
  'meeting.created',
  'meeting.updated',
  'process.started',
  'process.completed',
  'process.failed',
  'process.cancelled',
  'process.stage_decided',
] as const;


export const ALL_EVENTS = '*';
