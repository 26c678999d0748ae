/** The event catalog of GET /webhooks/event-catalog, names exact. */
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
] as const;


export const ALL_EVENTS = '*';
