/** Every route an app registered, read from Fastify's own route tree (so a route added later is included). */
import type { FastifyInstance } from 'fastify';

export interface AppRoute {
  method: string;
  /** The full URL pattern, e.g. /api/public/v1/clients/:id. */
  url: string;
}

/** Parses printRoutes({ commonPrefix: false }): one node per line, four columns of tree drawing per level. */
export function registeredRoutes(app: FastifyInstance): AppRoute[] {
  const stack: string[] = [];
  const out: AppRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      if (method !== 'HEAD') out.push({ method, url });
    }
  }
  return out;
}
