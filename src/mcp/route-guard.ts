/**
 * The check that a tool's call reached the tool's own route: the gateway names the route it means
 * (`GET /api/public/v1/tasks/:id`), and the router's match must be that route. A path argument that
 * would make the request another operation's (a slash or a dot segment once encoded away, a route
 * added later that matches first) is refused before any hook of the API runs.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.ts';

export const ROUTE_HEADER = 'x-bizplat-mcp-route';

/** A callback hook, not an async one: it runs on every request, and costs no promise there. */
export function installMcpRouteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const meant = request.headers[ROUTE_HEADER];
    const matched = meant === undefined ? undefined : `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    if (matched === undefined || meant === matched) return done();
    done(new AppError(422, 'validation_error', 'route_mismatch', `the arguments make a request to ${matched}, not to this tool's ${String(meant)}`, { route: matched }));
  });
}
