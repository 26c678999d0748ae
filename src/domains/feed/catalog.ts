/** What the events feed carries and who may read it, from the modules it serves. */
import { isScope } from '../../platform/rights.ts';
import type { Scope } from '../../platform/rights.ts';
import type { DomainModule } from '../module.ts';

export interface FeedCatalog {
  /** The public catalog's event names, in declaration order. */
  names: readonly string[];
  /** Entity type → the read scope that lets a token see its events. */
  readScopes: ReadonlyMap<string, Scope>;
}

/**
 * The catalog events of the served modules (internal events never leave the server), each
 * readable with its module's read scope (`crm:read` for client and deal events) or admin:all.
 */
export function feedCatalog(modules: readonly DomainModule[]): FeedCatalog {
  const names: string[] = [];
  const readScopes = new Map<string, Scope>();
  for (const module of modules) {
    for (const event of module.events ?? []) {
      if (event.visibility !== 'catalog') continue;
      const scope = `${module.name}:read`;
      if (!isScope(scope)) throw new Error(`the events of module ${module.name} have no read scope (${scope} is not a scope)`);
      names.push(event.name);
      readScopes.set(event.entityType, scope);
    }
  }
  return { names, readScopes };
}
