/**
 * The check that a tool's call reached the tool's own route: the gateway names the route it means
 * (`GET /api/public/v1/tasks/:id`), and the router's match must be that route. A path argument that
 * would make the request another operation's (a slash or a dot segment once encoded away, a route
 * added later that matches first) is refused before any hook of the API runs.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';

export const ROUTE_HEADER = 'x-bizplat-mcp-route';

export function installMcpRouteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const meant = request.headers[ROUTE_HEADER];
    if (meant === undefined) return;
    const matched = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    if (meant !== matched) {
      throw new AppError(422, 'validation_error', 'route_mismatch', `the arguments make a request to ${matched}, not to this tool's ${String(meant)}`, { route: matched });
    }
  });
}
