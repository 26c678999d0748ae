import { nowIso, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { EventName } from './catalog.ts';

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
 * Records a catalog event in the writer's transaction (the outbox): it exists exactly when
 * the change it reports was committed. Emitting an event is this one call in a service.
 */
export async function emitEvent(tx: Tx, e: EmittedEvent): Promise<void> {
  const data = { entityType: e.entityType, entityId: e.entityId, ...(e.context ?? {}) };
  await tx.db
    .insertInto('events')
    .values({ id: newId(), org_id: e.orgId, event: e.event, entity_type: e.entityType, entity_id: e.entityId, data: toJson(data), created_at: nowIso() })
    .execute();
  await tx.notify(EVENTS_CHANNEL);
}
