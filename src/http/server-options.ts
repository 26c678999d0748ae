/** The Fastify instance's own options: logging, request ids, limits, framework errors. */
import { randomUUID } from 'node:crypto';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config.ts';
import { AccessLog } from './access-log.ts';
import { BatchedLog } from './batched-log.ts';
import type { LogSink } from './access-log.ts';
import { clientErrorHandler, frameworkErrors } from './error-handler.ts';
import { requestLogSerializer, requestLogText } from './request-log.ts';
import { RequestLogger } from './request-logger.ts';

/**
 * Lines are gathered until 32 KiB, or for at most 100 ms, then written in one asynchronous write:
 * under load one write carries about a hundred requests' lines (pino's default starts a write per
 * line or two). Fewer, larger writes cost the event loop less (docs/performance.md).
 */
const stdoutLog = () => new BatchedLog(1, { batchChars: 32768, maxDelayMs: 100 });

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface LogOptions {
  /**
   * false: no logging (tests); otherwise log at config.logLevel to `logStream` when given, else
   * to stdout, written asynchronously (stdoutLog) and flushed at exit. A process killed outright
   * (SIGKILL, out of memory) loses the lines still queued: at most 100 ms' worth.
   */
  logger?: boolean;
  logStream?: LogSink;
}

export function serverOptions(config: Config, log: LogOptions): FastifyHttpOptions<Server> & FastifyServerOptions {
  const serializeRequest = requestLogSerializer(config.logQueryValues);
  const stream = log.logger === false ? null : (log.logStream ?? stdoutLog());
  return {
    logger: stream === null ? false : { level: config.logLevel, serializers: { req: serializeRequest }, stream },
    bodyLimit: config.bodyLimitBytes,
    logController: new AccessLog(stream === null ? null : { sink: stream, level: config.logLevel, requestText: requestLogText(config.logQueryValues) }),
    ...(stream === null ? {} : { childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options) }),
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
    // X-Forwarded-For is believed only from the balancers named (request.ip: the audit's "from",
    // the failed-authentication limit, the access log); from anyone else it is ignored.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  };
}
