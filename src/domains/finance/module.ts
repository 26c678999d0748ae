import type { DomainModule } from '../module.ts';
import { financeCommands } from './commands.ts';
import { financeDemoData } from './demo.ts';
import { approvalRequestedRule, financeEvents } from './events.ts';
import { financeImporters } from './importers.ts';
import { financeMigrations } from './migrations.ts';
import { financeRoutes } from './routes.ts';

/** Payment requests with their approval chain, the rate table, finance categories and receivables. */
export const financeModule: DomainModule = {
  name: 'finance',
  migrations: financeMigrations,
  routes: financeRoutes,
  importers: financeImporters,
  commands: financeCommands,
  demoData: financeDemoData,
  events: financeEvents,
  notifications: [approvalRequestedRule],
};
