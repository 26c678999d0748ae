/** The tasks domain's only SQL. Every function takes orgId: a query never reaches another tenant's rows. */
import type { Insertable, Selectable } from 'kysely';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { insertRows } from '../../storage/bulk-insert.ts';
import { defineResource, fieldsOf, through } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { TaskMembersTable, TaskStatusesTable } from './tables.ts';

export type StatusRow = Selectable<TaskStatusesTable>;

const task = fieldsOf<'tasks'>();
const ids = (value: unknown) => readJson<string[]>(value);
const timestamp = (value: string) => isoWithOffset(value);

export const tasks = defineResource({
  table: 'tasks',
  counted: { filters: ['status'] },
  noun: 'task',
  fields: {
    id: 'id',
    version: 'version',
    title: 'title',
    description: 'description',
    status: 'status',
    priority: 'priority',
    assignee_id: 'assignee_id',
    assignee_ids: task.via('assignee_ids', ids),
    project_id: 'project_id',
    start_date: 'start_date',
    end_date: 'end_date',
    end_time: 'end_time',
    deal_id: 'deal_id',
    tags: task.via('tags', ids),
    watcher_ids: task.via('watcher_ids', ids),
    created_by_user_id: 'created_by_user_id',
    is_archived: task.via('is_archived', readBool),
    created_at: task.via('created_at', timestamp),
    updated_at: task.via('updated_at', timestamp),
  },
  filters: {
    status: 'status',
    project_id: 'project_id',
    /** The executor or a co-executor. */
    assignee_id: through({ table: 'task_members', id: 'task_id', match: 'user_id', only: { column: 'role', values: ['assignee', 'co_executor'] } }),
    /** Any task the user created, executes, co-executes or watches. */
    visible_to: through({ table: 'task_members', id: 'task_id', match: 'user_id' }),
  },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
});

export const projects = defineResource({
  table: 'task_projects',
  fields: {
    id: 'id',
    name: 'name',
    icon: 'icon',
    color: 'color',
  },
  archivedColumn: 'is_archived',
  order: [
    ['name', 'asc'],
    ['id', 'asc'],
  ],
});

export type TaskRecord = NonNullable<Awaited<ReturnType<typeof tasks.find>>>;

/** The steward columns of a task (see stewardship.ts); undefined when there is no such task. */
export function stewardColumns(db: Db, orgId: string, id: string): Promise<{ steward_right: string | null; steward_scope: string | null } | undefined> {
  return db.selectFrom('tasks').select(['steward_right', 'steward_scope']).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

// ---- members: who a task concerns ----
export async function replaceMembers(db: Db, orgId: string, taskId: string, rows: Array<Insertable<TaskMembersTable>>): Promise<void> {
  await db.deleteFrom('task_members').where('org_id', '=', orgId).where('task_id', '=', taskId).execute();
  if (rows.length > 0) await db.insertInto('task_members').values(rows).execute();
}

/** The members of many new tasks at once (an import): what replaceMembers leaves for each, in a few statements. */
export async function replaceMembersOfMany(db: Db, orgId: string, taskIds: readonly string[], rows: ReadonlyArray<Insertable<TaskMembersTable>>): Promise<void> {
  if (taskIds.length > 0) await db.deleteFrom('task_members').where('org_id', '=', orgId).where('task_id', 'in', taskIds).execute();
  await insertRows(db, 'task_members', rows);
}

// ---- the status dictionary ----
export function statusRows(db: Db, orgId: string): Promise<StatusRow[]> {
  return db.selectFrom('task_statuses').selectAll().where('org_id', '=', orgId).orderBy('sort_order').orderBy('name').execute();
}

export async function replaceStatusRows(db: Db, orgId: string, rows: Array<Insertable<TaskStatusesTable>>): Promise<void> {
  await db.deleteFrom('task_statuses').where('org_id', '=', orgId).execute();
  if (rows.length > 0) await db.insertInto('task_statuses').values(rows).execute();
}

/** The statuses tasks of the organization carry now (archived tasks too). */
export async function statusesInUse(db: Db, orgId: string): Promise<string[]> {
  const rows = await db.selectFrom('tasks').select('status').distinct().where('org_id', '=', orgId).execute();
  return rows.map((r) => r.status);
}

export async function projectExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('task_projects').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Which of these ids name projects of the organization. */
export async function existingProjects(db: Db, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('task_projects').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute()).map((r) => r.id));
}

/** Which of these tasks the user created, executes, co-executes or watches. */
export async function tasksOfMember(db: Db, orgId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('task_members').select('task_id').where('org_id', '=', orgId).where('user_id', '=', userId).where('task_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.task_id));
}
