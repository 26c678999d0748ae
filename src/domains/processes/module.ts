import type { DomainModule } from '../module.ts';
import { processAdminRoutes } from './admin-routes.ts';
import { processesCommands } from './commands.ts';
import { processesDemoData } from './demo.ts';
import { processEvents, processSight, taskClosedConsumer } from './events.ts';
import { processesImporters } from './importers.ts';
import { processesMigrations } from './migrations.ts';
import { processesRoutes } from './routes.ts';

/** Business processes: published templates, running instances, and the stage engine that hands stages to people as tasks. */
export const processesModule: DomainModule = {
  name: 'processes',
  migrations: processesMigrations,
  routes: processesRoutes,
  adminRoutes: processAdminRoutes,
  importers: processesImporters,
  commands: processesCommands,
  demoData: processesDemoData,
  events: processEvents,
  eventReadScope: 'bpm:read',
  eventSight: { process: processSight },
  consumers: [taskClosedConsumer],
};
