/** What the tasks use cases need of the caller. */
import type { Actor } from '../../http/access.ts';

/** Who acts on tasks: the organization (its time zone in the settings), the user, their rights and token scopes (a steward acts by right and scope). */
export type TasksActor = Pick<Actor, 'orgId' | 'userId' | 'rights' | 'orgSettings' | 'scopes'>;
/** What deciding who sees a task needs of the one asking. */
export type Viewer = Pick<Actor, 'orgId' | 'userId' | 'rights'>;
