import type { LightMyRequestResponse } from 'fastify';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export interface TaskRec {
  id: string;
  version: number;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  assignee_id: string | null;
  assignee_ids: string[];
  project_id: string | null;
  start_date: string | null;
  end_date: string | null;
  end_time: string | null;
  deal_id: string | null;
  tags: string[];
  watcher_ids: string[];
  created_by_user_id: string;
  is_archived: boolean;
  created_at: string;
  updated_at: string;
}

export interface Envelope {
  error: string;
  message: string;
  details: { error: string; fields?: Array<{ field: string; message: string }>; required_right?: string; expected_version?: number };
}

export const TASK_FIELDS = [
  'id', 'version', 'title', 'description', 'status', 'priority', 'assignee_id', 'assignee_ids', 'project_id', 'start_date', 'end_date', 'end_time',
  'deal_id', 'tags', 'watcher_ids', 'created_by_user_id', 'is_archived', 'created_at', 'updated_at',
];

export function fieldsOf(res: LightMyRequestResponse): string[] {
  return ((res.json() as Envelope).details.fields ?? []).map((f) => f.field);
}

/** A user of `owner`'s organization with these rights and scopes (tasks:read and tasks:write by default). */
export function member(ctx: TestContext, owner: Principal, rights: string[], scopes = ['tasks:read', 'tasks:write']): Promise<Principal> {
  return createPrincipal(ctx, { slug: owner.slug, rights, scopes });
}

export async function createTask(ctx: TestContext, p: Principal, body: Record<string, unknown>): Promise<TaskRec> {
  const res = await api(ctx, p.token, 'POST', '/tasks', { body });
  if (res.statusCode !== 201) throw new Error(`POST /tasks ${res.statusCode}: ${res.body}`);
  return json<TaskRec>(res);
}

export function patchTask(ctx: TestContext, p: Principal, task: { id: string; version: number }, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return api(ctx, p.token, 'PATCH', `/tasks/${task.id}`, { body, headers: { 'if-match': String(task.version) } });
}

export async function assignedEvents(ctx: TestContext, orgId: string, taskId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await ctx.storage.db
    .selectFrom('events')
    .select(['event', 'data'])
    .where('org_id', '=', orgId)
    .where('entity_id', '=', taskId)
    .where('event', '=', 'task.assigned')
    .orderBy('seq')
    .execute();
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}

/** A date `days` from today (UTC), YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
