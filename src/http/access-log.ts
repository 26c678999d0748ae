/**
 * One access log line per request at info level, written when the answer has gone: the request
 * (as requestLogSerializer shows it) and the answer together. The arrival is logged at debug
 * level only; at info it would double what every request costs in serializing and writing.
 */
import { hostname } from 'node:os';
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { levels } from 'pino';

/** pino's numbers for the info and debug levels; the line writes info's. */
const INFO = 30;
const DEBUG = 20;

export interface LogSink {
  write(line: string): void;
}

export interface AccessLineOptions {
  /** The stream the server's logger writes to: the line joins the others in order. */
  sink: LogSink;
  level: string;
  /** The request as the line shows it: JSON text (request-log.ts). */
  requestText(request: FastifyRequest): string;
}

export class AccessLog extends LogController {
  readonly #sink: LogSink | null;
  readonly #debug: boolean;
  readonly #requestText: AccessLineOptions['requestText'] | null;

  /** Without options (logging off) no line is written. */
  constructor(options: AccessLineOptions | null) {
    super({ requestIdLogLabel: 'request_id' });
    const level = options === null ? Infinity : (levels.values[options.level] ?? Infinity);
    this.#debug = level <= DEBUG;
    this.#sink = options !== null && level <= INFO ? options.sink : null;
    this.#requestText = options?.requestText ?? null;
  }

  override incomingRequest(request: FastifyRequest): void {
    // Asked only when it logs: asking makes the request's child logger (request-logger.ts).
    if (this.#debug) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (this.#sink !== null && this.#requestText !== null) this.#sink.write(completedLine(request, reply, this.#requestText(request)));
  }
}

/**
 * The line pino writes for `request.log.info({ req, res, responseTime }, 'request completed')`,
 * byte for byte, built as one string: pino's general path (the child logger's bindings, the
 * serializers looked up by key, each value stringified on its own) was the largest cost of ours
 * every request paid. The head is pino's default: level, time, then its base fields pid and
 * hostname, then the child's request_id (written as it is: an id is generated, or taken from
 * X-Request-Id only when made of letters, digits and `._:-`, server-options.ts).
 */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

function completedLine(request: FastifyRequest, reply: FastifyReply, req: string): string {
  return `{"level":${INFO},"time":${Date.now()}${BASE},"request_id":"${request.id}","req":${req},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`;
}
