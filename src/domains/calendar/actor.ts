/** What the calendar use cases need of the caller: the organization (its time zone in the settings), who acts, and their rights. */
import type { Actor } from '../../http/access.ts';

export type CalendarActor = Pick<Actor, 'orgId' | 'userId' | 'rights' | 'orgSettings' | 'isAdmin'>;
