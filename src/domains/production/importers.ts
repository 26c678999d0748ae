/**
 * Import collections productionPipelines and productionOrders (in this order). Records carry
 * the API's output field names; an order may name a pipeline and stage no productionPipelines
 * record declared (they are created from it, the stage titled by its currentStage). A problem
 * names `<collection>[<i>].<field>` and rejects the whole file.
 */
import { Type } from '@sinclair/typebox';
import { invalidField } from '../../http/errors.ts';
import { DateOnly, Name, Nullable, NullableText, RefId, StringEnum } from '../../http/schemas.ts';
import { getDeal } from '../crm/deals.ts';
import { recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createProductionOrder } from './orders.ts';
import { createNamedPlacement, createPipeline } from './pipelines.ts';
import { MONITOR_STATUSES, PRODUCTION_STATUSES } from './schemas.ts';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);
const Qty = Type.Number({ minimum: 0 });

const PipelineRecord = Type.Object({
  id: Opt(RefId()),
  title: Name(200),
  isDefault: Opt(Type.Boolean()),
  stages: Type.Array(Type.Object({ id: Opt(RefId()), title: Name(200), order: Opt(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })) }, { additionalProperties: false }), { maxItems: 200 }),
}, { additionalProperties: false });

const OrderRecord = Type.Object({
  id: Opt(RefId()),
  title: Name(500),
  status: Opt(StringEnum(PRODUCTION_STATUSES)),
  pipelineId: Opt(Nullable(RefId())),
  currentStageId: Opt(Nullable(RefId())),
  dealId: Opt(Nullable(RefId())),
  items: Type.Array(Type.Object({ name: Name(500), qty: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false }), { maxItems: 1000 }),
  qtyToProduce: Opt(Qty),
  qtyProduced: Opt(Qty),
  customerName: Opt(NullableText({ maxLength: 500 })),
  plannedDeliveryDate: Opt(Nullable(DateOnly())),
  monitorStatus: Opt(StringEnum(MONITOR_STATUSES)),
  isArchived: Opt(Type.Boolean()),
  currentStage: Opt(Nullable(Type.Object({ id: RefId(), title: Name(200) }, { additionalProperties: false, description: 'names a stage created from the order; otherwise read from the pipeline' }))),
}, { additionalProperties: false });

const pipelines = recordImporter('productionPipelines', PipelineRecord, (tx, ctx, r) => createPipeline(tx, { orgId: ctx.org.id }, r));

/** The pipelines created from the orders of one import run, which later orders of the same file may add stages to. */
const namedByOrders = new WeakMap<ImportContext, Set<string>>();

const orders = recordImporter('productionOrders', OrderRecord, async (tx, ctx, r) => {
  if (r.dealId) {
    const actor = { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
    if (!(await getDeal(tx.db, actor, r.dealId).catch(() => undefined))) throw invalidField('dealId', 'is not a deal of this organization');
  }
  const { currentStage, ...input } = r;
  const stageId = input.currentStageId ?? null;
  if (currentStage && currentStage.id !== stageId) throw invalidField('currentStage.id', 'must equal currentStageId');
  const created = namedByOrders.get(ctx) ?? new Set<string>();
  namedByOrders.set(ctx, created);
  await createNamedPlacement(tx, { orgId: ctx.org.id }, { pipelineId: input.pipelineId ?? null, stageId, stageTitle: currentStage?.title }, created);
  await createProductionOrder(tx, { orgId: ctx.org.id }, input);
});

export const productionImporters: Importer[] = [pipelines, orders];
