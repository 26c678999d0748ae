import type { FastifyInstance } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { OrganizationRow } from '../platform/queries.ts';
import type { OrganizationCreatedHook } from '../platform/service.ts';
import type { Reseal, SealedProbe } from '../platform/server-key.ts';
import type { Migration } from '../storage/migrations.ts';
import type { Storage, Tx } from '../storage/storage.ts';
import type { CliCommand } from '../cli/command.ts';
import type { Pruner } from '../events/retention.ts';
import type { Consumer, EventDeclaration, EventName, Reaction, StoredEvent } from '../events/types.ts';
import type { Actor } from '../http/access.ts';
import type { Scope } from '../platform/rights.ts';
import type { Db } from '../storage/statements.ts';

/** What an import gives each collection's importer. */
export interface ImportContext {
  org: OrganizationRow;
  /** The user recorded as author where a record does not name one (the organization's first administrator). */
  actingUserId: string;
  /** Hears, as a collection is written, how many of its records are (for a progress line). */
  progress?: (collection: string, done: number, total: number) => void;
}

export interface Importer {
  /** The collection key of the import file, e.g. "clients". */
  collection: string;
  /** Validates and writes the records inside the import's single transaction; returns how many were written. */
  importRecords(tx: Tx, ctx: ImportContext, records: unknown[]): Promise<number>;
}

export interface RuntimeContext {
  storage: Storage;
  config: Config;
  log: FastifyBaseLogger;
}

/** A background worker a module runs while the server serves; start returns its stop. */
export type Worker = (ctx: RuntimeContext) => Promise<() => Promise<void>>;

/** One business domain: its tables, routes, import collections, CLI commands, workers, events and consumers. */
export interface DomainModule {
  name: string;
  migrations: Migration[];
  /** Registered under /api/public/v1. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Registered under /api/admin/v1 (administrators' operations; see src/admin). */
  adminRoutes?: (app: FastifyInstance) => Promise<void>;
  onOrganizationCreated?: OrganizationCreatedHook;
  /** In the order they must run (a collection before the ones that refer to it). */
  importers?: Importer[];
  commands?: CliCommand[];
  /** This domain's part of the demo data set (`seed`, first start): import-file collections. */
  demoData?: Record<string, unknown[]>;
  workers?: Worker[];
  /** The events this domain emits (name, entity type, context schema, catalog or internal). */
  events?: EventDeclaration[];
  /** The scope that lets a token read this domain's catalog events in the feed; `<name>:read` when absent. */
  eventReadScope?: Scope;
  /** Entity type → which of its records a feed reader may see; a type without one is seen by every reader with the read scope. */
  eventSight?: Readonly<Record<string, RecordSight>>;
  /** Durable consumers of events (any domain's); run by the kernel's consumer runner. */
  consumers?: Consumer[];
  /** Reactions to events (any domain's) run inside the writer's transaction (see Reaction). */
  reactions?: Reaction[];
  /** Deletes this domain's rows derived from events once older than the retention cut-off (e.g. finished webhook deliveries). */
  prune?: Pruner;
  /** Events of this module that notify users (see NotificationRule). */
  notifications?: AnyNotificationRule[];
  /** One value this domain keeps sealed with the server key, if any: a start checks that its key opens it. */
  sealed?: SealedProbe;
  /** This domain's tables that hold values sealed with the server key, by table: how a copy seals a row again under another key. */
  resealed?: Record<string, Reseal>;
}

/**
 * An event that becomes notifications to users. A module declares the rules for the events it
 * emits; the notifications module turns each matching event into an in-app notification per
 * recipient and, where the user has linked a messenger chat, a durable messenger delivery.
 */
export interface NotificationRule<N extends EventName> {
  /** An event this module declares (usually `internal`). */
  event: N;
  /** The notification's kind as users see it, e.g. "task.assigned". */
  kind: string;
  /** Platform user ids (`users.id`) to notify; duplicates are dropped. */
  recipients(event: StoredEvent<N>): readonly string[];
  /** The user whose action raised the event: never notified of it. */
  actor?(event: StoredEvent<N>): string | undefined;
  title(event: StoredEvent<N>): string;
  text(event: StoredEvent<N>): string;
  /** Also post the message to the organization's shared chat (the setting `telegramChatId`), when one is set. */
  sharedChat?: boolean;
}

/** A rule of any one event: the union over the event names, so each rule is checked against its own event's context. */
export type AnyNotificationRule = { [N in EventName]: NotificationRule<N> }[EventName];

/** Of these records (ids of one entity type), the ones the reader may see, as the domain's GET decides. */
export type RecordSight = (db: Db, actor: Actor, ids: readonly string[]) => Promise<ReadonlySet<string>>;
