import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import type { Consumer, EventDeclaration, Reaction, RecordedEvent, StoredEvent } from './types.ts';

/**
 * The events and consumers of every module this process opened the database for. emit()
 * reads it to write one progress row per subscribed consumer, so every process that writes
 * registers the same modules as the processes that run the consumers (every entry point opens
 * storage through setup.ts with the registered domains). Registering is additive and
 * idempotent.
 */
const declarations = new Map<string, { declaration: EventDeclaration; check: TypeCheck<TSchema> }>();
/** Event name → names of the consumers subscribed to it (a name may be subscribed before a module declares it). */
const subscribers = new Map<string, string[]>();
/** Event name → the reactions run in the writer's transaction, in registration order. */
const reactions = new Map<string, Reaction[]>();
/** Consumer name → the organizations it has work for, for consumers that say (see Consumer.workFor). */
const workFor = new Map<string, NonNullable<Consumer['workFor']>>();

export function registerEvents(declared: readonly EventDeclaration[], consumers: readonly Consumer[], reacting: readonly Reaction[] = []): void {
  for (const d of declared) {
    const existing = declarations.get(d.name);
    if (existing?.declaration === d) continue;
    if (existing && existing.declaration.entityType !== d.entityType) {
      throw new Error(`event ${d.name} is declared twice, for ${existing.declaration.entityType} and ${d.entityType}`);
    }
    declarations.set(d.name, { declaration: d, check: TypeCompiler.Compile(d.context) });
  }
  for (const c of consumers) {
    if (c.workFor !== undefined) workFor.set(c.name, c.workFor);
    for (const name of c.events) {
      const list = subscribers.get(name) ?? [];
      if (!list.includes(c.name)) list.push(c.name);
      subscribers.set(name, list);
    }
  }
  for (const r of reacting) {
    for (const name of r.events) {
      const list = reactions.get(name) ?? [];
      if (!list.some((known) => known.name === r.name)) list.push(r);
      reactions.set(name, list);
    }
  }
}

export function declaredEvent(name: string): { declaration: EventDeclaration; check: TypeCheck<TSchema> } | undefined {
  return declarations.get(name);
}

export function subscribersOf(name: string): readonly string[] {
  return subscribers.get(name) ?? [];
}

/** The condition on an event's organization under which `consumer` gets a progress row for it, or undefined: always. */
export function workOf(consumer: string): Consumer['workFor'] {
  return workFor.get(consumer);
}

export function reactionsTo(name: string): readonly Reaction[] {
  return reactions.get(name) ?? [];
}

/** Whether a recorded event is declared here and its context matches its name's schema. */
function conforms(event: RecordedEvent): event is RecordedEvent & StoredEvent {
  return declarations.get(event.name)?.check.Check(event.context) === true;
}

/**
 * A recorded event as its consumers' types describe it. One recorded before its context changed
 * shape (or by a module this process does not serve) throws: its consumer fails and retries it,
 * rather than reading fields that are not there.
 */
export function decodeEvent(event: RecordedEvent): StoredEvent {
  if (conforms(event)) return event;
  const entry = declarations.get(event.name);
  const first = entry?.check.Errors(event.context).First();
  throw new Error(entry === undefined ? `event ${event.name} is not declared by any module` : `event ${event.name} ${event.id}: context ${first ? `${first.path} ${first.message}` : 'does not match its schema'}`);
}
