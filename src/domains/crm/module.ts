import type { DomainModule } from '../module.ts';

export const crmModule: DomainModule = { name: 'crm', migrations: [] };
