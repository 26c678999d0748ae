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

/**
 * task.status_changed: raised whenever a task's status changes (a change through the API, or a
 * task closed by another domain). `closed_as` tells what a final status means: the first final
 * status of the dictionary (by order) completes the task, any other final status cancels it;
 * null while the status is not final. Internal: other domains (business processes) react to it.
 */
export const TaskStatusChanged = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    from_status: Type.String(),
    status: Type.String(),
    closed_as: Type.Union([Type.Literal('completed'), Type.Literal('cancelled'), Type.Null()]),
    actor_user_id: Type.String(),
    /** The steward right (stewardship.ts) the actor changed the status by in the executor's place; null when the executor (or no steward) did. Absent from events raised before it existed. */
    as_right: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TaskStatusChangedContext = Static<typeof TaskStatusChanged>;

export const tasksEvents: EventDeclaration[] = [
  { name: 'task.assigned', entityType: 'task', context: TaskAssigned, visibility: 'internal' },
  { name: 'task.status_changed', entityType: 'task', context: TaskStatusChanged, visibility: 'internal' },
];

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
