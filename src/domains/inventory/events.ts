/**
 * The events inventory emits, all in the public catalog (extensions of the spec's list):
 * product.created and product.updated (as the CRM's client events), movement.created with the
 * stock it changed: one entry per warehouse and item, the quantity added (negative: taken).
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';

const ProductCreated = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const ProductUpdated = Type.Object({ version: Type.Integer({ minimum: 1 }), changedFields: Type.Array(Type.String()) }, { additionalProperties: false });
const MovementCreated = Type.Object(
  {
    kind: Type.String(),
    stockChanges: Type.Array(Type.Object({ warehouseId: Type.String(), itemId: Type.String(), change: Type.Number() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

declare module '../../events/types.ts' {
  interface EventContexts {
    'product.created': Static<typeof ProductCreated>;
    'product.updated': Static<typeof ProductUpdated>;
    'movement.created': Static<typeof MovementCreated>;
  }
}

export const inventoryEvents = [
  declareEvent('product.created', 'product', ProductCreated, 'catalog'),
  declareEvent('product.updated', 'product', ProductUpdated, 'catalog'),
  declareEvent('movement.created', 'movement', MovementCreated, 'catalog'),
];
