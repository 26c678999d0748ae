/** Process templates: imported (graph checked), listed when published, read by the engine. */
import { invalidFields } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { userLinkProblems } from '../../platform/members.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { INITIATOR, graphProblems } from './graph.ts';
import type { TemplateStage } from './graph.ts';
import { templates } from './queries.ts';
import type { ProcessTemplateImportInput, ProcessTemplateListInput } from './schemas.ts';

export interface Template {
  id: string;
  title: string;
  trigger_entity: string | null;
  published: boolean;
  stages: TemplateStage[];
}

type TemplateOut = { id: string; title: string; trigger_entity: string | null; category: string | null; description: string | null };

export async function listTemplates(db: Db, orgId: string, query: ProcessTemplateListInput): Promise<Page<TemplateOut>> {
  return templates.list(db, orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, where: { published: true } });
}

export async function getTemplate(db: Db, orgId: string, id: string): Promise<Template> {
  const found = await templates.get(db, orgId, id);
  return { id: found.id, title: found.title, trigger_entity: found.trigger_entity, published: found.published, stages: found.stages as TemplateStage[] };
}

/** Writes one template of an import: the graph must hold and every named executor be an active user of the organization. */
export async function importTemplate(tx: Tx, orgId: string, input: ProcessTemplateImportInput): Promise<void> {
  const stages: TemplateStage[] = input.stages.map((s) => ({
    id: s.id,
    title: s.title.trim(),
    stage_type: s.stage_type,
    start: s.start ?? false,
    next: [...new Set(s.next ?? [])],
    reject_next: [...new Set(s.reject_next ?? [])],
    executor: s.executor ?? INITIATOR,
  }));
  const problems: FieldProblem[] = graphProblems(stages);
  // A template assigns work to come, so it names active members only (unlike an import of history).
  const named = stages.flatMap((s, i) => (s.executor === INITIATOR ? [] : [[`stages[${i}].executor`, [s.executor]] as const]));
  for (const p of await userLinkProblems(tx.db, orgId, named)) problems.push({ ...p, message: `${p.message}, nor "${INITIATOR}"` });
  if (problems.length > 0) throw invalidFields(problems);
  await templates.insert(tx.db, {
    org_id: orgId,
    id: input.id ?? newId(),
    title: input.title.trim(),
    trigger_entity: input.trigger_entity ?? null,
    category: input.category ?? null,
    description: input.description ?? null,
    published: input.published ?? false,
    stages: toJson(stages),
    created_at: nowIso(),
  });
}
