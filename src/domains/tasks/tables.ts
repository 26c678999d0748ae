import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** One status of an organization's task workflow; the dictionary is all of them. */
export interface TaskStatusesTable {
  org_id: string;
  /** The exact name tasks carry and filters match. */
  name: string;
  sort_order: number;
  is_initial: DbBool;
  is_final: DbBool;
  /** JSON array of the status names a task may move to from this one. */
  next: DbJson;
}

export interface TaskProjectsTable {
  org_id: string;
  id: string;
  name: string;
  icon: string | null;
  color: string | null;
  is_archived: DbBool;
  created_at: DbTimestamp;
}

export interface TasksTable {
  org_id: string;
  id: string;
  version: number;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  assignee_id: string | null;
  /** JSON array of co-executor user ids. */
  assignee_ids: DbJson;
  project_id: string | null;
  /** YYYY-MM-DD */
  start_date: string | null;
  end_date: string | null;
  /** HH:MM */
  end_time: string | null;
  deal_id: string | null;
  tags: DbJson;
  watcher_ids: DbJson;
  created_by_user_id: string;
  is_archived: DbBool;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
  /** Set on a task a workflow hands to its executor (see stewardship.ts): the right and token scope that let someone else decide it; null on ordinary tasks. */
  steward_right: string | null;
  steward_scope: string | null;
}

/** Who a task concerns and how: one row per (task, user, role); the visibility filter and assignee_id read it through its index. */
export interface TaskMembersTable {
  org_id: string;
  user_id: string;
  task_id: string;
  role: TaskRole;
}

export type TaskRole = 'creator' | 'assignee' | 'co_executor' | 'watcher';

export interface TasksTables {
  task_statuses: TaskStatusesTable;
  task_projects: TaskProjectsTable;
  tasks: TasksTable;
  task_members: TaskMembersTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends TasksTables {}
}
