/**
 * Records many events of one transaction with a few statements (an import, movements posted
 * together): the same rows emit() writes one by one, in the same order, with progress rows for
 * the same consumers under the same conditions. Events that have reactions are emitted one by
 * one, since a reaction runs right after its event, before the next is written.
 */
import { sql } from 'kysely';
import { nowIso, toJson } from '../storage/codecs.ts';
import { newId } from '../storage/ids.ts';
import type { Tx } from '../storage/storage.ts';
import { emit, EVENTS_CHANNEL } from './emit.ts';
import type { NewEventRow } from './queries.ts';
import { declaredEvent, reactionsTo, subscribersOf, workOf } from './registry.ts';
import type { EventName, NewEvent } from './types.ts';

/** Events per statement: 8 values each, well within either database's bound on parameters. */
const EVENTS_PER_STATEMENT = 500;

/** Fewer events go one by one through emit(), whose statements are compiled once and need no answer. */
const FEWEST_SHARED = 16;

function eventRow<N extends EventName>(event: NewEvent<N>): NewEventRow {
  const entry = declaredEvent(event.name);
  if (!entry) throw new Error(`event ${event.name} is not declared by any module`);
  if (entry.declaration.entityType !== event.entityType) throw new Error(`event ${event.name} is about ${entry.declaration.entityType}, not ${event.entityType}`);
  if (!entry.check.Check(event.context)) {
    const first = entry.check.Errors(event.context).First();
    throw new Error(`event ${event.name}: context ${first ? `${first.path} ${first.message}` : 'does not match its schema'}`);
  }
  const data = { entityType: event.entityType, entityId: event.entityId, ...event.context };
  return {
    id: newId(),
    org_id: event.orgId,
    event: event.name,
    entity_type: event.entityType,
    entity_id: event.entityId,
    data: toJson(data),
    record: event.record === undefined ? null : toJson(event.record),
    created_at: nowIso(),
  };
}

/**
 * The progress rows of `consumer` for the events just written (by id), where its condition
 * holds: one statement reading them back from the events table, so no seq needs to come back.
 */
async function insertProgressOf(tx: Tx, consumer: string, ids: string[]): Promise<void> {
  const condition = workOf(consumer);
  await tx.db
    .insertInto('event_progress')
    .columns(['consumer', 'event_seq', 'org_id', 'entity_type', 'entity_id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'completed_at'])
    .expression((eb) =>
      eb
        .selectFrom('events as e')
        .select([
          sql.val(consumer).as('consumer'),
          'e.seq',
          'e.org_id',
          'e.entity_type',
          'e.entity_id',
          sql.lit('pending').as('status'),
          sql.lit(0).as('attempts'),
          'e.created_at as next_attempt_at',
          sql.lit(null).as('last_error'),
          'e.created_at',
          sql.lit(null).as('completed_at'),
        ])
        .where('e.id', 'in', ids)
        .$call((q) => (condition === undefined ? q : q.where((inner) => condition(inner.ref('e.org_id')))))
        .orderBy('e.seq'),
    )
    .execute();
}

/** Writes `rows` (events of one name each, none with reactions) and their progress rows. */
async function writeRows(tx: Tx, rows: NewEventRow[]): Promise<boolean> {
  let fannedOut = false;
  for (let start = 0; start < rows.length; start += EVENTS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + EVENTS_PER_STATEMENT);
    await tx.db.insertInto('events').values(chunk).execute();
    const consumers = new Set(chunk.flatMap((row) => subscribersOf(row.event)));
    for (const consumer of consumers) {
      const ids = chunk.filter((row) => subscribersOf(row.event).includes(consumer)).map((row) => row.id);
      await insertProgressOf(tx, consumer, ids);
      fannedOut = true;
    }
  }
  return fannedOut;
}

/** Emits `events` in order, as emit() would one by one; returns their ids. */
export async function emitMany(tx: Tx, events: ReadonlyArray<NewEvent>): Promise<string[]> {
  const ids: string[] = [];
  let pending: NewEventRow[] = [];
  let fannedOut = false;
  const flush = async () => {
    if (pending.length > 0 && (await writeRows(tx, pending))) fannedOut = true;
    pending = [];
  };
  for (const event of events) {
    if (events.length < FEWEST_SHARED || reactionsTo(event.name).length > 0) {
      await flush();
      ids.push(await emit(tx, event));
      continue;
    }
    const row = eventRow(event);
    pending.push(row);
    ids.push(row.id);
  }
  await flush();
  if (fannedOut) await tx.notify(EVENTS_CHANNEL);
  return ids;
}
