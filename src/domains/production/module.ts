import type { DomainModule } from '../module.ts';
import { productionDemoData } from './demo.ts';
import { productionEvents } from './events.ts';
import { productionImporters } from './importers.ts';
import { productionMigrations } from './migrations.ts';
import { productionRoutes } from './routes.ts';

/** Production pipelines with their stages, and production orders. */
export const productionModule: DomainModule = {
  name: 'production',
  migrations: productionMigrations,
  routes: productionRoutes,
  importers: productionImporters,
  demoData: productionDemoData,
  events: productionEvents,
};
