/** What the events feed carries and who may read it, from the modules it serves. */
import { isScope } from '../../platform/rights.ts';
import type { Scope } from '../../platform/rights.ts';
import type { DomainModule, RecordSight } from '../module.ts';

export interface FeedCatalog {
  /** The public catalog's event names, in declaration order. */
  names: readonly string[];
  /** Entity type → the read scope that lets a token see its events. */
  readScopes: ReadonlyMap<string, Scope>;
  /** Entity type → which of its records a reader may see (types without one: all of them). */
  sights: ReadonlyMap<string, RecordSight>;
}

/**
 * The catalog events of the served modules (internal events never leave the server), each
 * readable with its module's read scope (`crm:read` for client and deal events) or admin:all, and
 * only for the records the reader may see where the module says who sees what (tasks, meetings,
 * processes).
 */
export function feedCatalog(modules: readonly DomainModule[]): FeedCatalog {
  const names: string[] = [];
  const readScopes = new Map<string, Scope>();
  const sights = new Map<string, RecordSight>();
  for (const module of modules) {
    for (const [entityType, sight] of Object.entries(module.eventSight ?? {})) sights.set(entityType, sight);
    for (const event of module.events ?? []) {
      if (event.visibility !== 'catalog') continue;
      const scope = module.eventReadScope ?? `${module.name}:read`;
      if (!isScope(scope)) throw new Error(`the events of module ${module.name} have no read scope (${scope} is not a scope)`);
      names.push(event.name);
      readScopes.set(event.entityType, scope);
    }
  }
  return { names, readScopes, sights };
}
