/**
 * What every request gets first: its id and the default headers echoed, a refusal while the
 * server drains, and the framing check (Host, Content-Length). One onRequest hook for all of it,
 * and one onSend hook for what every answer gets last (compression.ts).
 */
import type { FastifyInstance } from 'fastify';
import { compressedWhenLarge } from './compression.ts';
import { BROWSER_HEADERS, NO_STORE } from './error-handler.ts';
import { AppError } from './errors.ts';
import { checkFraming } from './framing.ts';

export function installRequestStart(app: FastifyInstance): void {
  // While draining, a request arriving on a kept-alive connection gets 503 in the envelope
  // (Fastify's own 503 would bypass it) and the connection is closed after the reply.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Once draining, every reply closes its connection, so kept-alive clients do not hold the
  // process open until their keep-alive time-out. Large answers are compressed here too: one
  // step on the way out for every answer.
  // Both hooks run on every request: callback style, so no promise is made for them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, compressedWhenLarge(request, reply, payload));
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id).header('cache-control', NO_STORE).headers(BROWSER_HEADERS);
    if (closing) {
      reply.header('connection', 'close');
      return done(new AppError(503, 'service_unavailable', 'shutting_down', 'the server is shutting down; retry on another instance or shortly', {}, { 'retry-after': '1' }));
    }
    try {
      checkFraming(request.raw);
    } catch (error) {
      return done(error as AppError);
    }
    done();
  });
}
