import assert from 'node:assert/strict';
import { handleDue } from '../../src/events/handling.ts';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';

export const PROCESS_FIELDS = ['id', 'template_id', 'template_title', 'status', 'entity_type', 'entity_id', 'initiated_by_id', 'current_stage_ids', 'progress', 'started_at', 'completed_at'];
export const STARTED_FIELDS = ['id', 'template_id', 'status', 'current_stage_ids', 'started_at'];
export const STAGE_FIELDS = ['id', 'stage_title', 'stage_type', 'status', 'decision', 'assignee_id', 'task_id', 'activated_at', 'completed_at'];

export interface StageRec {
  id: string;
  stage_title: string;
  stage_type: string;
  status: string;
  decision: string | null;
  assignee_id: string | null;
  task_id: string | null;
  activated_at: string;
  completed_at: string | null;
}

export interface ProcessRec {
  id: string;
  template_id: string;
  template_title: string;
  status: string;
  entity_type: string | null;
  entity_id: string | null;
  initiated_by_id: string;
  current_stage_ids: string[];
  progress: number;
  started_at: string;
  completed_at: string | null;
  stage_instances: StageRec[];
}

export interface StageSpec {
  id: string;
  title?: string;
  stage_type: 'task' | 'approval' | 'end';
  start?: boolean;
  next?: string[];
  reject_next?: string[];
  executor?: string;
}

/** Imports one template (published unless told) and returns its id. */
export async function importTemplate(ctx: TestContext, p: Principal, id: string, stages: StageSpec[], extra: Record<string, unknown> = {}): Promise<string> {
  const record = { id, title: `Template ${id}`, published: true, stages: stages.map((s) => ({ title: `Stage ${s.id}`, next: [], ...s })), ...extra };
  await importData(ctx.storage, p.slug, { processTemplates: [record] });
  return id;
}

/** A three-stage chain: prepare (task, by `executor`) → approve (approval, by `approver`) → done (end). */
export function chain(executor: string, approver: string): StageSpec[] {
  return [
    { id: 'prepare', title: 'Prepare', stage_type: 'task', start: true, next: ['approve'], executor },
    { id: 'approve', title: 'Approve', stage_type: 'approval', next: ['done'], executor: approver },
    { id: 'done', title: 'Done', stage_type: 'end' },
  ];
}

export function member(ctx: TestContext, owner: Principal, rights: string[] = ['tasks.edit'], scopes = ['bpm:read', 'bpm:execute', 'tasks:read', 'tasks:write']): Promise<Principal> {
  return createPrincipal(ctx, { slug: owner.slug, rights, scopes });
}

export async function start(ctx: TestContext, p: Principal, body: Record<string, unknown>): Promise<{ id: string; status: string; current_stage_ids: string[] }> {
  const res = await api(ctx, p.token, 'POST', '/processes', { body });
  assert.equal(res.statusCode, 201, res.body);
  return json(res);
}

export async function readProcess(ctx: TestContext, p: Principal, id: string): Promise<ProcessRec> {
  const res = await api(ctx, p.token, 'GET', `/processes/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return json<ProcessRec>(res);
}

/** The task that hands a stage to its executor (through the link the engine keeps). */
export async function taskOf(ctx: TestContext, orgId: string, stageInstanceId: string): Promise<{ id: string; version: number; status: string; assignee_id: string | null; title: string }> {
  const link = await ctx.storage.db.selectFrom('process_stages').select('task_id').where('org_id', '=', orgId).where('id', '=', stageInstanceId).executeTakeFirstOrThrow();
  assert.ok(link.task_id, 'the stage has a task');
  return ctx.storage.db.selectFrom('tasks').select(['id', 'version', 'status', 'assignee_id', 'title']).where('org_id', '=', orgId).where('id', '=', link.task_id).executeTakeFirstOrThrow();
}

/** Moves a task through the API (as its executor would), one allowed transition after another. */
export async function moveTask(ctx: TestContext, p: Principal, taskId: string, statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const current = json<{ version: number }>(await api(ctx, p.token, 'GET', `/tasks/${taskId}`));
    const res = await api(ctx, p.token, 'PATCH', `/tasks/${taskId}`, { body: { status }, headers: { 'if-match': String(current.version) } });
    assert.equal(res.statusCode, 200, res.body);
  }
}

/** Runs the event consumers now, in this process, until no event is due (the server's runner does this on its own); a failing handler fails the test. */
export async function handleEventsNow(ctx: TestContext): Promise<void> {
  for (;;) {
    const pass = await handleDue(ctx.storage, ctx.modules.flatMap((m) => m.consumers ?? []), 1000, ctx.config.eventRetryBaseMs);
    assert.deepEqual(pass.failures.map((f) => `${f.consumer}: ${String(f.error)}`), []);
    if (pass.claimed === 0) return;
  }
}

export async function journalKinds(ctx: TestContext, orgId: string, processId: string): Promise<string[]> {
  const rows = await ctx.storage.db.selectFrom('process_journal').select(['kind', 'stage_title']).where('org_id', '=', orgId).where('process_id', '=', processId).orderBy('seq').execute();
  return rows.map((r) => (r.stage_title === null ? r.kind : `${r.kind} ${r.stage_title}`));
}

export async function countRows(ctx: TestContext, table: 'processes' | 'process_stages' | 'process_journal' | 'tasks' | 'process_templates', orgId: string): Promise<number> {
  return Number((await ctx.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
}
