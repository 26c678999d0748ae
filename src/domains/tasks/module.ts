import type { DomainModule } from '../module.ts';
import { tasksCommands } from './commands.ts';
import { tasksDemoData } from './demo.ts';
import { taskAssignedRule, taskSight, tasksEvents } from './events.ts';
import { tasksImporters } from './importers.ts';
import { tasksMigrations } from './migrations.ts';
import { tasksRoutes } from './routes.ts';
import { installDefaultDictionary } from './statuses.ts';

/** Tasks, their projects and the organization's status workflow. */
export const tasksModule: DomainModule = {
  name: 'tasks',
  migrations: tasksMigrations,
  routes: tasksRoutes,
  onOrganizationCreated: async (tx, org) => {
    await installDefaultDictionary(tx, org.id);
  },
  importers: tasksImporters,
  demoData: tasksDemoData,
  commands: tasksCommands,
  events: tasksEvents,
  eventSight: { task: taskSight },
  notifications: [taskAssignedRule],
};
