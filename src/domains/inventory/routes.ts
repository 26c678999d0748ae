import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { ListOf } from '../../http/pagination.ts';
import { ErrorResponses, IdParam } from '../../http/schemas.ts';
import { conditionalList, conditionalRecord } from '../../http/conditional.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write, writeOneStatement } from '../../http/write.ts';
import { getMovement, movementPage, stockPage } from './ledger-reads.ts';
import { allowsNegativeStock, postMovement } from './ledger-service.ts';
import { createProduct, getProduct, productPage, updateProductFields } from './products.ts';
import {
  Movement,
  MovementCreateBody,
  MovementListQuery,
  MovementPage,
  Product,
  ProductCreateBody,
  ProductListQuery,
  ProductPatchBody,
  StockBalance,
  StockQuery,
  Warehouse,
  WarehouseListQuery,
} from './schemas.ts';
import { products, warehouses } from './queries.ts';
import { getWarehouse, warehousePage } from './warehouses.ts';

const read: RouteAccess = { scope: 'inventory:read', capability: 'inventory', mode: 'read' };
const edit: RouteAccess = { scope: 'inventory:write', right: 'org.inventory.edit', capability: 'inventory', mode: 'write' };
const NotFound = { 404: Type.Ref('ErrorEnvelope') };
const Conflict = { 409: Type.Ref('ErrorEnvelope') };
const tags = ['inventory'];

export async function inventoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/products',
    { schema: { tags, summary: 'List products', querystring: ProductListQuery, response: { 200: ListOf(Product), ...ErrorResponses } }, config: { access: read } },
    async (req, reply) => conditionalList(req, reply, products, () => productPage(req.server.storage.db, req.actor.orgId, req.query)),
  );
  app.get(
    '/products/:id',
    { schema: { tags, summary: 'Get a product', params: IdParam, response: { 200: Product, ...NotFound, ...ErrorResponses } }, config: { access: read } },
    async (req, reply) => conditionalRecord(req, reply, products, req.params.id, () => getProduct(req.server.storage.db, req.actor.orgId, req.params.id)),
  );
  app.post(
    '/products',
    { schema: { tags, summary: 'Create a product', body: ProductCreateBody, response: { 201: Product, ...Conflict, ...ErrorResponses } }, config: { access: { ...edit, risk: 'low' } } },
    async (req, reply) => write(req, reply, 201, (tx) => createProduct(tx, req.actor, req.body)),
  );
  app.patch(
    '/products/:id',
    {
      schema: { tags, summary: 'Change or archive a product', params: IdParam, body: ProductPatchBody, response: { 200: Product, ...NotFound, ...Conflict, ...ErrorResponses } },
      config: { access: { ...edit, risk: 'low' } },
    },
    async (req, reply) => {
      const expected = expectedVersion(req);
      const product = await write(req, reply, 200, (tx) => updateProductFields(tx, req.actor, req.params.id, expected, req.body));
      reply.header('etag', `"${(product as Product).version}"`);
      return product;
    },
  );

  app.get(
    '/warehouses',
    { schema: { tags, summary: 'List warehouses', querystring: WarehouseListQuery, response: { 200: ListOf(Warehouse), ...ErrorResponses } }, config: { access: read } },
    async (req, reply) => conditionalList(req, reply, warehouses, () => warehousePage(req.server.storage.db, req.actor.orgId, req.query)),
  );
  app.get(
    '/warehouses/:id',
    { schema: { tags, summary: 'Get a warehouse', params: IdParam, response: { 200: Warehouse, ...NotFound, ...ErrorResponses } }, config: { access: read } },
    async (req) => getWarehouse(req.server.storage.db, req.actor.orgId, req.params.id),
  );

  app.get(
    '/stock',
    { schema: { tags, summary: 'List stock balances', querystring: StockQuery, response: { 200: ListOf(StockBalance), ...ErrorResponses } }, config: { access: read } },
    async (req) => stockPage(req.server.storage.db, req.actor.orgId, req.query),
  );

  app.get(
    '/movements',
    { schema: { tags, summary: 'List stock movements, newest first', querystring: MovementListQuery, response: { 200: MovementPage, ...ErrorResponses } }, config: { access: read } },
    async (req) => movementPage(req.server.storage.db, req.actor.orgId, req.query),
  );
  app.get(
    '/movements/:id',
    { schema: { tags, summary: 'Get a movement with its lines', params: IdParam, response: { 200: Movement, ...NotFound, ...ErrorResponses } }, config: { access: read } },
    async (req) => getMovement(req.server.storage.db, req.actor.orgId, req.params.id),
  );
  app.post(
    '/movements',
    {
      schema: { tags, summary: 'Post a stock movement (balances change atomically with it)', body: MovementCreateBody, response: { 201: Movement, ...Conflict, ...ErrorResponses } },
      config: { access: { ...edit, risk: 'medium' } },
    },
    async (req, reply) => {
      const actor = {
        orgId: req.actor.orgId,
        currency: req.actor.orgCurrency,
        userId: req.actor.userId,
        allowNegativeStock: allowsNegativeStock(req.actor.orgSettings),
      };
      return writeOneStatement(req, reply, 201, (scope) => postMovement(scope, actor, req.body));
    },
  );
}
