/**
 * task.assigned: raised when a task is created with an executor or co-executors, and whenever
 * a change gives it a new executor or adds co-executors. Internal: it never reaches webhooks.
 * Its rule notifies the users newly assigned (the executor and the co-executors), never the
 * user whose change it was.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { EventDeclaration, StoredEvent } from '../../events/types.ts';
import type { NotificationRule } from '../module.ts';

export const TaskAssigned = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    /** The executor after the change. */
    assignee_id: Type.Union([Type.String(), Type.Null()]),
    /** The co-executors after the change. */
    assignee_ids: Type.Array(Type.String()),
    /** Who became executor or co-executor with this change: the users to tell. */
    assigned_user_ids: Type.Array(Type.String(), { minItems: 1 }),
    /** The token owner (or import author) whose write raised it. */
    actor_user_id: Type.String(),
    end_date: Type.Union([Type.String(), Type.Null()]),
    end_time: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type TaskAssignedContext = Static<typeof TaskAssigned>;

export const tasksEvents: EventDeclaration[] = [{ name: 'task.assigned', entityType: 'task', context: TaskAssigned, visibility: 'internal' }];

const context = (event: StoredEvent) => event.context as unknown as TaskAssignedContext;

export const taskAssignedRule: NotificationRule = {
  event: 'task.assigned',
  kind: 'task.assigned',
  recipients: (event) => context(event).assigned_user_ids,
  actor: (event) => context(event).actor_user_id,
  title: (event) => `New task: ${context(event).title}`,
  text: (event) => {
    const c = context(event);
    const due = c.end_date === null ? '' : ` Due ${c.end_date}${c.end_time === null ? '' : ` ${c.end_time}`}.`;
    return `You were assigned the task "${c.title}".${due}`;
  },
};
