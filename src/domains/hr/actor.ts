/** What the hr use cases need of the caller: the organization. */
import type { Actor } from '../../http/access.ts';

export type HrActor = Pick<Actor, 'orgId'>;
