/**
 * The transport's DNS-rebinding rule: a page of another site must not reach /mcp through the
 * caller's browser. Clients outside a browser send no Origin and are served as they are (also
 * through a balancer on the same machine). A request with an Origin (a browser's) is served
 * when that origin is listed in BIZPLAT_MCP_ALLOWED_ORIGINS, or is the server's own host; on a
 * server bound to a loopback address, its own host counts only under a loopback name, since a
 * name an attacker rebinds to 127.0.0.1 is "the same host" to the page that uses it.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function isLoopback(name: string): boolean {
  return LOOPBACK_NAMES.has(name.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** Why the request is refused, or undefined when it may go on. */
export function originProblem(request: FastifyRequest, boundTo: string, allowed: readonly string[]): string | undefined {
  const origin = request.headers.origin;
  if (origin === undefined || allowed.includes(origin.toLowerCase())) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `the Origin ${origin} is not an origin`;
  }
  const ownHost = host === request.host && (!isLoopback(boundTo) || isLoopback(request.hostname));
  return ownHost ? undefined : `pages of ${origin} may not call /mcp: list the origin in BIZPLAT_MCP_ALLOWED_ORIGINS to allow it`;
}
