/**
 * The transport's DNS-rebinding rule: a page of another site must not reach /mcp through the
 * caller's browser. A request with an Origin is served only when that origin is the server's own
 * host or listed in BIZPLAT_MCP_ALLOWED_ORIGINS (clients outside a browser send none); on a server
 * bound to a loopback address, only a loopback name in Host is taken (a rebound name is not).
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopback(name: string): boolean {
  return LOOPBACK_NAMES.has(name.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** Why the request is refused, or undefined when it may go on. */
export function originProblem(request: FastifyRequest, boundTo: string, allowed: readonly string[]): string | undefined {
  if (isLoopback(boundTo) && !isLoopback(request.hostname)) {
    return `this server listens on a loopback address and serves /mcp to loopback names only, not to Host ${request.hostname}`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `the Origin ${origin} is not an origin`;
  }
  if (host === request.host || allowed.includes(origin.toLowerCase())) return undefined;
  return `pages of ${origin} may not call /mcp: list the origin in BIZPLAT_MCP_ALLOWED_ORIGINS to allow it`;
}
