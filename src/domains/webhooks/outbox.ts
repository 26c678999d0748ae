import { nowIso, readJson, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { EventName } from './catalog.ts';
import { deliveryBody, subscribesTo } from './payload.ts';
import { activeSubscriptionEvents, insertDeliveries } from './queries.ts';

/** Dispatchers in every process wake on this channel when an event commits. */
export const EVENTS_CHANNEL = 'bizplat_events';

export interface EmittedEvent {
  orgId: string;
  event: EventName;
  entityType: string;
  entityId: string;
  /** Event context merged into `data` beside entityType and entityId. */
  context?: Record<string, unknown>;
}

/**
 * Records a catalog event in the writer's transaction (the outbox) and fans it out there to
 * one delivery per matching active subscription: both exist exactly when the change they
 * report was committed. Emitting an event is this one call in a service.
 */
export async function emitEvent(tx: Tx, e: EmittedEvent): Promise<void> {
  const data = { entityType: e.entityType, entityId: e.entityId, ...(e.context ?? {}) };
  const id = newId();
  const createdAt = nowIso();
  await tx.db
    .insertInto('events')
    .values({ id, org_id: e.orgId, event: e.event, entity_type: e.entityType, entity_id: e.entityId, data: toJson(data), created_at: createdAt })
    .execute();
  const targets = (await activeSubscriptionEvents(tx.db, e.orgId)).filter((s) => subscribesTo(readJson(s.events), e.event));
  if (targets.length === 0) return;
  const body = deliveryBody(e.event, data, createdAt);
  await insertDeliveries(
    tx.db,
    targets.map((s) => ({ org_id: e.orgId, id: newId(), subscription_id: s.id, event_id: id, event: e.event, body, created_at: createdAt, next_attempt_at: createdAt })),
  );
  await tx.notify(EVENTS_CHANNEL);
}
