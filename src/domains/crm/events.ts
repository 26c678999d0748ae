/** The events CRM emits: all of them are in the public webhook catalog. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';

const Created = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const Updated = Type.Object({ version: Type.Integer({ minimum: 1 }), changedFields: Type.Array(Type.String()) }, { additionalProperties: false });
/** A deal entered a won or lost stage (creation included). */
const StageReached = Type.Object({ version: Type.Integer({ minimum: 1 }), stageId: Type.String(), stage: Type.String() }, { additionalProperties: false });

declare module '../../events/types.ts' {
  interface EventContexts {
    'client.created': Static<typeof Created>;
    'client.updated': Static<typeof Updated>;
    'contact.created': Static<typeof Created>;
    'contact.updated': Static<typeof Updated>;
    'contact.archived': Static<typeof Created>;
    'deal.created': Static<typeof Created>;
    'deal.updated': Static<typeof Updated>;
    'deal.won': Static<typeof StageReached>;
    'deal.lost': Static<typeof StageReached>;
  }
}

export const crmEvents = [
  declareEvent('client.created', 'client', Created, 'catalog'),
  declareEvent('client.updated', 'client', Updated, 'catalog'),
  declareEvent('contact.created', 'contact', Created, 'catalog'),
  declareEvent('contact.updated', 'contact', Updated, 'catalog'),
  // Beside contact.updated (is_archived among its changedFields), as deal.won beside deal.updated.
  declareEvent('contact.archived', 'contact', Created, 'catalog'),
  declareEvent('deal.created', 'deal', Created, 'catalog'),
  declareEvent('deal.updated', 'deal', Updated, 'catalog'),
  declareEvent('deal.won', 'deal', StageReached, 'catalog'),
  declareEvent('deal.lost', 'deal', StageReached, 'catalog'),
];
