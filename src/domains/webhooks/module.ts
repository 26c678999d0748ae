import type { DomainModule } from '../module.ts';
import { webhookMigrations } from './migrations.ts';

export const webhooksModule: DomainModule = { name: 'webhooks', migrations: webhookMigrations };
