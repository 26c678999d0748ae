import { nowIso, toJson } from '../storage/codecs.ts';
import { newId } from '../storage/ids.ts';
import type { Tx } from '../storage/storage.ts';
import type { Expression } from 'kysely';
import { insertEvent, insertEventWithProgress, insertProgress, insertProgressWhere } from './queries.ts';
import type { NewProgressRow } from './queries.ts';
import { declaredEvent, decodeEvent, reactionsTo, subscribersOf, workOf } from './registry.ts';
import type { EventName, NewEvent } from './types.ts';

/** Consumer runners in every process wake on this channel when an event commits. */
export const EVENTS_CHANNEL = 'bizplat_events';

/**
 * Records an event in the writer's transaction, with one pending progress row per consumer
 * subscribed to it (a consumer with `workFor` only when its condition holds for the
 * organization): both exist exactly when the change they report was committed. Then runs the
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
  const row = { id, org_id: event.orgId, event: event.name, entity_type: event.entityType, entity_id: event.entityId, data: toJson(data), record: event.record === undefined ? null : toJson(event.record), created_at: createdAt };
  const progress = subscribersOf(event.name).map((consumer) => ({
    consumer,
    org_id: event.orgId,
    entity_type: event.entityType,
    entity_id: event.entityId,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: createdAt,
    last_error: null,
    created_at: createdAt,
    completed_at: null,
  }));
  const always = progress.filter((p) => workOf(p.consumer) === undefined);
  const conditional = progress.filter((p) => workOf(p.consumer) !== undefined);
  const reacting = reactionsTo(event.name);
  // Only a reaction reads the seq here: without one, the event need not wait for its answer.
  let seq: number | Expression<number> | undefined = reacting.length === 0 && (await insertEventWithProgress(tx, row, always)) ? tx.lastGeneratedKey('events', 'seq') : undefined;
  if (seq === undefined) {
    const inserted = await insertEvent(tx, row);
    seq = inserted;
    // In the column order insertProgress binds.
    if (always.length > 0) await insertProgress(tx, always.map(({ consumer, ...rest }) => ({ consumer, event_seq: inserted, ...rest })));
  }
  if ((await conditionalProgress(tx, seq, conditional)) || always.length > 0) await tx.notify(EVENTS_CHANNEL);
  if (reacting.length === 0 || typeof seq !== 'number') return id;
  const stored = decodeEvent({ seq, id, orgId: event.orgId, name: event.name, entityType: event.entityType, entityId: event.entityId, context, createdAt });
  for (const reaction of reacting) await reaction.react(tx, stored);
  return id;
}

/** The progress rows of consumers that have work for some organizations only; whether any may have been written. */
async function conditionalProgress(tx: Tx, seq: number | Expression<number>, rows: ReadonlyArray<Omit<NewProgressRow, 'event_seq'>>): Promise<boolean> {
  let any = false;
  for (const row of rows) {
    const condition = workOf(row.consumer);
    if (condition !== undefined && (await insertProgressWhere(tx, seq, row, condition)) !== false) any = true;
  }
  return any;
}
