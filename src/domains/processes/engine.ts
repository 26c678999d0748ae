/**
 * The stage engine. Each step (start, a stage finished, a decision, a cancel) runs in the
 * caller's one transaction: it locks the process row first (engine steps of one process run one
 * after another) and ends a stage only while it is still active, so a step repeated or raced
 * (the same task closed twice, twenty operators at once) advances the process once and the
 * others change nothing.
 *
 * Activating a stage: `task` and `approval` stages become a task of the tasks domain assigned to
 * the stage executor (task.assigned notifies them); an `end` stage completes the process. When a
 * stage completes (an approval: approved) its `next` stages are activated, each once every stage
 * leading to it through `next` has completed (the join rule); a rejected approval follows its
 * `reject_next`, or fails the process. A process with no active stage left has completed.
 */
import { emit } from '../../events/emit.ts';
import { activeMemberUserIds } from '../../platform/members.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { EventContexts } from '../../events/types.ts';
import type { Tx } from '../../storage/storage.ts';
import type { TasksActor } from '../tasks/actor.ts';
import type { Steward } from '../tasks/stewardship.ts';
import { closeTask, createTask } from '../tasks/tasks.ts';
import { INITIATOR, predecessors } from './graph.ts';
import type { TemplateStage } from './graph.ts';
import { addParticipant, appendJournal, endStage, insertStage, lockProcess, saveProcess, stageById, stageRows } from './queries.ts';
import type { ProcessRow, StageRow } from './queries.ts';
import { processRecord, shownProcess } from './record.ts';
import type { Decision, ProcessStatus } from './schemas.ts';
import { getTemplate } from './templates.ts';
import type { Template } from './templates.ts';

/** One engine step's view of a process: its template, its stage instances, and what the step changed. */
export interface Run {
  tx: Tx;
  orgId: string;
  processId: string;
  template: Template;
  initiatorId: string;
  entity: { type: string | null; id: string | null };
  stages: StageRow[];
  status: ProcessStatus;
  completedAt: string | null;
  /** Who caused the step (null: an operator). */
  actorUserId: string | null;
  /** The right they acted by in a stage executor's place (bpm.admin), if so. */
  actorRight: string | null;
  now: string;
  /** The catalog events of this step, raised by announce() once the process row shows the step. */
  pending: PendingEvent[];
}

type PendingEvent =
  | { name: 'process.started' | 'process.completed' | 'process.failed' | 'process.cancelled'; context: EventContexts['process.started'] }
  | { name: 'process.stage_decided'; context: EventContexts['process.stage_decided'] };

export type JournalKind =
  | 'process.started' | 'process.completed' | 'process.failed' | 'process.cancelled'
  | 'stage.activated' | 'stage.completed' | 'stage.approved' | 'stage.rejected' | 'stage.cancelled' | 'stage.close_ignored';

/** Records a step in the process journal, and queues the catalog event of a process started or ended, or of an approval decided (see announce). */
export async function journal(run: Run, kind: JournalKind, stage?: StageRow, note?: string): Promise<void> {
  await appendJournal(run.tx.db, {
    org_id: run.orgId,
    process_id: run.processId,
    at: nowIso(),
    kind,
    stage_instance_id: stage?.id ?? null,
    stage_title: stage?.stage_title ?? null,
    task_id: stage?.task_id ?? null,
    actor_user_id: run.actorUserId,
    actor_right: run.actorRight,
    note: note ?? null,
  });
  const by = { templateId: run.template.id, actorUserId: run.actorUserId };
  if (kind === 'process.started' || kind === 'process.completed' || kind === 'process.failed' || kind === 'process.cancelled') {
    run.pending.push({ name: kind, context: by });
  } else if (stage !== undefined && (kind === 'stage.approved' || kind === 'stage.rejected')) {
    const decision = kind === 'stage.approved' ? 'approved' : 'rejected';
    run.pending.push({ name: 'process.stage_decided', context: { ...by, stageInstanceId: stage.id, stageTitle: stage.stage_title, decision } });
  }
}

/**
 * Raises the step's queued catalog events, in the step's transaction, each with the process as
 * GET /processes/{id} shows it after the step: called once the process row is written (a
 * process being started has no row until the start stage is active).
 */
export async function announce(run: Run): Promise<void> {
  if (run.pending.length === 0) return;
  const record = await processRecord(run.tx.db, run.orgId, run.processId);
  const about = { orgId: run.orgId, entityType: 'process', entityId: run.processId, ...(record === undefined ? {} : { record: shownProcess(record) }) };
  for (const event of run.pending.splice(0)) {
    if (event.name === 'process.stage_decided') await emit(run.tx, { ...about, name: event.name, context: event.context });
    else await emit(run.tx, { ...about, name: event.name, context: event.context });
  }
}

/** Who changes the process's tasks in this step: its actor, or the initiator for an operator's step. */
function taskActor(run: Run): TasksActor {
  return { orgId: run.orgId, userId: run.actorUserId ?? run.initiatorId, rights: new Set(), orgSettings: {}, scopes: [] };
}

