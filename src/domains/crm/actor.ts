/** What the crm use cases need of the caller: the organization, its currency and settings (phone region), and who acts. */
import type { Actor } from '../../http/access.ts';

export type CrmActor = Pick<Actor, 'orgId' | 'userId' | 'orgCurrency' | 'orgSettings'>;
