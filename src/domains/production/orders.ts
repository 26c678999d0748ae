/** Production order use cases: read through the API; written by import and by the won-deal chain (commercial orders). */
import { emit } from '../../events/emit.ts';
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import { nowIso, toJson } from '../../storage/codecs.ts';
import { QTY_SCALE, toScaled } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ProductionActor } from './actor.ts';
import { defaultPipelineStart, pipelineExists, pipelineStage, productionOrders } from './queries.ts';
import type { MonitorStatus, ProductionOrderDetailOut, ProductionOrderListInput, ProductionOrderOut, ProductionStatus } from './schemas.ts';


export function listProductionOrders(db: Db, actor: ProductionActor, query: ProductionOrderListInput): Promise<Page<ProductionOrderOut>> {
  return productionOrders.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    where: { status: query.status, pipeline_id: query.pipeline_id, deal_id: query.deal_id },
  });
}

/** One order (archived ones too) with its current stage, whose title is read from the pipeline. */
export async function getProductionOrder(db: Db, actor: ProductionActor, id: string): Promise<ProductionOrderDetailOut & { version: number }> {
  const order = await productionOrders.get(db, actor.orgId, id);
  const stage = order.pipelineId !== null && order.currentStageId !== null ? await pipelineStage(db, actor.orgId, order.pipelineId, order.currentStageId) : undefined;
  return { ...order, currentStage: stage ?? null };
}

/** Whether the organization has a production order of this id: other domains check links through this. */
export async function productionOrderExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await productionOrders.find(db, orgId, id)) !== undefined;
}

export interface ProductionOrderInput {
  id?: string | undefined;
  title: string;
  status?: ProductionStatus | undefined;
  pipelineId?: string | null | undefined;
  currentStageId?: string | null | undefined;
  /** The caller has checked that the deal is the organization's. */
  dealId?: string | null | undefined;
  items: ReadonlyArray<{ name: string; qty: number }>;
  qtyToProduce?: number | undefined;
  qtyProduced?: number | undefined;
  customerName?: string | null | undefined;
  plannedDeliveryDate?: string | null | undefined;
  monitorStatus?: MonitorStatus | undefined;
  isArchived?: boolean | undefined;
}

function quantity(field: string, value: number, positive: boolean): number {
  const scaled = toScaled(value, QTY_SCALE);
  if (!scaled.ok) throw invalidField(field, scaled.problem === 'too_many_fraction_digits' ? `must have at most ${QTY_SCALE} fraction digits` : 'must be a number');
  if (scaled.value < 0 || (positive && scaled.value === 0)) throw invalidField(field, positive ? 'must be more than 0' : 'must be 0 or more');
  return scaled.value;
}

/** A stage is given only with its pipeline, and must be one of that pipeline's stages. */
async function checkPlacement(db: Db, orgId: string, pipelineId: string | null, stageId: string | null): Promise<void> {
  if (pipelineId !== null && !(await pipelineExists(db, orgId, pipelineId))) throw invalidField('pipelineId', 'is not a production pipeline of this organization');
  if (stageId === null) return;
  if (pipelineId === null) throw invalidField('currentStageId', 'needs pipelineId');
  if (!(await pipelineStage(db, orgId, pipelineId, stageId))) throw invalidField('currentStageId', 'is not a stage of the pipeline pipelineId');
}

/** Writes one production order and raises the internal production_order.created. */
export async function createProductionOrder(tx: Tx, actor: ProductionActor, input: ProductionOrderInput): Promise<ProductionOrderOut> {
  const id = input.id ?? newId();
  const title = requiredText('title', input.title);
  let summed = 0;
  const items = input.items.map((item, i) => {
    const name = requiredText(`items.${i}.name`, item.name);
    summed += quantity(`items.${i}.qty`, item.qty, true);
    return { name, qty: item.qty };
  });
  const toProduce = input.qtyToProduce === undefined ? summed : quantity('qtyToProduce', input.qtyToProduce, false);
  const produced = input.qtyProduced === undefined ? 0 : quantity('qtyProduced', input.qtyProduced, false);
  const pipelineId = input.pipelineId ?? null;
  const stageId = input.currentStageId ?? null;
  await checkPlacement(tx.db, actor.orgId, pipelineId, stageId);
  const now = nowIso();
  const created = await productionOrders.insert(tx.db, {
    org_id: actor.orgId,
    id,
    version: 1,
    title,
    status: input.status ?? 'open',
    pipeline_id: pipelineId,
    current_stage_id: stageId,
    deal_id: input.dealId ?? null,
    items: toJson(items),
    qty_to_produce: toProduce,
    qty_produced: produced,
    customer_name: trimmedOrNull(input.customerName),
    planned_delivery_date: input.plannedDeliveryDate ?? null,
    monitor_status: input.monitorStatus ?? 'on_track',
    is_archived: input.isArchived ?? false,
    created_at: now,
    updated_at: now,
  });
  await emit(tx, { orgId: actor.orgId, name: 'production_order.created', entityType: 'production_order', entityId: id, context: { version: 1, dealId: created.dealId } });
  return created;
}

/**
 * Starts production of sold goods: an open order in the organization's default pipeline at its
 * first stage (in no pipeline when there is no default pipeline).
 */
export async function startProduction(
  tx: Tx,
  actor: ProductionActor,
  input: Pick<ProductionOrderInput, 'title' | 'dealId' | 'items' | 'customerName'>,
): Promise<ProductionOrderOut> {
  const start = await defaultPipelineStart(tx.db, actor.orgId);
  return createProductionOrder(tx, actor, { ...input, status: 'open', pipelineId: start?.pipelineId ?? null, currentStageId: start?.stageId ?? null });
}