/** Who may decide a stage task besides its executor. */
const STAGE_STEWARD: Steward = { right: 'bpm.admin', scope: 'bpm:execute' };

/** Who the stage's template names as executor: a user, or the initiator. */
function namedExecutor(run: Pick<Run, 'initiatorId'>, stage: TemplateStage): string {
  return stage.executor === INITIATOR ? run.initiatorId : stage.executor;
}

/** The stage executor while an active member of the organization; undefined once deactivated (the stage is nobody's to take over). */
async function executorOf(run: Run, stage: TemplateStage): Promise<string | undefined> {
  const executor = namedExecutor(run, stage);
  return (await activeMemberUserIds(run.tx.db, run.orgId, [executor])).has(executor) ? executor : undefined;
}

/** Why a stage could not be activated: its executor is not (any more) an active member. */
export function unassignable(run: Pick<Run, 'initiatorId'>, stage: TemplateStage): string {
  return `stage "${stage.title}" cannot be assigned: its executor ${namedExecutor(run, stage)} is not an active user of this organization`;
}

function templateStage(run: Run, stageId: string): TemplateStage {
  const found = run.template.stages.find((s) => s.id === stageId);
  if (found === undefined) throw new Error(`stage ${stageId} is not in template ${run.template.id}`);
  return found;
}

export async function activate(run: Run, stage: TemplateStage): Promise<void> {
  if (run.status !== 'running' || run.stages.some((s) => s.stage_id === stage.id)) return;
  const isEnd = stage.stage_type === 'end';
  let assignee: string | null = null;
  let taskId: string | null = null;
  if (!isEnd) {
    const executor = await executorOf(run, stage);
    if (executor === undefined) {
      await endProcess(run, 'failed', unassignable(run, stage));
      return;
    }
    assignee = executor;
    await addParticipant(run.tx.db, run.orgId, run.processId, assignee);
    // The executor authors their stage's task and the initiator watches it: the initiator follows
    // the work without being able to decide it (the steward rule refuses anyone but the executor).
    const task = await createTask(run.tx, taskActor(run), {
      title: `${run.template.title}: ${stage.title}`,
      description: stage.stage_type === 'approval'
        ? `Approve or reject this stage of the process "${run.template.title}": close the task as done to approve, cancel it to reject.`
        : `A stage of the process "${run.template.title}": close the task when the work is done.`,
      assignee_id: assignee,
      ...(run.initiatorId === assignee ? {} : { watcher_ids: [run.initiatorId] }),
      ...(run.entity.type === 'deal' && run.entity.id !== null ? { deal_id: run.entity.id } : {}),
    }, { createdBy: assignee, steward: STAGE_STEWARD });
    taskId = task.id;
  }
  const row: StageRow = {
    org_id: run.orgId,
    id: newId(),
    process_id: run.processId,
    stage_id: stage.id,
    stage_title: stage.title,
    stage_type: stage.stage_type,
    status: isEnd ? 'completed' : 'active',
    decision: null,
    assignee_id: assignee,
    task_id: taskId,
    position: run.stages.length + 1,
    activated_at: run.now,
    completed_at: isEnd ? run.now : null,
  };
  await insertStage(run.tx.db, row);
  run.stages.push(row);
  await journal(run, 'stage.activated', row, assignee === null ? undefined : `assigned to ${assignee}`);
  if (isEnd) await endProcess(run, 'completed', `end stage "${stage.title}" reached`);
}

/** Follows edges out of a finished stage; `next` targets wait for all their predecessors (the join rule). */
async function follow(run: Run, targets: readonly string[], join: boolean): Promise<void> {
  for (const id of targets) {
    if (run.status !== 'running') return;
    const stage = templateStage(run, id);
    if (join) {
      const ready = predecessors(run.template.stages, id).every((p) => run.stages.some((s) => s.stage_id === p.id && s.status === 'completed' && s.decision !== 'rejected'));
      if (!ready) continue;
    }
    await activate(run, stage);
  }
}

/** Ends the process; stages still active are cancelled and their tasks closed as cancelled. */
async function endProcess(run: Run, status: Exclude<ProcessStatus, 'running'>, note?: string): Promise<void> {
  run.status = status;
  run.completedAt = run.now;
  for (const stage of run.stages.filter((s) => s.status === 'active')) {
    await endStage(run.tx.db, run.orgId, stage.id, { status: 'cancelled', completed_at: run.now });
    stage.status = 'cancelled';
    stage.completed_at = run.now;
    if (stage.task_id !== null) await closeTask(run.tx, taskActor(run), stage.task_id, 'cancelled');
    await journal(run, 'stage.cancelled', stage);
  }
  await journal(run, `process.${status}`, undefined, note);
}

