import { isoWithOffset } from '../../storage/codecs.ts';
import { ALL_EVENTS } from './catalog.ts';

/**
 * The delivered body, serialized once: these exact bytes are stored, signed and sent on every
 * attempt. data lists entityType and entityId first, then the event's context.
 */
export function deliveryBody(event: string, data: Record<string, unknown>, createdAt: string): string {
  const { entityType, entityId, ...context } = data;
  return JSON.stringify({ event, data: { entityType, entityId, ...context }, ts: isoWithOffset(createdAt) });
}

/** Whether a subscription's events list (catalog names or ["*"]) takes this event. */
export function subscribesTo(events: unknown, event: string): boolean {
  return Array.isArray(events) && (events.includes(ALL_EVENTS) || events.includes(event));
}
