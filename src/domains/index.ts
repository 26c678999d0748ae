import type { DomainModule } from './module.ts';
import { calendarModule } from './calendar/module.ts';
import { commercialModule } from './commercial/module.ts';
import { crmModule } from './crm/module.ts';
import { feedModule } from './feed/module.ts';
import { financeModule } from './finance/module.ts';
import { hrModule } from './hr/module.ts';
import { inventoryModule } from './inventory/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { processesModule } from './processes/module.ts';
import { productionModule } from './production/module.ts';
import { tasksModule } from './tasks/module.ts';
import { webhooksModule } from './webhooks/module.ts';

/** The domains the notifications service serves: their declared rules become its subscriptions. */
const served: DomainModule[] = [webhooksModule, crmModule, inventoryModule, financeModule, hrModule, tasksModule, productionModule, commercialModule, processesModule, calendarModule];

/** Every domain, in import order: a collection comes after those it refers to. */
export const domainModules: DomainModule[] = [...served, notificationsModule(served.flatMap((m) => m.notifications ?? [])), feedModule(served)];
