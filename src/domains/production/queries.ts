/** The production domain's only SQL. Every function takes orgId: a query never reaches another tenant's rows. */
import type { Insertable } from 'kysely';
import { readJson } from '../../storage/codecs.ts';
import { QTY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { ProductionPipelinesTable, ProductionStagesTable } from './tables.ts';


/** Quantities are stored in thousandths. */

const order = fieldsOf<'production_orders'>();
const qty = (value: number | string) => scaledToNumber(Number(value), QTY_SCALE);

/** Production orders as lists show them; the version is kept for the record's ETag and never shown. */
export const productionOrders = defineResource({
  table: 'production_orders',
  counted: { filters: ['status'] },
  noun: 'production order',
  fields: {
    id: 'id',
    version: 'version',
    title: 'title',
    status: 'status',
    pipelineId: 'pipeline_id',
    currentStageId: 'current_stage_id',
    dealId: 'deal_id',
    items: order.via('items', (value) => readJson<Array<{ name: string; qty: number }>>(value)),
    qtyToProduce: order.via('qty_to_produce', qty),
    qtyProduced: order.via('qty_produced', qty),
    customerName: 'customer_name',
    plannedDeliveryDate: 'planned_delivery_date',
    monitorStatus: 'monitor_status',
  },
  filters: { status: 'status', pipeline_id: 'pipeline_id', deal_id: 'deal_id' },
  archivedColumn: 'is_archived',
});

/** Stages, read by id through a prepared statement (an order's currentStage). */
const stages = defineResource({
  table: 'production_stages',
  fields: { id: 'id', title: 'title', pipelineId: 'pipeline_id' },
  order: [['sort_order', 'asc'], ['id', 'asc']],
});

/** The stage `stageId` of the pipeline `pipelineId` (a stage of another pipeline is not found). */
export async function pipelineStage(db: Db, orgId: string, pipelineId: string, stageId: string): Promise<{ id: string; title: string } | undefined> {
  const stage = await stages.find(db, orgId, stageId);
  return stage?.pipelineId === pipelineId ? { id: stage.id, title: stage.title } : undefined;
}

export async function pipelineExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('production_pipelines').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Which of these ids already name a pipeline or a stage of the organization. */
export async function takenIds(db: Db, orgId: string, pipelineIds: string[], stageIds: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  if (pipelineIds.length > 0) {
    for (const r of await db.selectFrom('production_pipelines').select('id').where('org_id', '=', orgId).where('id', 'in', pipelineIds).execute()) taken.add(r.id);
  }
  if (stageIds.length > 0) {
    for (const r of await db.selectFrom('production_stages').select('id').where('org_id', '=', orgId).where('id', 'in', stageIds).execute()) taken.add(r.id);
  }
  return taken;
}

/**
 * Stores a pipeline with its stages. Stage titles are read into the single order's answer, so
 * the orders' change counter moves too (a kept answer or a 304 must not show an old title).
 */
export async function insertPipeline(db: Db, pipeline: Insertable<ProductionPipelinesTable>, stages: Array<Insertable<ProductionStagesTable>>): Promise<void> {
  if (pipeline.is_default) await db.updateTable('production_pipelines').set({ is_default: false }).where('org_id', '=', pipeline.org_id).execute();
  await db.insertInto('production_pipelines').values(pipeline).execute();
  if (stages.length > 0) await db.insertInto('production_stages').values(stages).execute();
  await productionOrders.bump(db, pipeline.org_id);
}

/** The default pipeline and its first stage (by order, then id), if the organization has one. */
export async function defaultPipelineStart(db: Db, orgId: string): Promise<{ pipelineId: string; stageId: string | null } | undefined> {
  const pipeline = await db
    .selectFrom('production_pipelines')
    .select('id')
    .where('org_id', '=', orgId)
    .where('is_default', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!pipeline) return undefined;
  const first = await db
    .selectFrom('production_stages')
    .select('id')
    .where('org_id', '=', orgId)
    .where('pipeline_id', '=', pipeline.id)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return { pipelineId: pipeline.id, stageId: first?.id ?? null };
}

/** Adds a stage after the pipeline's last one (an order named a stage its pipeline lacked). */
export async function appendStage(db: Db, orgId: string, pipelineId: string, stage: { id: string; title: string }): Promise<void> {
  const last = await db
    .selectFrom('production_stages')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('org_id', '=', orgId)
    .where('pipeline_id', '=', pipelineId)
    .executeTakeFirst();
  const after = last?.last === null || last?.last === undefined ? 0 : Number(last.last);
  await db.insertInto('production_stages').values({ org_id: orgId, id: stage.id, pipeline_id: pipelineId, title: stage.title, sort_order: after + 1 }).execute();
  await productionOrders.bump(db, orgId);
}
