import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asAppError, describeProblems, outageError, statementTimeoutError } from './errors.ts';
import type { FieldProblem } from './errors.ts';
import { errorForLog } from './request-log.ts';
import { fieldProblems } from './validation.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

const CLASS_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation_error',
  428: 'precondition_required',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
  503: 'service_unavailable',
  507: 'insufficient_storage',
};

const CODE_BY_FASTIFY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  FST_ERR_BAD_URL: 'bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};

/**
 * Errors Fastify meets before routing (a URL that does not decode, a path parameter over the
 * length limit): without this they would bypass the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id).header('cache-control', NO_STORE).headers(BROWSER_HEADERS);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is too long' : 'the URL is not valid';
  return sendEnvelope(reply, request, status, CLASS_BY_STATUS[status] ?? 'bad_request', CODE_BY_FASTIFY[error.code] ?? 'bad_request', message);
}

/** What every API answer carries: nothing in it may be stored by a browser or a shared cache. */
export const NO_STORE = 'no-store';

/**
 * Headers every answer carries (documents, docs page, errors): a browser takes the declared
 * type as it is, never guesses another, and shows no answer inside another site's frame.
 * A page with its own policy (the console) replaces the Content-Security-Policy, keeping
 * frame-ancestors 'none' in it.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

const REASON_BY_STATUS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** A request Node's HTTP parser refused before Fastify saw it, as status, code and message. */
function clientErrorAnswer(code: string | undefined): { status: number; code: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers_too_large', message: 'the request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', message: 'the request was not received in time' };
  if (code === 'HPE_INVALID_CONTENT_LENGTH' || code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_TRANSFER_ENCODING') {
    return { status: 400, code: 'malformed_request', message: 'the body length is not clear: Content-Length is malformed or conflicts with Transfer-Encoding' };
  }
  return { status: 400, code: 'malformed_request', message: 'the request is not valid HTTP' };
}

/**
 * Fastify's clientErrorHandler: the refusals Node makes itself (a NUL in a header, conflicting
 * Transfer-Encoding and Content-Length, oversized headers) answered in the one envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // As Node does: answer only when no answer to an earlier request on this connection is under way.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent && error.code !== 'HPE_INVALID_EOF_STATE') {
    const answer = clientErrorAnswer(error.code);
    const requestId = randomUUID();
    const body = JSON.stringify({
      error: CLASS_BY_STATUS[answer.status] ?? 'bad_request',
      message: answer.message,
      request_id: requestId,
      details: { error: answer.code },
    });
    socket.write(
      `HTTP/1.1 ${answer.status} ${REASON_BY_STATUS[answer.status] ?? 'Bad Request'}\r\n` +
        `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `cache-control: ${NO_STORE}\r\n${Object.entries(BROWSER_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('')}` +
        `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function sendEnvelope(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  error: string,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
): FastifyReply {
  return reply
    .code(status)
    .type(JSON_TYPE)
    .send({ error, message, request_id: request.id, details: { ...details, error: code } });
}

function validationEnvelope(error: FastifyError): { message: string; fields: FieldProblem[] } {
  const part = error.validationContext ?? 'body';
  const fields = fieldProblems(error.validation ?? [], part);
  return { message: `invalid ${part === 'querystring' ? 'query' : part}: ${describeProblems(fields)}`, fields };
}

/**
 * `report`: tells storage of a failure; true when it is an outage (the database unreachable, the
 * disk full), answered 503 or 507 without a stack in the log: the outage is logged once, as it
 * begins and as it ends (see storage/availability.ts). A statement stopped by the database's
 * time-out is no outage: 503 statement_timeout, without a stack either.
 */
export function installErrorHandler(app: FastifyInstance, report: (error: unknown) => boolean = () => false): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = asAppError(error) ?? (report(error) ? outageError(error) : statementTimeoutError(error));
    if (known) {
      if (known.code === 'statement_timeout') request.log.warn({ error: errorForLog(error) }, 'request stopped by the statement time-out');
      for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
      return sendEnvelope(reply, request, known.status, known.error, known.code, known.message, known.details);
    }
    if (error.validation) {
      const { message, fields } = validationEnvelope(error);
      return sendEnvelope(reply, request, 422, 'validation_error', 'validation_error', message, { fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_FASTIFY[error.code] ?? CLASS_BY_STATUS[status] ?? 'bad_request';
      const message = status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'the body is not valid JSON' : error.message;
      return sendEnvelope(reply, request, status, CLASS_BY_STATUS[status] ?? 'bad_request', code, message);
    }
    request.log.error({ error: errorForLog(error) }, 'request failed');
    return sendEnvelope(reply, request, 500, 'internal_error', 'internal_error', `internal error; quote request_id ${request.id} to support`);
  });
}

/** Unknown paths give 404; a known path with another method gives 405 with Allow. */
export function installNotFoundHandler(app: FastifyInstance, routes: () => Array<{ method: string; pattern: RegExp }>): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routes()
      .filter((r) => r.pattern.test(path))
      .map((r) => r.method);
    if (allowed.length > 0) {
      reply.header('allow', [...new Set(allowed)].join(', '));
      return sendEnvelope(reply, request, 405, 'method_not_allowed', 'method_not_allowed', `${request.method} is not allowed on ${path}; allowed: ${[...new Set(allowed)].join(', ')}`);
    }
    return sendEnvelope(reply, request, 404, 'not_found', 'not_found', `no route ${request.method} ${path}`);
  });
}

/** `/clients/:id` → a regular expression matching concrete paths. */
export function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
