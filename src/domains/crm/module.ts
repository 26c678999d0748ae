import type { DomainModule } from '../module.ts';
import { crmCommands } from './commands.ts';
import { crmDemoData } from './demo.ts';
import { crmEvents } from './events.ts';
import { ensureDefaultFunnel } from './funnels.ts';
import { crmImporters } from './importers.ts';
import { crmMigrations } from './migrations.ts';
import { crmRoutes } from './routes.ts';

/** Clients, contact persons, deals and their sales funnels. */
export const crmModule: DomainModule = {
  name: 'crm',
  migrations: crmMigrations,
  routes: crmRoutes,
  onOrganizationCreated: async (tx, org) => {
    await ensureDefaultFunnel(tx, org.id);
  },
  importers: crmImporters,
  demoData: crmDemoData,
  commands: crmCommands,
  events: crmEvents,
};
