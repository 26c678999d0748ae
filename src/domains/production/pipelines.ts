/** Production pipelines and their stages: written by import (`productionPipelines`), read into an order's currentStage. */
import { duplicateId, invalidField } from '../../http/errors.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ProductionActor } from './orders.ts';
import { insertPipeline, takenIds } from './queries.ts';

export interface PipelineInput {
  id?: string | undefined;
  title: string;
  isDefault?: boolean | undefined;
  stages: ReadonlyArray<{ id?: string | undefined; title: string; order?: number | undefined }>;
}

/** Stores a pipeline; stage ids are unique in the organization (an order names its stage by id alone). */
export async function createPipeline(tx: Tx, actor: ProductionActor, input: PipelineInput): Promise<string> {
  const id = input.id ?? newId();
  const title = input.title.trim();
  if (title === '') throw invalidField('title', 'must not be empty');
  const stages = input.stages.map((s, i) => {
    const stageTitle = s.title.trim();
    if (stageTitle === '') throw invalidField(`stages.${i}.title`, 'must not be empty');
    return { org_id: actor.orgId, id: s.id ?? newId(), pipeline_id: id, title: stageTitle, sort_order: s.order ?? i + 1 };
  });
  const seen = new Set<string>([id]);
  for (const [i, s] of stages.entries()) {
    if (seen.has(s.id)) throw invalidField(`stages.${i}.id`, 'is used twice in this pipeline');
    seen.add(s.id);
  }
  const taken = await takenIds(tx.db, actor.orgId, [id], stages.map((s) => s.id));
  if (taken.has(id)) throw duplicateId(id);
  const clash = stages.findIndex((s) => taken.has(s.id));
  if (clash >= 0) throw invalidField(`stages.${clash}.id`, 'is already a pipeline or stage id of this organization');
  await insertPipeline(tx.db, { org_id: actor.orgId, id, title, is_default: input.isDefault ?? false, created_at: nowIso() }, stages);
  return id;
}
