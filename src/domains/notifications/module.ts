import { deleteInBatches } from '../../events/retention.ts';
import type { AnyNotificationRule, DomainModule } from '../module.ts';
import { notificationCommands } from './commands.ts';
import { startMessenger } from './messenger.ts';
import { notificationMigrations } from './migrations.ts';
import { notifyConsumer } from './notify.ts';
import { deleteFinishedMessages } from './queries.ts';

/**
 * The notifications service, for the rules the other modules declare (`DomainModule.notifications`):
 * one consumer writes in-app notifications and messenger deliveries, one worker sends the
 * deliveries to Telegram. Built by the composition root (src/domains/index.ts).
 */
export function notificationsModule(rules: readonly AnyNotificationRule[]): DomainModule {
  const consumer = notifyConsumer(rules);
  return {
    name: 'notifications',
    migrations: notificationMigrations,
    commands: notificationCommands,
    workers: [startMessenger],
    consumers: consumer ? [consumer] : [],
    prune: (storage, before) => deleteInBatches(storage, (db, limit) => deleteFinishedMessages(db, before, limit)),
  };
}
