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
import type { Consumer } from '../../events/types.ts';
import { finishStage, ignoreClose } from './engine.ts';
import { stageByTask } from './queries.ts';

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
