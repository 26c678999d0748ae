/**
 * processes.task-closed: when a stage's task reaches a final status (task.status_changed with
 * closedAs), the stage completes and the process advances. An approval stage is approved when
 * its task is completed (the dictionary's first final status) and rejected when it is cancelled
 * (any other final status). The link is process_stages.task_id. A stage already finished (the
 * task closed twice, or by the engine itself) is left alone. Only the stage's executor, or a
 * bpm.admin in their place (`asRight`, written to the journal), can have changed the status:
 * the tasks domain refuses anyone else in the write itself (stage tasks have a steward). A task
 * made before that rule may have been closed by someone else: that decides nothing.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';
import type { Consumer } from '../../events/types.ts';
import { finishStage, ignoreClose } from './engine.ts';
import type { RecordSight } from '../module.ts';
import { seesAll } from './processes.ts';
import { processesOfParticipant, stageByTask } from './queries.ts';

/** A process started or ended: its template, and who caused it (null: an operator or the engine on its own). */
const ProcessChanged = Type.Object(
  { templateId: Type.String(), actorUserId: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: false },
);
/** An approval stage was approved or rejected. */
const StageDecided = Type.Object(
  {
    templateId: Type.String(),
    stageInstanceId: Type.String(),
    stageTitle: Type.String(),
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    actorUserId: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

declare module '../../events/types.ts' {
  interface EventContexts {
    'process.started': Static<typeof ProcessChanged>;
    'process.completed': Static<typeof ProcessChanged>;
    'process.failed': Static<typeof ProcessChanged>;
    'process.cancelled': Static<typeof ProcessChanged>;
    'process.stage_decided': Static<typeof StageDecided>;
  }
}

/** In the public catalog (extensions of the spec's list), raised where the process journal records the same step. */
export const processEvents = [
  declareEvent('process.started', 'process', ProcessChanged, 'catalog'),
  declareEvent('process.completed', 'process', ProcessChanged, 'catalog'),
  declareEvent('process.failed', 'process', ProcessChanged, 'catalog'),
  declareEvent('process.cancelled', 'process', ProcessChanged, 'catalog'),
  declareEvent('process.stage_decided', 'process', StageDecided, 'catalog'),
];

export const taskClosedConsumer: Consumer<'task.status_changed'> = {
  name: 'processes.task-closed',
  events: ['task.status_changed'],
  async handle(tx, event) {
    const { context } = event;
    if (context.closedAs === null) return;
    const stage = await stageByTask(tx.db, event.orgId, event.entityId);
    if (stage === undefined || stage.status !== 'active') return;
    const asRight = context.asRight ?? null;
    if (asRight === null && context.actorUserId !== stage.assignee_id) return ignoreClose(tx, event.orgId, stage.id, context.actorUserId);
    const decision = stage.stage_type === 'approval' ? (context.closedAs === 'completed' ? 'approved' : 'rejected') : undefined;
    await finishStage(tx, event.orgId, stage.id, { decision, closeTask: false, actorRight: asRight }, context.actorUserId);
  },
};

/** A feed reader follows the processes they see (GET /processes/{id}): all with bpm.admin, else those they take part in. */
export const processSight: RecordSight = async (db, actor, ids) => (seesAll(actor) ? new Set(ids) : processesOfParticipant(db, actor.orgId, actor.userId, ids));
