import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { IdParam } from '../../http/schemas.ts';
import { taggedByCollection, taggedByVersion } from '../../http/conditional.ts';
import { expectedVersion } from '../../http/versions.ts';
import { write, writeShared } from '../../http/write.ts';
import { allowsNegativeStock, prepareMovement } from './movement-rule.ts';
import { getMovement, listMovements, movementPosting } from './movements.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.ts';
import {
  Movement,
  MovementCreateBody,
  MovementListQuery,
  MovementPage,
  Product,
  ProductCreateBody,
  ProductList,
  ProductListQuery,
  ProductPatchBody,
  StockBalanceList,
  StockQuery,
  Warehouse,
  WarehouseList,
  WarehouseListQuery,
} from './schemas.ts';
import { products, warehouses } from './catalog.queries.ts';
import { stockLedger } from './stock.queries.ts';
import { listStock } from './stock.ts';
import { getWarehouse, listWarehouses } from './warehouses.ts';

const read: RouteAccess = { scope: 'inventory:read', capability: 'inventory', mode: 'read' };
const edit: RouteAccess = { scope: 'inventory:write', right: 'org.inventory.edit', capability: 'inventory', mode: 'write' };
const tags = ['inventory'];

export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.storage.db;

  route(app, {
    method: 'GET', url: '/products', operationId: 'listProducts', tags, access: read,
    summary: 'List products',
    description: 'Nomenclature items by name; search matches the name, SKU or barcode.',
    query: ProductListQuery,
    conditional: taggedByCollection(products),
    response: { status: 200, schema: ProductList, description: 'A page of products.' },
  }, async (req) => listProducts(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/products/:id', operationId: 'getProduct', tags, access: read,
    summary: 'Get a product',
    params: IdParam,
    conditional: taggedByVersion(products),
    response: { status: 200, schema: Product, description: 'The product, with its version as ETag.' },
  }, async (req) => getProduct(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/products', operationId: 'createProduct', tags, access: { ...edit, risk: 'low' },
    summary: 'Create a product',
    description: 'Creates a nomenclature item at version 1 (item_type product unless given).',
    body: ProductCreateBody,
    response: { status: 201, schema: Product, description: 'The product created.' },
    errors: { 409: 'An active product has this SKU (already_exists), or the Idempotency-Key is in use (idempotency_in_progress).' },
  }, async (req, reply) => write(req, reply, 201, (tx) => createProduct(tx, req.actor, req.body)));

  route(app, {
    method: 'PATCH', url: '/products/:id', operationId: 'updateProduct', tags, access: { ...edit, risk: 'low' },
    summary: 'Change or archive a product',
    description: 'Changes only the fields sent; isArchived archives or restores the product. A product holding stock cannot become a service.',
    params: IdParam, body: ProductPatchBody,
    response: { status: 200, schema: Product, description: 'The product at its new version (also the ETag).' },
    errors: { 409: 'The product changed since the If-Match version (stale_version), or another active product has the SKU (already_exists).' },
  }, async (req, reply) => {
    const expected = expectedVersion(req);
    return write(req, reply, 200, (tx) => updateProduct(tx, req.actor, req.params.id, req.body, expected));
  });

  route(app, {
    method: 'GET', url: '/warehouses', operationId: 'listWarehouses', tags, access: read,
    summary: 'List warehouses',
    query: WarehouseListQuery,
    conditional: taggedByCollection(warehouses),
    response: { status: 200, schema: WarehouseList, description: 'A page of warehouses.' },
  }, async (req) => listWarehouses(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/warehouses/:id', operationId: 'getWarehouse', tags, access: read,
    summary: 'Get a warehouse',
    params: IdParam,
    conditional: taggedByCollection(warehouses),
    response: { status: 200, schema: Warehouse, description: 'The warehouse.' },
  }, async (req) => getWarehouse(db(), req.actor, req.params.id));

  route(app, {
    method: 'GET', url: '/stock', operationId: 'listStock', tags, access: read,
    summary: 'List stock balances',
    description: 'Balances per warehouse and item; they change only through movements.',
    query: StockQuery,
    conditional: taggedByCollection(stockLedger),
    response: { status: 200, schema: StockBalanceList, description: 'A page of stock balances.' },
  }, async (req) => listStock(db(), req.actor, req.query));

  route(app, {
    method: 'GET', url: '/movements', operationId: 'listMovements', tags, access: read,
    summary: 'List stock movements, newest first',
    description: 'Cursor pagination: pass next_cursor as cursor for the next page. warehouse_id matches the source or the destination.',
    query: MovementListQuery,
    conditional: taggedByCollection(stockLedger),
    response: { status: 200, schema: MovementPage, description: 'A page of movements.' },
  }, async (req) => listMovements(db(), req.actor, req.query, app.sealer));

  route(app, {
    method: 'GET', url: '/movements/:id', operationId: 'getMovement', tags, access: read,
    summary: 'Get a movement with its lines',
    params: IdParam,
    conditional: taggedByCollection(stockLedger),
    response: { status: 200, schema: Movement, description: 'The movement.' },
  }, async (req) => getMovement(db(), req.actor, req.params.id));

  route(app, {
    method: 'POST', url: '/movements', operationId: 'createMovement', tags, access: { ...edit, risk: 'medium' },
    summary: 'Post a stock movement (balances change atomically with it)',
    description:
      'in adds to warehouse_id, out takes from it, transfer moves to to_warehouse_id, adjustment corrects (qty may be negative). A decrease below the available stock, or a service item, gives 422.',
    body: MovementCreateBody,
    response: { status: 201, schema: Movement, description: 'The movement posted.' },
  }, async (req, reply) => {
    const actor = {
      orgId: req.actor.orgId,
      currency: req.actor.orgCurrency,
      userId: req.actor.userId,
      allowNegativeStock: allowsNegativeStock(req.actor.orgSettings),
    };
    return writeShared(req, reply, 201, movementPosting, prepareMovement(actor, req.body));
  });
}
