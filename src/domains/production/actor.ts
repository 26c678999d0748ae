/** What the production use cases need of the caller: the organization. */
import type { Actor } from '../../http/access.ts';

export type ProductionActor = Pick<Actor, 'orgId'>;
