/** Commercial orders (quotations): read only, the commercial part of CRM (scope crm:read). */
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { getCommercialOrder, listCommercialOrders } from './orders.ts';
import { commercialOrders } from './queries.ts';
import { CommercialOrder, CommercialOrderList, CommercialOrderListQuery } from './schemas.ts';

const read: RouteAccess = { scope: 'crm:read', capability: 'crm', mode: 'read' };
const tags = ['crm'];

export async function commercialRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/commercial-orders', operationId: 'listCommercialOrders', tags, access: read,
    summary: 'List commercial orders',
    description: 'Quotations, newest first; archived ones are never listed. Filter by deal_id, client_id (standalone orders have no deal) and status. When a deal enters a won stage, its confirmed and approved orders become production orders and are transferred.',
    query: CommercialOrderListQuery,
    conditional: taggedByCollection(commercialOrders),
    response: { status: 200, schema: CommercialOrderList, description: 'A page of commercial orders.' },
  }, async (req) => listCommercialOrders(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/commercial-orders/:id', operationId: 'getCommercialOrder', tags, access: read,
    summary: 'Get a commercial order',
    description: 'One quotation; archived ones are read by id too.',
    params: IdParam,
    conditional: taggedByVersion(commercialOrders),
    response: { status: 200, schema: CommercialOrder, description: 'The commercial order.' },
  }, async (req) => getCommercialOrder(db(), req.actor, req.params.id));
}
