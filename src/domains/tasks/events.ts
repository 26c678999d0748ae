/**
 * task.assigned: raised when a task is created with an executor or co-executors, and whenever
 * a change gives it a new executor or adds co-executors (the spec's internal event, also in the
 * catalog).
 * Its rule notifies the users newly assigned (the executor and the co-executors), never the
 * user whose change it was.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';
import type { NotificationRule, RecordSight } from '../module.ts';
import { tasksOfMember } from './queries.ts';
import { seesAll } from './visibility.ts';

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
 * null while the status is not final. Other domains (business processes) react to it.
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

const TaskCreated = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const TaskUpdated = Type.Object({ version: Type.Integer({ minimum: 1 }), changedFields: Type.Array(Type.String()) }, { additionalProperties: false });

declare module '../../events/types.ts' {
  interface EventContexts {
    'task.created': Static<typeof TaskCreated>;
    'task.updated': Static<typeof TaskUpdated>;
    'task.assigned': TaskAssignedContext;
    'task.status_changed': TaskStatusChangedContext;
  }
}

/** All four are in the public catalog (extensions of the spec's list); a feed reader gets those of the tasks they may see. */
export const tasksEvents = [
  declareEvent('task.created', 'task', TaskCreated, 'catalog'),
  declareEvent('task.updated', 'task', TaskUpdated, 'catalog'),
  declareEvent('task.assigned', 'task', TaskAssigned, 'catalog'),
  declareEvent('task.status_changed', 'task', TaskStatusChanged, 'catalog'),
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

/** A feed reader follows the tasks they see (GET /tasks/{id}): all with tasks.view_all, else their own. */
export const taskSight: RecordSight = async (db, actor, ids) => (seesAll(actor) ? new Set(ids) : tasksOfMember(db, actor.orgId, actor.userId, ids));
