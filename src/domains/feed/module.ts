import type { DomainModule } from '../module.ts';
import { feedCatalog } from './catalog.ts';
import { feedRoutes } from './routes.ts';

/**
 * The events feed (GET /events) over the catalog events of the modules it serves. Built by the
 * composition root (src/domains/index.ts); the events themselves are the kernel's.
 */
export function feedModule(served: readonly DomainModule[]): DomainModule {
  return { name: 'feed', migrations: [], routes: feedRoutes(feedCatalog(served)) };
}
