/** The events the production domain emits: none is in the public webhook catalog. */
import { Type } from '@sinclair/typebox';
import type { EventDeclaration } from '../../events/types.ts';

/** A production order was written (by import, or from a won deal's quotation). */
const Created = Type.Object({ version: Type.Integer({ minimum: 1 }), dealId: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });

export const productionEvents: EventDeclaration[] = [
  { name: 'production_order.created', entityType: 'production_order', context: Created, visibility: 'internal' },
];
