/** What the webhooks use cases need of the caller: the organization. */
import type { Actor } from '../../http/access.ts';

export type WebhooksActor = Pick<Actor, 'orgId'>;
