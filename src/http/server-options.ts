/** The Fastify instance's own options: logging, request ids, limits, framework errors. */
import { randomUUID } from 'node:crypto';
import { destination } from 'pino';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import { AccessLog } from './access-log.ts';
import { clientErrorHandler, frameworkErrors } from './error-handler.ts';
import { requestLogSerializer } from './request-log.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface LogOptions {
  /**
   * false: no logging (tests); otherwise log at config.logLevel to `logStream` when given, else
   * to stdout, written asynchronously: lines queue in memory while a write is under way and are
   * flushed at exit. A process killed outright (SIGKILL, out of memory) loses what was queued.
   */
  logger?: boolean;
  logStream?: { write(line: string): void };
}

export function serverOptions(config: Config, log: LogOptions): FastifyHttpOptions<Server> & FastifyServerOptions {
  return {
    logger:
      log.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogSerializer(config.logQueryValues) },
            stream: log.logStream ?? destination({ dest: 1, sync: false }),
          },
    bodyLimit: config.bodyLimitBytes,
    logController: new AccessLog(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    // Two Host headers arrive joined ("a, b") instead of the first one winning, and a missing Host
    // reaches checkFraming: both are refused there in the envelope.
    http: { joinDuplicateHeaders: true, requireHostHeader: false },
    return503OnClosing: false,
    trustProxy: false,
  };
}
