import type { DomainModule } from './module.ts';
import { crmModule } from './crm/module.ts';
import { financeModule } from './finance/module.ts';
import { inventoryModule } from './inventory/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/** Every domain, in import order: a collection comes after those it refers to. */
export const domainModules: DomainModule[] = [webhooksModule, crmModule, financeModule, inventoryModule];
