/** Production orders: read only (written by import and by the won-deal chain). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { getProductionOrder, listProductionOrders } from './orders.ts';
import { productionOrders } from './queries.ts';
import { ProductionOrderDetail, ProductionOrderList, ProductionOrderListQuery } from './schemas.ts';

/** The catalog has no production key: orders are fulfilment of sales, the `logistics` capability. */
const read: RouteAccess = { scope: 'production:read', capability: 'logistics', mode: 'read' };
const tags = ['production'];

export async function productionRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/production/orders', operationId: 'listProductionOrders', tags, access: read,
    summary: 'List production orders',
    description: 'Production orders, newest first; archived ones are never listed. Filter by status, pipeline_id and deal_id. The list does not carry currentStage (read one order for it).',
    query: ProductionOrderListQuery,
    conditional: taggedByCollection(productionOrders),
    response: { status: 200, schema: ProductionOrderList, description: 'A page of production orders.' },
  }, async (req) => listProductionOrders(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/production/orders/:id', operationId: 'getProductionOrder', tags, access: read,
    summary: 'Get a production order',
    description: 'The order plus currentStage { id, title }, the title read from its pipeline; currentStage is null when the order has no pipeline or no stage. Archived orders are read by id too.',
    params: IdParam,
    conditional: taggedByVersion(productionOrders),
    response: { status: 200, schema: ProductionOrderDetail, description: 'The production order.' },
  }, async (req) => getProductionOrder(db(), req.actor, req.params.id));
}
