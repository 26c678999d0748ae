/**
 * A task a workflow hands to its executor (a business process stage) has a steward: the right,
 * with the token scope that goes with it, of those who may act on it in the executor's place
 * (bpm.admin with bpm:execute). Its status, and whether it is archived, decide the workflow's
 * step, so only its executor or a steward changes them; its executor is the one the workflow
 * named and never changes through the task. Everything else about it (title, deadline,
 * co-executors, watchers) is edited as on any task.
 */
import { hasScope } from '../../http/access.ts';
import { forbidden, invalidField } from '../../http/errors.ts';
import { isRight, isScope } from '../../platform/rights.ts';
import type { Right, Scope } from '../../platform/rights.ts';
import type { Db } from '../../storage/statements.ts';
import type { TasksActor } from './actor.ts';
import { stewardColumns } from './queries.ts';
import type { TaskPatchInput } from './schemas.ts';

export interface Steward {
  right: Right;
  scope: Scope;
}

/** The task's steward; undefined for an ordinary task (or none of this id). */
export async function stewardOf(db: Db, orgId: string, taskId: string): Promise<Steward | undefined> {
  const row = await stewardColumns(db, orgId, taskId);
  const right = row?.steward_right ?? null;
  const scope = row?.steward_scope ?? null;
  return right !== null && scope !== null && isRight(right) && isScope(scope) ? { right, scope } : undefined;
}

interface Held {
  assignee_id: string | null;
  status: string;
  is_archived: boolean;
}

/**
 * Checks a change of a stewarded task against the one who makes it, on the task as the write
 * transaction reads it. Returns the steward right the actor acts by when they are not the
 * executor (null otherwise); throws 422 for a new executor and 403 for a decision that is not theirs.
 */
export function checkStewardedChange(actor: TasksActor, steward: Steward, current: Held, input: TaskPatchInput): Right | null {
  if (input.assignee_id !== undefined && input.assignee_id !== current.assignee_id) {
    throw invalidField('assignee_id', 'is fixed: this task hands a business process stage to the executor the process named; it cannot be given to someone else');
  }
  const decides = (input.status !== undefined && input.status !== current.status) || (input.is_archived !== undefined && input.is_archived !== current.is_archived);
  if (!decides || actor.userId === current.assignee_id) return null;
  if (actor.rights.has(steward.right) && hasScope(actor, steward.scope)) return steward.right;
  throw forbidden(
    'executor_only',
    `only its executor (${current.assignee_id ?? 'none'}) may change the status of this task or archive it: it hands them a business process stage to complete or decide; `
      + `a holder of the right ${steward.right} with a token carrying the scope ${steward.scope} may act in their place`,
    { executor_id: current.assignee_id, required_right: steward.right, required_scope: steward.scope },
  );
}
