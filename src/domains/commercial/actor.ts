/** What the commercial use cases need of the caller: the organization and its currency. */
import type { Actor } from '../../http/access.ts';

export type CommercialActor = Pick<Actor, 'orgId' | 'orgCurrency'>;
