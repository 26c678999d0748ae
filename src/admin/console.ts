/**
 * Serves the admin console at /admin: the page, script and styles bundled at install
 * (scripts/build-console.mjs) from console/, so nothing is fetched from elsewhere at run time.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

const FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** The page may load only its own script and styles and talk only to this server. */
const POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The site's icon (browsers ask for /favicon.ico whatever the page says): a small SVG, so nothing is built for it. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f5fbf"/>' +
  '<path d="M10 7h7.5a5 5 0 0 1 2.6 9.3A5.5 5.5 0 0 1 18 27h-8z M14 11v4h3a2 2 0 0 0 0-4z M14 19v4h3.5a2 2 0 0 0 0-4z" fill="#fff" fill-rule="evenodd"/></svg>';

export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const send = async (name: string, reply: FastifyReply) => {
    const type = FILES[name] ?? 'application/octet-stream';
    let body: Buffer;
    try {
      body = await readFile(`${CONSOLE_DIST}${name}`);
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').send('The admin console is not built: run `npm run build`.');
    }
    return reply.type(type).header('content-security-policy', POLICY).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer').send(body);
  };
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(FAVICON));
  app.get('/admin', { schema: { hide: true } }, (_request, reply) => send('index.html', reply));
  for (const name of ['app.js', 'app.css']) app.get(`/admin/${name}`, { schema: { hide: true } }, (_request, reply) => send(name, reply));
}
