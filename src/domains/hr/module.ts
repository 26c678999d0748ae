import type { DomainModule } from '../module.ts';
import { hrCommands } from './commands.ts';
import { hrDemoData } from './demo.ts';
import { hrImporters } from './importers.ts';
import { hrMigrations } from './migrations.ts';
import { hrRoutes } from './routes.ts';

/** The employee directory: a whitelist projection for the API, private fields kept apart. */
export const hrModule: DomainModule = {
  name: 'hr',
  migrations: hrMigrations,
  routes: hrRoutes,
  importers: hrImporters,
  demoData: hrDemoData,
  commands: hrCommands,
};
