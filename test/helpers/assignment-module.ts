/**
 * A test-only module that raises an internal event and declares the notification rule for it,
 * as a domain such as tasks does: `test.assigned` notifies the context's `assigneeIds`, never
 * its `actorId`. Tests emit it directly and serve it with the notifications module built for
 * its rule (`assignmentModules()`).
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { DomainModule, NotificationRule } from '../../src/domains/module.ts';
import { notificationsModule } from '../../src/domains/notifications/module.ts';
import { emit } from '../../src/events/emit.ts';
import { declareEvent } from '../../src/events/types.ts';
import { newId } from '../../src/storage/ids.ts';
import type { Storage } from '../../src/storage/storage.ts';

const AssignedContext = Type.Object({
  assigneeIds: Type.Array(Type.String()),
  actorId: Type.Optional(Type.String()),
  subject: Type.String(),
});

declare module '../../src/events/types.ts' {
  interface EventContexts {
    'test.assigned': Static<typeof AssignedContext>;
  }
}

export const assignedRule: NotificationRule<'test.assigned'> = {
  event: 'test.assigned',
  kind: 'test.assigned',
  recipients: (event) => event.context.assigneeIds,
  actor: (event) => event.context.actorId,
  title: (event) => `Assigned: ${event.context.subject}`,
  text: (event) => `You were assigned "${event.context.subject}".`,
};

export const assignmentModule: DomainModule = {
  name: 'test-assignments',
  migrations: [],
  events: [declareEvent('test.assigned', 'test_item', AssignedContext, 'internal')],
  notifications: [assignedRule],
};

/** The modules a notifications test serves: the emitter and the service built for its rules, as src/domains/index.ts composes them. */
export function assignmentModules(): DomainModule[] {
  return [assignmentModule, notificationsModule(assignmentModule.notifications ?? [])];
}

/** Raises `test.assigned` as a domain's write would, in its own transaction; returns the entity's id. */
export async function emitAssigned(storage: Storage, orgId: string, context: { assigneeIds: string[]; actorId?: string; subject: string }): Promise<string> {
  const entityId = newId();
  await storage.transaction((tx) => emit(tx, { orgId, name: 'test.assigned', entityType: 'test_item', entityId, context }));
  return entityId;
}
