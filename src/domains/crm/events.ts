/** The events CRM emits: all of them are in the public webhook catalog. */
import { Type } from '@sinclair/typebox';
import type { EventDeclaration } from '../../events/types.ts';

const Created = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const Updated = Type.Object({ version: Type.Integer({ minimum: 1 }), changedFields: Type.Array(Type.String()) }, { additionalProperties: false });
/** A deal entered a won or lost stage (creation included). */
const StageReached = Type.Object({ version: Type.Integer({ minimum: 1 }), stage_id: Type.String(), stage: Type.String() }, { additionalProperties: false });

export const crmEvents: EventDeclaration[] = [
  { name: 'client.created', entityType: 'client', context: Created, visibility: 'catalog' },
  { name: 'client.updated', entityType: 'client', context: Updated, visibility: 'catalog' },
  { name: 'deal.created', entityType: 'deal', context: Created, visibility: 'catalog' },
  { name: 'deal.updated', entityType: 'deal', context: Updated, visibility: 'catalog' },
  { name: 'deal.won', entityType: 'deal', context: StageReached, visibility: 'catalog' },
  { name: 'deal.lost', entityType: 'deal', context: StageReached, visibility: 'catalog' },
];
