/** Production pipelines and their stages: written by import (`productionPipelines`, or named by an imported order), read into an order's currentStage. */
import { duplicateId, invalidField } from '../../http/errors.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ProductionActor } from './actor.ts';
import { appendStage, insertPipeline, pipelineExists, pipelineStage, takenIds } from './queries.ts';

export interface PipelineInput {
  id?: string | undefined;
  title: string;
  isDefault?: boolean | undefined;
  stages: ReadonlyArray<{ id?: string | undefined; title: string; order?: number | undefined }>;
}

/** Stores a pipeline; stage ids are unique in the organization (an order names its stage by id alone). */
export async function createPipeline(tx: Tx, actor: ProductionActor, input: PipelineInput): Promise<string> {
  const id = input.id ?? newId();
  const title = requiredText('title', input.title);
  const stages = input.stages.map((s, i) => {
    const stageTitle = requiredText(`stages.${i}.title`, s.title);
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

/** Where an imported order says it is: ids as the API shows them, and the stage's title when the record carries currentStage. */
export interface NamedPlacement {
  pipelineId: string | null;
  stageId: string | null;
  stageTitle: string | undefined;
}

/**
 * Creates what an imported order names and the organization lacks: a pipeline (titled by its
 * id, which is all the API shows of it) and, in a pipeline created this way by the same file
 * (`namedByOrders`), a stage appended after its last one. A declared or older pipeline keeps
 * its stage set, so a mistyped stage is still refused by the order's placement check. The
 * title of a stage that exists is the pipeline's: currentStage.title only names a new stage.
 */
export async function createNamedPlacement(tx: Tx, actor: ProductionActor, named: NamedPlacement, namedByOrders: Set<string>): Promise<void> {
  const { pipelineId, stageId } = named;
  if (pipelineId === null) return;
  if (!(await pipelineExists(tx.db, actor.orgId, pipelineId))) {
    if ((await takenIds(tx.db, actor.orgId, [], [pipelineId])).has(pipelineId)) throw invalidField('pipelineId', 'is a stage id of this organization, not a pipeline id');
    await createPipeline(tx, actor, { id: pipelineId, title: pipelineId, stages: [] });
    namedByOrders.add(pipelineId);
  }
  if (stageId === null) return;
  if (!namedByOrders.has(pipelineId) || (await pipelineStage(tx.db, actor.orgId, pipelineId, stageId))) return;
  if ((await takenIds(tx.db, actor.orgId, [stageId], [stageId])).has(stageId)) return;
  const title = named.stageTitle === undefined ? undefined : requiredText('currentStage.title', named.stageTitle);
  await appendStage(tx.db, actor.orgId, pipelineId, { id: stageId, title: title ?? stageId });
}
