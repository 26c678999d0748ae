import { isoWithOffset } from '../../storage/codecs.ts';
import { ALL_EVENTS } from './catalog.ts';

/**
 * The delivered body, serialized once: these exact bytes are stored, signed and sent on every
 * attempt. The spec's event, data and ts first (data lists entityType and entityId first, then
 * the event's context), then, as an extension, the event's id (the webhook-id header's value,
 * so a receiver that stores only the body can tell repeats apart) and its name as Standard
 * Webhooks calls it, `type`.
 */
export function deliveryBody(eventId: string, event: string, data: Record<string, unknown>, createdAt: string): string {
  const { entityType, entityId, ...context } = data;
  return JSON.stringify({ event, data: { entityType, entityId, ...context }, ts: isoWithOffset(createdAt), id: eventId, type: event });
}

/** Whether a subscription's events list (catalog names or ["*"]) takes this event. */
export function subscribesTo(events: unknown, event: string): boolean {
  return Array.isArray(events) && (events.includes(ALL_EVENTS) || events.includes(event));
}
