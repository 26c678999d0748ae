import type { DomainModule } from '../module.ts';
import { calendarEvents, meetingCreatedRule, meetingInvitedRule, meetingReminderRule, meetingSight } from './events.ts';
import { meetingsImporter } from './importers.ts';
import { calendarMigrations } from './migrations.ts';
import { deleteFinishedReminders } from './queries.ts';
import { startReminders } from './reminders.ts';
import { calendarRoutes } from './routes.ts';
import { deleteInBatches } from '../../events/retention.ts';

/** Meetings, their recurrence and reminders. */
export const calendarModule: DomainModule = {
  name: 'calendar',
  migrations: calendarMigrations,
  routes: calendarRoutes,
  importers: [meetingsImporter],
  events: calendarEvents,
  eventSight: { meeting: meetingSight },
  notifications: [meetingCreatedRule, meetingInvitedRule, meetingReminderRule],
  workers: [startReminders],
  prune: (storage, before) => deleteInBatches(storage, (db, limit) => deleteFinishedReminders(db, before, limit)),
};
