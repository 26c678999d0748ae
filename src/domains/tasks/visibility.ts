/**
 * Who sees a task: with the right tasks.view_all every task of the organization; otherwise only
 * the tasks the user created, executes, co-executes or watches. Lists filter through the
 * task_members index; a single task is checked on the record itself.
 */
import type { Viewer } from './actor.ts';
import type { TaskMembersTable, TaskRole } from './tables.ts';


interface People {
  created_by_user_id: string;
  assignee_id: string | null;
  assignee_ids: readonly string[];
  watcher_ids: readonly string[];
}

export function seesAll(actor: Viewer): boolean {
  return actor.rights.has('tasks.view_all');
}

export function canSee(actor: Viewer, task: People): boolean {
  if (seesAll(actor)) return true;
  const me = actor.userId;
  return task.created_by_user_id === me || task.assignee_id === me || task.assignee_ids.includes(me) || task.watcher_ids.includes(me);
}

/** The task_members rows of a task: one per user and role. */
export function memberRows(orgId: string, taskId: string, task: People): TaskMembersTable[] {
  const rows: TaskMembersTable[] = [];
  const add = (userId: string | null, role: TaskRole) => {
    if (userId !== null && !rows.some((r) => r.user_id === userId && r.role === role)) rows.push({ org_id: orgId, user_id: userId, task_id: taskId, role });
  };
  add(task.created_by_user_id, 'creator');
  add(task.assignee_id, 'assignee');
  for (const id of task.assignee_ids) add(id, 'co_executor');
  for (const id of task.watcher_ids) add(id, 'watcher');
  return rows;
}
