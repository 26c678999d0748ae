/**
 * task.assigned: raised when a task is created with an executor or co-executors, and whenever
 * a change gives it a new executor or adds co-executors. Internal: it never reaches webhooks.
 * Its rule notifies the users newly assigned (the executor and the co-executors), never the
 * user whose change it was.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';
import type { NotificationRule } from '../module.ts';

export const TaskAssigned = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    /** The executor after the change. */
    assigneeId: Type.Union([Type.String(), Type.Null()]),
    /** The co-executors after the change. */
    assigneeIds: Type.Array(Type.String()),
    /** Who became executor or co-executor with this change: the users to tell. */
    assignedUserIds: Type.Array(Type.String(), { minItems: 1 }),
    /** The token owner (or import author) whose write raised it. */
    actorUserId: Type.String(),
    endDate: Type.Union([Type.String(), Type.Null()]),
    endTime: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type TaskAssignedContext = Static<typeof TaskAssigned>;

/**
 * task.status_changed: raised whenever a task's status changes (a change through the API, or a
 * task closed by another domain). `closedAs` tells what a final status means: the first final
 * status of the dictionary (by order) completes the task, any other final status cancels it;
 * null while the status is not final. Internal: other domains (business processes) react to it.
 */
export const TaskStatusChanged = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    fromStatus: Type.String(),
    status: Type.String(),
    closedAs: Type.Union([Type.Literal('completed'), Type.Literal('cancelled'), Type.Null()]),
    actorUserId: Type.String(),
    /** The steward right (stewardship.ts) the actor changed the status by in the executor's place; null when the executor (or no steward) did. Absent from events raised before it existed. */
    asRight: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TaskStatusChangedContext = Static<typeof TaskStatusChanged>;

declare module '../../events/types.ts' {
  interface EventContexts {
    'task.assigned': TaskAssignedContext;
    'task.status_changed': TaskStatusChangedContext;
  }
}

export const tasksEvents = [
  declareEvent('task.assigned', 'task', TaskAssigned, 'internal'),
  declareEvent('task.status_changed', 'task', TaskStatusChanged, 'internal'),
];

export const taskAssignedRule: NotificationRule<'task.assigned'> = {
  event: 'task.assigned',
  kind: 'task.assigned',
  recipients: (event) => event.context.assignedUserIds,
  actor: (event) => event.context.actorUserId,
  title: (event) => `New task: ${event.context.title}`,
  text: (event) => {
    const c = event.context;
    const due = c.endDate === null ? '' : ` Due ${c.endDate}${c.endTime === null ? '' : ` ${c.endTime}`}.`;
    return `You were assigned the task "${c.title}".${due}`;
  },
};
