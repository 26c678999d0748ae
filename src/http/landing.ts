/**
 * What a newcomer finds at the server's root and at the API's root, without a token: where the
 * documentation, the OpenAPI document, the console and the probes are. JSON for a client; a page
 * of links for a browser (one that asks for text/html).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';

export interface LandingLinks {
  /** The public API's root, e.g. /api/public/v1 */
  api: string;
  /** The admin API's root. */
  admin: string;
}

const Landing = Type.Object(
  {
    name: Type.String(),
    apiVersion: Type.String(),
    links: Type.Record(Type.String(), Type.String()),
  },
  { additionalProperties: false },
);

function page(links: Record<string, string>): string {
  const items = Object.entries(links)
    .map(([name, href]) => `<li><a href="${href}">${name}</a> <code>${href}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bizplat</title></head><body><h1>bizplat</h1><p>Business platform server: public REST API v1.</p><ul>${items}</ul></body></html>`;
}

export function installLanding(app: FastifyInstance, prefixes: LandingLinks): void {
  const links = {
    docs: `${prefixes.api}/docs`,
    openapi: `${prefixes.api}/openapi.json`,
    api: prefixes.api,
    console: '/admin',
    adminOpenapi: `${prefixes.admin}/openapi.json`,
    health: '/healthz',
    readiness: '/readyz',
  };
  const answer = { name: 'bizplat', apiVersion: 'v1', links };
  const html = page(links);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.headers.accept ?? '').includes('text/html')) return reply.type('text/html; charset=utf-8').send(html);
    return answer;
  };
  const options = { schema: { hide: true, response: { 200: Landing } } };
  app.get('/', options, handler);
  app.get(prefixes.api, options, handler);
}
