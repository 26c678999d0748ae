/**
 * One access log line per request at info level, written when the answer has gone: the request
 * (as requestLogSerializer shows it) and the answer together. The arrival is logged at debug
 * level only; at info it would double what every request costs in serializing and writing.
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
