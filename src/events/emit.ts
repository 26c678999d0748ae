import { nowIso, toJson } from '../storage/codecs.ts';
import { newId } from '../storage/ids.ts';
import type { Tx } from '../storage/storage.ts';
import { insertEvent, insertProgress } from './queries.ts';
import { declaredEvent, decodeEvent, reactionsTo, subscribersOf } from './registry.ts';
import type { EventName, NewEvent } from './types.ts';

/** Consumer runners in every process wake on this channel when an event commits. */
export const EVENTS_CHANNEL = 'bizplat_events';

/**
 * Records an event in the writer's transaction, with one pending progress row per consumer
 * subscribed to it: both exist exactly when the change they report was committed. Then runs the
 * reactions to it in that same transaction (see Reaction). Returns the event's id. An undeclared name or a context that does not match its schema is a programming
 * error and throws.
 */
export async function emit<N extends EventName>(tx: Tx, event: NewEvent<N>): Promise<string> {
  const entry = declaredEvent(event.name);
  if (!entry) throw new Error(`event ${event.name} is not declared by any module`);
  if (entry.declaration.entityType !== event.entityType) throw new Error(`event ${event.name} is about ${entry.declaration.entityType}, not ${event.entityType}`);
  const { context } = event;
  if (!entry.check.Check(context)) {
    const first = entry.check.Errors(context).First();
    throw new Error(`event ${event.name}: context ${first ? `${first.path} ${first.message}` : 'does not match its schema'}`);
  }
  const id = newId();
  const createdAt = nowIso();
  const data = { entityType: event.entityType, entityId: event.entityId, ...context };
  const seq = await insertEvent(tx, { id, org_id: event.orgId, event: event.name, entity_type: event.entityType, entity_id: event.entityId, data: toJson(data), record: event.record === undefined ? null : toJson(event.record), created_at: createdAt });
  const consumers = subscribersOf(event.name);
  if (consumers.length > 0) await recordProgress(tx, event, seq, createdAt, consumers);
  const reacting = reactionsTo(event.name);
  if (reacting.length === 0) return id;
  const stored = decodeEvent({ seq, id, orgId: event.orgId, name: event.name, entityType: event.entityType, entityId: event.entityId, context, createdAt });
  for (const reaction of reacting) await reaction.react(tx, stored);
  return id;
}

async function recordProgress(tx: Tx, event: { orgId: string; entityType: string; entityId: string }, seq: number, createdAt: string, consumers: readonly string[]): Promise<void> {
  await insertProgress(
    tx,
    consumers.map((consumer) => ({
      consumer,
      event_seq: seq,
      org_id: event.orgId,
      entity_type: event.entityType,
      entity_id: event.entityId,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: createdAt,
      last_error: null,
      created_at: createdAt,
      completed_at: null,
    })),
  );
  await tx.notify(EVENTS_CHANNEL);
}
