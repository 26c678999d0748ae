/** Sales funnels and their stages: where a deal sits. */
import { conflict, invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText } from '../../http/text.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import { listFingerprint, pageAndCursor, startOf } from '../../storage/keyset.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CrmActor } from './actor.ts';
import { funnelPage, funnelsChanged, stagesOf } from './funnels.queries.ts';
import { stageKey } from './normalize.ts';
import { clearDefaultFunnel, existingStageIds, findDefaultFunnel, findFunnel, findStage, funnelIds, funnelStages, insertFunnel, organizationStages, removeFunnelWithoutDeals } from './queries.ts';
import type { StageRow } from './queries.ts';
import type { FunnelImportInput, FunnelOut, StageKind } from './schemas.ts';

const DEFAULT_FUNNEL = {
  name: 'Sales',
  stages: [
    { name: 'New', kind: 'open', order: 1 },
    { name: 'In progress', kind: 'open', order: 2 },
    { name: 'Won', kind: 'won', order: 3 },
    { name: 'Lost', kind: 'lost', order: 4 },
  ] as Array<{ name: string; kind: StageKind; order: number }>,
};

/** The organization's default funnel, made on first need for an organization that predates it. */
export async function ensureDefaultFunnel(tx: Tx | { db: Db }, orgId: string): Promise<string> {
  const existing = await findDefaultFunnel(tx.db, orgId);
  if (existing) return existing.id;
  const id = newId();
  await insertFunnel(
    tx.db,
    { org_id: orgId, id, name: DEFAULT_FUNNEL.name, is_default: true, created_at: nowIso() },
    DEFAULT_FUNNEL.stages.map((s) => ({ org_id: orgId, id: newId(), funnel_id: id, name: s.name, name_key: stageKey(s.name), kind: s.kind, sort_order: s.order })),
  );
  await funnelsChanged(tx.db, orgId);
  return id;
}

/** Creates one funnel of an import file; names of stages are unique within it and one stage at least is open. */
export async function createFunnel(tx: Tx, orgId: string, input: FunnelImportInput): Promise<string> {
  const id = input.id ?? newId();
  if (await findFunnel(tx.db, orgId, id)) throw conflict('duplicate_id', `a funnel with id ${id} already exists`, { id });
  const keys = new Set<string>();
  const stageIds = new Set<string>();
  const stages = input.stages.map((s, i) => {
    const name = requiredText(`stages.${i}.name`, s.name);
    const key = stageKey(name);
    if (keys.has(key)) throw invalidField(`stages.${i}.name`, `repeats the stage name "${name}"`);
    keys.add(key);
    const stageId = s.id ?? newId();
    if (stageIds.has(stageId)) throw invalidField(`stages.${i}.id`, 'repeats a stage id');
    stageIds.add(stageId);
    return { org_id: orgId, id: stageId, funnel_id: id, name, name_key: key, kind: s.kind, sort_order: s.order };
  });
  if (!stages.some((s) => s.kind === 'open')) throw invalidField('stages', 'must contain at least one stage of kind open');
  const taken = await existingStageIds(tx.db, orgId, [...stageIds]);
  const clash = stages.findIndex((s) => taken.has(s.id));
  if (clash >= 0) throw invalidField(`stages.${clash}.id`, 'is already a stage of this organization');
  const replaced = input.is_default ? await findDefaultFunnel(tx.db, orgId) : undefined;
  if (input.is_default) await clearDefaultFunnel(tx.db, orgId);
  await insertFunnel(tx.db, { org_id: orgId, id, name: input.name.trim(), is_default: input.is_default ?? false, created_at: nowIso() }, stages);
  if (replaced && (await isStarterFunnel(tx.db, orgId, replaced))) await removeFunnelWithoutDeals(tx.db, orgId, replaced.id);
  await funnelsChanged(tx.db, orgId);
  return id;
}

/**
 * Whether a funnel is still exactly the one an organization starts with (DEFAULT_FUNNEL): an
 * imported default funnel replaces such a funnel outright when no deal is in it, so a file
 * exported from another organization does not leave a second, empty "Sales" behind.
 */
async function isStarterFunnel(db: Db, orgId: string, funnel: { id: string; name: string }): Promise<boolean> {
  if (funnel.name !== DEFAULT_FUNNEL.name) return false;
  const stages = await funnelStages(db, orgId, funnel.id);
  const shape = (list: ReadonlyArray<{ name: string; kind: string; order: number }>) => JSON.stringify(list.map((s) => [s.name, s.kind, s.order]));
  return shape(stages.map((s) => ({ name: s.name, kind: s.kind, order: Number(s.sort_order) }))) === shape(DEFAULT_FUNNEL.stages);
}

