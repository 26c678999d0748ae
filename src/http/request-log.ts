import type { FastifyRequest } from 'fastify';

const MAX_LOGGED_NAMES = 20;

function queryNames(url: string): string[] {
  const at = url.indexOf('?');
  if (at === -1) return [];
  const names = new Set<string>();
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
    if (names.size === MAX_LOGGED_NAMES) break;
    names.add(name.slice(0, 64));
  }
  return [...names];
}

/**
 * How a request appears in the logs: its route (the pattern, such as /clients/:id) and the names
 * of its query parameters, never their values (search terms can hold personal data) unless
 * `withQueryValues` (BIZPLAT_LOG_QUERY_VALUES, for debugging) adds the whole URL.
 */
export function requestLogSerializer(withQueryValues: boolean): (request: FastifyRequest) => Record<string, unknown> {
  return (request) => ({
    method: request.method,
    route: request.routeOptions?.url ?? null,
    query: queryNames(request.url),
    ...(withQueryValues ? { url: request.url } : {}),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}
