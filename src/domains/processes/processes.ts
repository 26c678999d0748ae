/** Process use cases: start (one transaction: instance, start stage, its task, journal), list and read within visibility. */
import { conflict, forbidden, invalidField } from '../../http/errors.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Page } from '../../http/pagination.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { clientExists } from '../crm/clients.ts';
import { dealExists } from '../crm/deals.ts';
import { taskVisible } from '../tasks/tasks.ts';
import type { ProcessesActor } from './actor.ts';
import { activate, announce, cancelProcess, journal, outcome, unassignable } from './engine.ts';
import type { Run } from './engine.ts';
import { startStage } from './graph.ts';
import { addParticipant, isParticipant, processes } from './queries.ts';
import type { ProcessRecord } from './queries.ts';
import type { EntityType, ProcessCreateInput, ProcessListInput, ProcessStartedOut } from './schemas.ts';
import { processRecord, shownProcess, withStages } from './record.ts';
import type { ProcessOut } from './record.ts';
import { getTemplate } from './templates.ts';


/** With the right bpm.admin every process of the organization; otherwise those the user initiated or executes a stage of. */
export function seesAll(actor: ProcessesActor): boolean {
  return actor.rights.has('bpm.admin');
}

/** Whether the caller may name the entity: it exists in the organization and, for a task, the caller sees it (one out of sight answers as an unknown one). */
const KNOWN: Record<EntityType, (db: Db, actor: ProcessesActor, id: string) => Promise<boolean>> = {
  deal: (db, actor, id) => dealExists(db, actor.orgId, id),
  client: (db, actor, id) => clientExists(db, actor.orgId, id),
  task: taskVisible,
};

async function checkEntity(db: Db, actor: ProcessesActor, input: ProcessCreateInput, trigger: string | null): Promise<void> {
  const { entity_type: type, entity_id: id } = input;
  if (type === undefined && id === undefined) return;
  if (type === undefined) throw invalidField('entity_type', 'is required with entity_id: deal, client or task');
  if (id === undefined) throw invalidField('entity_id', 'is required with entity_type');
  if (trigger !== null && trigger !== type) throw invalidField('entity_type', `the template starts processes for a ${trigger}, not a ${type}`);
  if (!(await KNOWN[type](db, actor, id))) throw invalidField('entity_id', `is not a ${type} of this organization`);
}

export async function startProcess(tx: Tx, actor: ProcessesActor, input: ProcessCreateInput): Promise<ProcessStartedOut> {
  const orgId = actor.orgId;
  if (input.variables !== undefined && input.initial_variables !== undefined) {
    throw invalidField('initial_variables', 'is another name for variables; give one of the two');
  }
  const template = await getTemplate(tx.db, orgId, input.template_id);
  if (!template.published) throw conflict('template_not_published', `the process template ${template.id} is not published`, { template_id: template.id });
  const start = startStage(template.stages);
  if (start === undefined) throw invalidField('template_id', 'the template has no start stage: a process cannot start from it');
  await checkEntity(tx.db, actor, input, template.trigger_entity);
  const id = newId();
  const now = nowIso();
  const run: Run = {
    tx,
    orgId,
    processId: id,
    template,
    initiatorId: actor.userId,
    entity: { type: input.entity_type ?? null, id: input.entity_id ?? null },
    stages: [],
    status: 'running',
    completedAt: null,
    actorUserId: actor.userId,
    actorRight: null,
    now,
    pending: [],
  };
  await addParticipant(tx.db, orgId, id, actor.userId);
  await journal(run, 'process.started', undefined, `template "${template.title}"`);
  await activate(run, start);
  // A start stage nobody active may take: refused, with nothing written, rather than a process born failed.
  if (run.status === 'failed') throw invalidField('template_id', unassignable(run, start));
  const state = await outcome(run);
  const created = await processes.insert(tx.db, {
    org_id: orgId,
    id,
    version: 1,
    template_id: template.id,
    template_title: template.title,
    entity_type: run.entity.type,
    entity_id: run.entity.id,
    initiated_by_id: actor.userId,
    variables: toJson(input.variables ?? input.initial_variables ?? {}),
    started_at: now,
    ...state,
  });
  await announce(run);
  return { id: created.id, template_id: created.template_id, status: created.status, current_stage_ids: created.current_stage_ids, started_at: created.started_at };
}

async function canSee(db: Db, actor: ProcessesActor, process: ProcessRecord): Promise<boolean> {
  return seesAll(actor) || process.initiated_by_id === actor.userId || isParticipant(db, actor.orgId, process.id, actor.userId);
}

export async function getProcess(db: Db, actor: ProcessesActor, id: string): Promise<ProcessOut> {
  const process = await processes.get(db, actor.orgId, id, (found) => canSee(db, actor, found));
  return withStages(db, actor.orgId, process);
}

export function listProcesses(db: Db, actor: ProcessesActor, query: ProcessListInput): Promise<Page<ProcessRecord>> {
  return processes.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    where: {
      status: query.status,
      template_id: query.template_id,
      entity_type: query.entity_type,
      entity_id: query.entity_id,
      visible_to: seesAll(actor) ? undefined : actor.userId,
    },
  });
}

/**
 * POST /processes/{id}/cancel: its initiator, or a user with the right bpm.admin, cancels a
 * running process, as an operator's `processes cancel` does (active stages cancelled, their tasks
 * closed, process.cancelled raised), recorded in the audit trail. One out of the caller's sight
 * is 404; a participant who is neither is refused. Repeating it on a cancelled process answers
 * it as it is; a completed or failed one cannot be cancelled (409 process_not_running).
 */
export async function cancelByUser(tx: Tx, actor: ProcessesActor, id: string, by: AuditSource): Promise<Omit<ProcessOut, 'version'>> {
  const seen = await processes.get(tx.db, actor.orgId, id, (found) => canSee(tx.db, actor, found));
  if (seen.initiated_by_id !== actor.userId && !seesAll(actor)) {
    throw forbidden('insufficient_scope', 'only the process\'s initiator or a user with the right bpm.admin cancels a process', { required_right: 'bpm.admin' });
  }
  const changed = await cancelProcess(tx, actor.orgId, id, actor.userId, seen.initiated_by_id === actor.userId ? 'cancelled by its initiator' : 'cancelled as bpm.admin');
  const now = await processRecord(tx.db, actor.orgId, id);
  if (now === undefined) throw new Error(`process ${id} vanished while being cancelled`);
  if (!changed && now.status !== 'cancelled') {
    throw conflict('process_not_running', `the process has ${now.status}: only a running process is cancelled`, { status: now.status });
  }
  if (changed) {
    await recordAudit(tx, by, { orgId: actor.orgId, action: 'process.cancel', targetType: 'process', targetId: id, changes: { status: { before: 'running', after: 'cancelled' } } });
  }
  return shownProcess(now);
}
