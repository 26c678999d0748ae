import type { Static, TSchema } from '@sinclair/typebox';
import type { Expression, SqlBool } from 'kysely';
import type { Tx } from '../storage/storage.ts';

/**
 * Event name → the type of its context (what the event carries besides its entity). Empty here:
 * each domain's events.ts adds its own events by declaration merging, from the same TypeBox
 * schemas it declares them with (`'task.assigned': Static<typeof TaskAssigned>`), so the kernel
 * names no domain and every emit, consumer and notification rule is checked against the schema
 * at compile time. Context keys are camelCase, like the entityType and entityId beside them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventContexts {}

/** Every declared event name. */
export type EventName = keyof EventContexts & string;

/**
 * An event a module produces. `catalog` events are part of the public webhook catalog and the
 * events feed; `internal` ones travel the same spine to consumers and never leave the server.
 */
export interface EventDeclaration<N extends EventName = EventName> {
  name: N;
  entityType: string;
  /** TypeBox schema of the context; its static type is the map's entry for the name. */
  context: TSchema;
  visibility: 'catalog' | 'internal';
}

/**
 * Declares an event whose context schema is exactly the map's entry for its name: a schema that
 * drifts from the map (or a name no domain added to it) does not compile.
 */
export function declareEvent<N extends EventName, S extends TSchema>(
  name: N,
  entityType: string,
  context: S & (Static<S> extends EventContexts[N] ? (EventContexts[N] extends Static<S> ? unknown : never) : never),
  visibility: 'catalog' | 'internal',
): EventDeclaration<N> {
  return { name, entityType, context, visibility };
}

/** What a writer hands to emit(). */
export interface NewEvent<N extends EventName = EventName> {
  orgId: string;
  name: N;
  entityType: string;
  entityId: string;
  context: EventContexts[N];
  /**
   * The record as the API shows it after the change (its GET answer), for readers who ask for it
   * (the feed's include=record); never a field the API keeps from its readers.
   */
  record?: object;
}

/** An event as the events table holds it, any name, its context not yet checked (see registry's decodeEvent). */
export interface RecordedEvent {
  seq: number;
  id: string;
  orgId: string;
  name: string;
  entityType: string;
  entityId: string;
  context: Record<string, unknown>;
  createdAt: string;
}

interface StoredEventOf<N extends EventName> {
  /** Commit-independent, increasing: the order events of one entity reach a consumer in. */
  seq: number;
  /** Unique id (for webhooks: the X-Webhook-Id). */
  id: string;
  orgId: string;
  name: N;
  entityType: string;
  entityId: string;
  context: EventContexts[N];
  createdAt: string;
}

/** An event as a consumer receives it: for several names, the union of each name's event (narrowed by `name`). */
export type StoredEvent<N extends EventName = EventName> = { [K in N]: StoredEventOf<K> }[N];

/**
 * A durable consumer: `handle` runs in a transaction together with the consumer's progress
 * record for the event, so its database effects happen exactly once. It should do database
 * work only (anything slow or remote goes through its own outbox, as webhooks do): the
 * transaction holds the event's claim while it runs.
 */
export interface Consumer<N extends EventName = EventName> {
  /** Unique across modules, e.g. "webhooks.fan-out"; the key of its progress records. */
  name: string;
  /** Event names it receives. */
  events: readonly N[];
  handle(tx: Tx, event: StoredEvent<N>): Promise<void>;
  /**
   * For a consumer that does nothing for most organizations (webhooks without a subscription):
   * the organizations it can have work for, as a condition on the event's organization id. It
   * is part of the writer's statement, so an event of any other organization gets no progress
   * row for this consumer, and what holds when the event is written decides: nothing is queued
   * that could produce nothing, and the consumer never sees events from before the condition
   * held. It must read only what the writer's transaction may read.
   */
  workFor?: (orgId: Expression<string>) => Expression<SqlBool>;
}

/**
 * A reaction: `react` runs inside the writer's own transaction, right after emit() recorded the
 * event, so its writes commit or roll back with the change that raised it. For chains that must
 * hold at once (a won deal's quotations become production orders); anything that may happen
 * later belongs in a Consumer. A reaction that throws fails the writer's change.
 */
export interface Reaction<N extends EventName = EventName> {
  /** Unique across modules, e.g. "commercial.transfer-won-deal". */
  name: string;
  events: readonly N[];
  react(tx: Tx, event: StoredEvent<N>): Promise<void>;
}

/** Whether an event is the named one: narrows it to that name's context. */
export function isEventNamed<N extends EventName>(event: StoredEvent | StoredEvent<N>, name: N): event is StoredEvent<N> {
  return event.name === name;
}
