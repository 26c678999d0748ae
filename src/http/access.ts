import type { Right, Scope } from '../platform/rights.ts';

/**
 * What a route requires and tells the capabilities catalog. Every API route declares one in
 * `config.access`; a route without it is public (documentation) and skips authentication.
 */
export interface RouteAccess {
  /** The token scope needed; 'any' for routes any valid token may call. */
  scope: Scope | 'any';
  /** The owner's role right needed besides the scope; 'all' means an administrator (every right). */
  right?: Right | 'all';
  /** The capability key of the catalog this route belongs to. */
  capability: string;
  mode: 'read' | 'write';
  risk?: 'low' | 'medium' | 'high';
  /** Whether an operator should confirm the action before an automation calls it. */
  confirmation?: boolean;
}

/** The caller of one request, as authentication resolved it. */
export interface Actor {
  orgId: string;
  orgSlug: string;
  orgCurrency: string;
  orgSettings: Readonly<Record<string, unknown>>;
  userId: string;
  orgUserId: string;
  tokenId: string;
  /** Set when the request came with a console session cookie (then tokenId is the session's id). */
  sessionId?: string;
  scopes: readonly string[];
  rights: ReadonlySet<string>;
  /** The owner holds every right. */
  isAdmin: boolean;
}

export function hasScope(actor: Pick<Actor, 'scopes'>, scope: Scope | 'any'): boolean {
  return scope === 'any' || actor.scopes.includes(scope) || actor.scopes.includes('admin:all');
}

export function hasRight(actor: Actor, right: Right | 'all'): boolean {
  return right === 'all' ? actor.isAdmin : actor.rights.has(right);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor;
  }
}
