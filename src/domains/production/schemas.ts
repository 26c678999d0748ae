/** Answers and queries of the production endpoints; field names exactly as the spec writes them (camelCase). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery } from '../../http/pagination.ts';
import { DateOnly, EnumText, Nullable, RefId, StringEnum } from '../../http/schemas.ts';

export const PRODUCTION_STATUSES = ['open', 'in_progress', 'paused', 'completed', 'cancelled'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
export const MONITOR_STATUSES = ['on_track', 'at_risk', 'delayed'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

const ProductionItem = Type.Object({ name: Type.String(), qty: Type.Number() });

const orderFields = {
  id: Type.String(),
  title: Type.String(),
  status: EnumText(PRODUCTION_STATUSES),
  pipelineId: Nullable(Type.String({ description: 'null when the order is in no pipeline' })),
  currentStageId: Nullable(Type.String({ description: 'a stage of the pipeline; null when none' })),
  dealId: Nullable(Type.String({ description: 'the deal the order was made for; null when none' })),
  items: Type.Array(ProductionItem),
  qtyToProduce: Type.Number(),
  qtyProduced: Type.Number(),
  customerName: Nullable(Type.String()),
  plannedDeliveryDate: Nullable(DateOnly()),
  monitorStatus: EnumText(MONITOR_STATUSES),
};

const example = {
  id: '0193b1e0-3333-7a10-8f3e-5b2a9c1d4e6f', title: 'Kitchen set for Alpha LLC', status: 'open', pipelineId: 'furniture', currentStageId: 'cutting',
  dealId: '0193b1e0-4444-7a10-8f3e-5b2a9c1d4e6f', items: [{ name: 'Cabinet', qty: 4 }], qtyToProduce: 4, qtyProduced: 0,
  customerName: 'Alpha LLC', plannedDeliveryDate: '2025-04-15', monitorStatus: 'on_track',
};

export const ProductionOrder = named('ProductionOrder', Type.Object(orderFields, { description: 'A production order, as lists show it.', examples: [example] }));
export type ProductionOrderOut = Static<typeof ProductionOrder>;

const ProductionStageRef = Type.Object({ id: Type.String(), title: Type.String() });

export const ProductionOrderDetail = named('ProductionOrderDetail', Type.Object({
  ...orderFields,
  currentStage: Nullable(ProductionStageRef, { description: 'the current stage and its title from the pipeline; null when the order has no pipeline or no stage' }),
}, { description: 'A production order with its current stage.', examples: [{ ...example, currentStage: { id: 'cutting', title: 'Cutting' } }] }));
export type ProductionOrderDetailOut = Static<typeof ProductionOrderDetail>;

export const ProductionOrderListQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(StringEnum(PRODUCTION_STATUSES, { description: 'only orders in this status' })),
  pipeline_id: Type.Optional(RefId({ description: 'only orders in this pipeline' })),
  deal_id: Type.Optional(RefId({ description: 'only orders made for this deal' })),
}, { additionalProperties: false });
export type ProductionOrderListInput = Static<typeof ProductionOrderListQuery>;

export const ProductionOrderList = ListOf(ProductionOrder, 'ProductionOrderList');
