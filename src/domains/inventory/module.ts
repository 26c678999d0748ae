import type { DomainModule } from '../module.ts';
import { inventoryDemoData } from './demo.ts';
import { inventoryEvents } from './events.ts';
import { inventoryImporters } from './importers.ts';
import { inventoryMigrations } from './migrations.ts';
import { inventoryRoutes } from './routes.ts';
import { createDefaultWarehouse } from './warehouses.ts';

export const inventoryModule: DomainModule = {
  name: 'inventory',
  migrations: inventoryMigrations,
  routes: inventoryRoutes,
  onOrganizationCreated: (tx, org) => createDefaultWarehouse(tx, org),
  importers: inventoryImporters,
  demoData: inventoryDemoData,
  events: inventoryEvents,
};
