/** What operators do with processes from the CLI: read one with its journal, complete or decide a stage, cancel. */
import { invalidField } from '../../http/errors.ts';
import { isoWithOffset } from '../../storage/codecs.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireOrganization } from '../../platform/service.ts';
import { cancelProcess, finishStage } from './engine.ts';
import { processes, journalRows, stageById, stageRows } from './queries.ts';
import { stageInstance } from './record.ts';
import type { Decision } from './schemas.ts';

export async function showProcess(storage: Storage, slug: string, id: string): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  const process = await processes.get(storage.db, org.id, id);
  const { version: _version, ...shown } = process;
  const journal = (await journalRows(storage.db, org.id, id)).map((j) => ({
    seq: j.seq,
    at: isoWithOffset(j.at),
    kind: j.kind,
    stage_instance_id: j.stage_instance_id,
    stage_title: j.stage_title,
    task_id: j.task_id,
    actor_user_id: j.actor_user_id,
    actor_right: j.actor_right,
    note: j.note,
  }));
  return { ...shown, stage_instances: (await stageRows(storage.db, org.id, id)).map(stageInstance), journal };
}

/** Completes (task stage) or decides (approval stage) an active stage as an operator; `changed` is false when it was no longer active. */
export async function settleStage(storage: Storage, slug: string, stageInstanceId: string, decision: Decision | undefined): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  const stage = await requireFound(await stageById(storage.db, org.id, stageInstanceId), 'stage');
  if (decision === undefined && stage.stage_type === 'approval') throw invalidField('stage', 'is an approval stage: decide it (processes decide --decision approve|reject)');
  if (decision !== undefined && stage.stage_type !== 'approval') throw invalidField('stage', `is a ${stage.stage_type} stage: only approval stages are decided (processes complete-stage)`);
  const changed = await storage.transaction((tx) => finishStage(tx, org.id, stage.id, { decision, closeTask: true }, null));
  return { changed, process: await showProcess(storage, slug, stage.process_id) };
}

export async function cancelByOperator(storage: Storage, slug: string, id: string, reason: string | undefined): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  await processes.get(storage.db, org.id, id);
  const changed = await storage.transaction((tx) => cancelProcess(tx, org.id, id, null, reason));
  return { changed, process: await showProcess(storage, slug, id) };
}
