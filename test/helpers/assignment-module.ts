/**
 * A test-only module that raises an internal event and declares the notification rule for it,
 * as a domain such as tasks does: `test.assigned` notifies the context's `assigneeIds`, never
 * its `actorId`. Tests emit it directly and serve it with the notifications module built for
 * its rule (`assignmentModules()`).
 */
import { Type } from '@sinclair/typebox';
import type { DomainModule, NotificationRule } from '../../src/domains/module.ts';
import { notificationsModule } from '../../src/domains/notifications/module.ts';
import { emit } from '../../src/events/emit.ts';
import { newId } from '../../src/storage/ids.ts';
import type { Storage } from '../../src/storage/storage.ts';

const AssignedContext = Type.Object({
  assigneeIds: Type.Array(Type.String()),
  actorId: Type.Optional(Type.String()),
  subject: Type.String(),
});

export const assignedRule: NotificationRule = {
  event: 'test.assigned',
  kind: 'test.assigned',
  recipients: (event) => event.context.assigneeIds as string[],
  actor: (event) => event.context.actorId as string | undefined,
  title: (event) => `Assigned: ${String(event.context.subject)}`,
  text: (event) => `You were assigned "${String(event.context.subject)}".`,
};

export const assignmentModule: DomainModule = {
  name: 'test-assignments',
  migrations: [],
  events: [{ name: 'test.assigned', entityType: 'test_item', context: AssignedContext, visibility: 'internal' }],
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
