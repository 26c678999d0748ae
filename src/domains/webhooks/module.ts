import type { DomainModule } from '../module.ts';
import { deleteInBatches } from '../../events/retention.ts';
import { webhookAdminRoutes } from './admin-routes.ts';
import { webhookCommands } from './commands.ts';
import { startDispatcher } from './dispatcher.ts';
import { webhookMigrations } from './migrations.ts';
import { webhookFanOut } from './events.ts';
import { deleteFinishedDeliveries, dropExpiredPreviousSecrets } from './queries.ts';
import { webhookRoutes } from './routes.ts';
import { resealSubscription, sealedSecretSample, upgradeStoredSubscriptions } from './secrets.ts';

export const webhooksModule: DomainModule = {
  name: 'webhooks',
  migrations: webhookMigrations,
  routes: webhookRoutes,
  adminRoutes: webhookAdminRoutes,
  commands: webhookCommands,
  workers: [upgradeStoredSubscriptions, startDispatcher],
  consumers: [webhookFanOut],
  sealed: sealedSecretSample,
  resealed: { webhook_subscriptions: resealSubscription },
  // Hourly: finished deliveries past retention, and replaced secrets whose overlap has ended.
  prune: async (storage, before) => {
    const deleted = await deleteInBatches(storage, (db, limit) => deleteFinishedDeliveries(db, before, limit));
    await storage.transaction((tx) => dropExpiredPreviousSecrets(tx.db, new Date().toISOString()));
    return deleted;
  },
};
