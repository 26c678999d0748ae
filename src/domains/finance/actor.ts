/** What the finance use cases need of the caller. */
import type { Actor } from '../../http/access.ts';

/** Who creates and reads payment requests: the organization, its currency and settings, and who acts. */
export type FinanceActor = Pick<Actor, 'orgId' | 'userId' | 'orgCurrency' | 'orgSettings'>;
/** Who changes a payment request: also their rights (approving and paying need finance.approve and finance.pay). */
export type FinanceEditor = Pick<Actor, 'orgId' | 'userId' | 'orgCurrency' | 'orgSettings' | 'rights'>;
