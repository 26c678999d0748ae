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
  app.get('/admin', { schema: { hide: true } }, (_request, reply) => send('index.html', reply));
  for (const name of ['app.js', 'app.css']) app.get(`/admin/${name}`, { schema: { hide: true } }, (_request, reply) => send(name, reply));
}
