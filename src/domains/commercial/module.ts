import type { DomainModule } from '../module.ts';
import { commercialDemoData } from './demo.ts';
import { commercialImporters } from './importers.ts';
import { commercialMigrations } from './migrations.ts';
import { commercialRoutes } from './routes.ts';
import { commercialReactions } from './won-deal.ts';

/** Commercial orders (quotations), the commercial part of CRM; a won deal sends its confirmed ones to production. */
export const commercialModule: DomainModule = {
  name: 'commercial',
  migrations: commercialMigrations,
  routes: commercialRoutes,
  importers: commercialImporters,
  demoData: commercialDemoData,
  reactions: commercialReactions,
};
