import type { TSchema } from '@sinclair/typebox';
import type { Tx } from '../storage/storage.ts';

/**
 * An event a module produces. `catalog` events are part of the public webhook catalog (the
 * spec's list); `internal` ones travel the same spine to consumers and never reach webhooks.
 */
export interface EventDeclaration {
  name: string;
  entityType: string;
  /** TypeBox schema of the context (what the event carries besides its entity). */
  context: TSchema;
  visibility: 'catalog' | 'internal';
}

/** What a writer hands to emit(). */
export interface NewEvent {
  orgId: string;
  name: string;
  entityType: string;
  entityId: string;
  context?: Record<string, unknown>;
}

/** An event as a consumer receives it. */
export interface StoredEvent {
  /** Commit-independent, increasing: the order events of one entity reach a consumer in. */
  seq: number;
  /** Unique id (for webhooks: the X-Webhook-Id). */
  id: string;
  orgId: string;
  name: string;
  entityType: string;
  entityId: string;
  context: Record<string, unknown>;
  createdAt: string;
}

/**
 * A durable consumer: `handle` runs in a transaction together with the consumer's progress
 * record for the event, so its database effects happen exactly once. It should do database
 * work only (anything slow or remote goes through its own outbox, as webhooks do): the
 * transaction holds the event's claim while it runs.
 */
export interface Consumer {
  /** Unique across modules, e.g. "webhooks.fan-out"; the key of its progress records. */
  name: string;
  /** Event names it receives. */
  events: readonly string[];
  handle(tx: Tx, event: StoredEvent): Promise<void>;
}

/**
 * A reaction: `react` runs inside the writer's own transaction, right after emit() recorded the
 * event, so its writes commit or roll back with the change that raised it. For chains that must
 * hold at once (a won deal's quotations become production orders); anything that may happen
 * later belongs in a Consumer. A reaction that throws fails the writer's change.
 */
export interface Reaction {
  /** Unique across modules, e.g. "commercial.transfer-won-deal". */
  name: string;
  events: readonly string[];
  react(tx: Tx, event: StoredEvent): Promise<void>;
}
