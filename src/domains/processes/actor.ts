/** What the processes use cases need of the caller: the organization, who acts, and their rights (bpm.admin sees every process). */
import type { Actor } from '../../http/access.ts';

export type ProcessesActor = Pick<Actor, 'orgId' | 'userId' | 'rights'>;
