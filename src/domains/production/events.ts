/** The events the production domain emits: none is in the public webhook catalog. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';

/** A production order was written (by import, or from a won deal's quotation). */
const Created = Type.Object({ version: Type.Integer({ minimum: 1 }), dealId: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });

declare module '../../events/types.ts' {
  interface EventContexts {
    'production_order.created': Static<typeof Created>;
  }
}

export const productionEvents = [declareEvent('production_order.created', 'production_order', Created, 'internal')];