/** A page of the organization's funnels, each with its stages in order (GET /funnels). */
export async function listFunnels(db: Db, actor: CrmActor, query: { limit: number; offset: number; cursor?: string | undefined }): Promise<Page<FunnelOut>> {
  const fingerprint = listFingerprint(['crm_funnels', actor.orgId]);
  const start = startOf(query, fingerprint, 3);
  const after = start === undefined ? undefined : ([Boolean(start[0]), String(start[1]), String(start[2])] as const);
  const read = await funnelPage(db, actor.orgId, query.limit + 1, after === undefined ? query.offset : 0, after);
  const { page: rows, next } = pageAndCursor(read.rows, query.limit, fingerprint, (f) => [Boolean(f.is_default), f.name, f.id]);
  const { total } = read;
  const stages = await stagesOf(db, actor.orgId, rows.map((r) => r.id));
  const items = rows.map((f) => ({
    id: f.id,
    name: f.name,
    is_default: Boolean(f.is_default),
    stages: stages.filter((s) => s.funnel_id === f.id).map((s) => ({ id: s.id, name: s.name, kind: s.kind, order: Number(s.sort_order) })),
  }));
  return { items, total, limit: query.limit, offset: query.offset, next_cursor: next };
}

export interface PlacementInput {
  funnel_id?: string | undefined;
  stage_id?: string | undefined;
  stage?: string | undefined;
}

/**
 * Where a deal's placement is looked up: the stored funnels one statement at a time
 * (storedPlacements), or every funnel and stage of the organization read once for many deals
 * (readPlacements).
 */
export interface Placements {
  hasFunnel(id: string): boolean | Promise<boolean>;
  stage(id: string): StageRow | undefined | Promise<StageRow | undefined>;
  /** The default funnel's id, the funnel made first when the organization has none. */
  defaultFunnel(): string | Promise<string>;
  /** A funnel's stages in order. */
  stagesOf(funnelId: string): StageRow[] | Promise<StageRow[]>;
}

export function storedPlacements(db: Db, orgId: string): Placements {
  return {
    hasFunnel: async (id) => (await findFunnel(db, orgId, id)) !== undefined,
    stage: (id) => findStage(db, orgId, id),
    defaultFunnel: () => ensureDefaultFunnel({ db }, orgId),
    stagesOf: (funnelId) => funnelStages(db, orgId, funnelId),
  };
}

/** Every funnel and stage of the organization, read at once (an import's chunk of deals); the default funnel still made only when a deal needs it. */
export async function readPlacements(db: Db, orgId: string): Promise<Placements> {
  const funnels = new Set(await funnelIds(db, orgId));
  const stages = await organizationStages(db, orgId);
  const byId = new Map(stages.map((s) => [s.id, s]));
  const byFunnel = new Map<string, StageRow[]>();
  for (const s of stages) byFunnel.set(s.funnel_id, [...(byFunnel.get(s.funnel_id) ?? []), s]);
  let defaultId: Promise<string> | undefined;
  return {
    hasFunnel: (id) => funnels.has(id),
    stage: (id) => byId.get(id),
    defaultFunnel: () => (defaultId ??= ensureDefaultFunnel({ db }, orgId)),
    stagesOf: (funnelId) => byFunnel.get(funnelId) ?? funnelStages(db, orgId, funnelId),
  };
}

/**
 * The stage a deal goes to. stage_id wins and must agree with funnel_id and stage when those are
 * given; a stage name is looked up in the funnel (given, current or default); a funnel alone
 * means its first open stage. `current` is the deal's place before a PATCH.
 */
export async function resolveStage(places: Placements, given: PlacementInput, current?: { funnelId: string; stageId: string }): Promise<StageRow> {
  if (given.funnel_id !== undefined && !(await places.hasFunnel(given.funnel_id))) {
    throw invalidField('funnel_id', 'is not a sales funnel of this organization');
  }
  if (given.stage_id !== undefined) {
    const stage = await places.stage(given.stage_id);
    if (!stage) throw invalidField('stage_id', 'is not a funnel stage of this organization');
    if (given.funnel_id !== undefined && stage.funnel_id !== given.funnel_id) throw invalidField('stage_id', 'is a stage of another funnel than funnel_id');
    if (given.stage !== undefined && stageKey(given.stage) !== stage.name_key) throw invalidField('stage', `does not match stage_id (whose stage is "${stage.name}")`);
    return stage;
  }
  const funnelId = given.funnel_id ?? current?.funnelId ?? (await places.defaultFunnel());
  const stages = await places.stagesOf(funnelId);
  if (given.stage !== undefined) {
    const key = stageKey(given.stage);
    const stage = stages.find((s) => s.name_key === key);
    if (!stage) throw invalidField('stage', `is not a stage of the funnel; its stages are: ${stages.map((s) => s.name).join(', ')}`);
    return stage;
  }
  if (current && funnelId === current.funnelId) {
    const stage = stages.find((s) => s.id === current.stageId);
    if (stage) return stage;
  }
  const first = stages.find((s) => s.kind === 'open') ?? stages[0];
  if (!first) throw invalidField('funnel_id', 'has no stages');
  return first;
}