/** What the step made of the process row: status, active stages, progress (a process with no active stage left has completed). */
export async function outcome(run: Run): Promise<{ status: ProcessStatus; current_stage_ids: string; progress: number; completed_at: string | null; updated_at: string }> {
  if (run.status === 'running' && !run.stages.some((s) => s.status === 'active')) await endProcess(run, 'completed', 'no stage left active');
  const finished = run.stages.filter((s) => s.status === 'completed').length;
  return {
    status: run.status,
    current_stage_ids: toJson(run.stages.filter((s) => s.status === 'active').map((s) => s.id)),
    progress: run.status === 'completed' ? 100 : Math.min(99, Math.floor((100 * finished) / Math.max(1, run.template.stages.length))),
    completed_at: run.completedAt,
    updated_at: run.now,
  };
}

async function settle(run: Run): Promise<void> {
  await saveProcess(run.tx.db, run.orgId, run.processId, await outcome(run));
  await announce(run);
}

/** The run of a locked process, or undefined when it is not running (the step then changes nothing). */
export async function locked(tx: Tx, orgId: string, processId: string, actorUserId: string | null): Promise<Run | undefined> {
  const process: ProcessRow | undefined = await lockProcess(tx, orgId, processId);
  if (process === undefined || process.status !== 'running') return undefined;
  const template = await getTemplate(tx.db, orgId, process.template_id);
  return {
    tx,
    orgId,
    processId,
    template,
    initiatorId: process.initiated_by_id,
    entity: { type: process.entity_type, id: process.entity_id },
    stages: await stageRows(tx.db, orgId, processId),
    status: 'running',
    completedAt: null,
    actorUserId,
    actorRight: null,
    now: nowIso(),
    pending: [],
  };
}

/** How the journal tells who decided a stage beyond the actor's user id: an operator, or a right in the executor's place. */
function deciderNote(run: Run, stage: StageRow): string | undefined {
  if (run.actorUserId === null) return 'by an operator';
  if (run.actorRight !== null) return `as ${run.actorRight}, in place of the executor ${stage.assignee_id ?? 'none'}`;
  return undefined;
}

export interface Finish {
  /** Set for approval stages. */
  decision?: Decision;
  /** An operator settled the stage: its task is closed too (a person closing the task needs nothing more). */
  closeTask: boolean;
  /** The right the actor decided by in the executor's place (bpm.admin); null or absent for the executor or an operator. */
  actorRight?: string | null;
}

/**
 * Finishes an active stage and advances the process. False, with nothing written, when the
 * stage is not active any more or the process is not running: the step already happened.
 */
export async function finishStage(tx: Tx, orgId: string, stageInstanceId: string, finish: Finish, actorUserId: string | null): Promise<boolean> {
  const seen = await stageById(tx.db, orgId, stageInstanceId);
  if (seen === undefined) return false;
  const run = await locked(tx, orgId, seen.process_id, actorUserId);
  if (run === undefined) return false;
  run.actorRight = finish.actorRight ?? null;
  const decision = finish.decision ?? null;
  if (!(await endStage(tx.db, orgId, seen.id, { status: 'completed', decision, completed_at: run.now }))) return false;
  const stage = run.stages.find((s) => s.id === seen.id)!;
  stage.status = 'completed';
  stage.decision = decision;
  stage.completed_at = run.now;
  await journal(run, decision === null ? 'stage.completed' : decision === 'approved' ? 'stage.approved' : 'stage.rejected', stage, deciderNote(run, stage));
  if (finish.closeTask && stage.task_id !== null) await closeTask(tx, taskActor(run), stage.task_id, decision === 'rejected' ? 'cancelled' : 'completed');
  const definition = templateStage(run, stage.stage_id);
  if (decision === 'rejected') {
    if (definition.reject_next.length > 0) await follow(run, definition.reject_next, false);
    else await endProcess(run, 'failed', `stage "${stage.stage_title}" was rejected`);
  } else {
    await follow(run, definition.next, true);
  }
  await settle(run);
  return true;
}

/**
 * A stage's task closed by someone who may not decide the stage (possible only for a task made
 * before stage tasks had a steward): the stage stays active and the journal says who closed it.
 */
export async function ignoreClose(tx: Tx, orgId: string, stageInstanceId: string, actorUserId: string): Promise<void> {
  const seen = await stageById(tx.db, orgId, stageInstanceId);
  const run = seen === undefined ? undefined : await locked(tx, orgId, seen.process_id, actorUserId);
  const stage = run?.stages.find((s) => s.id === stageInstanceId);
  if (run === undefined || stage?.status !== 'active') return;
  await journal(run, 'stage.close_ignored', stage, `its task was closed by ${actorUserId}, not the stage's executor ${stage.assignee_id ?? 'none'}: the stage stays active`);
}

/** Cancels a running process: its active stages are cancelled and their tasks closed. False when it is not running. */
export async function cancelProcess(tx: Tx, orgId: string, processId: string, actorUserId: string | null, reason?: string): Promise<boolean> {
  const run = await locked(tx, orgId, processId, actorUserId);
  if (run === undefined) return false;
  await endProcess(run, 'cancelled', reason);
  await settle(run);
  return true;
}
