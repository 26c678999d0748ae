/**
 * The one way an API route is declared. From what the route states (method, access, params,
 * query, body, success answer) the helper derives everything a client must know and a route
 * could otherwise forget: the conditional and idempotency headers, the response headers, every
 * error answer in the envelope, both security schemes, the scope and right needed.
 */
import { Type } from '@sinclair/typebox';
import type { Static, TObject, TProperties, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import type { RouteAccess } from './access.ts';
import { answerConditionally } from './conditional.ts';
import type { ConditionalRead } from './conditional.ts';
import { SECURITY } from './openapi.ts';
import { ErrorEnvelopeSchema } from './schemas.ts';
import { tagWithVersion } from './versions.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteSpec<P extends TObject, Q extends TObject, B extends TSchema> {
  method: RouteMethod;
  /** Relative to the API prefix, Fastify syntax: `/clients/:id`. */
  url: string;
  /** Unique across the API; what generated clients name the call. */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  access: RouteAccess;
  params?: P;
  /** Unknown query parameters are refused (422) on every route; parameters with a default are optional. */
  query?: Q;
  /**
   * Request headers the route reads besides the ones the helper adds (If-Match, Idempotency-Key,
   * If-None-Match). Documented only: the handler reads and checks them, as expectedVersion() does.
   */
  headers?: TObject;
  body?: B;
  /** The success answer. */
  response: { status: 200 | 201; schema: TSchema; description: string };
  /**
   * A GET answering a record or a page declares If-None-Match, ETag and 304 and says here how it
   * answers them (taggedByVersion / taggedByCollection from conditional.ts); route() applies
   * it. false for answers that are not records (ping, catalogs). A GET that says neither is
   * refused when the app starts.
   */
  conditional?: false | ConditionalRead;
  /** Answers beyond the standard ones, or sharper descriptions of them: status → description. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 500 | 503 | 507;

export type RouteRequest<P extends TObject, Q extends TObject, B extends TSchema> = FastifyRequest<{
  Params: Static<P>;
  Querystring: Static<Q>;
  Body: Static<B>;
}>;

/** `visibleAs`: on a conditional GET, the value its ConditionalRead computed for this request ('' otherwise). */
export type RouteHandler<P extends TObject, Q extends TObject, B extends TSchema> = (
  request: RouteRequest<P, Q, B>,
  reply: FastifyReply,
  visibleAs: string,
) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation as the OpenAPI document shows it (built by route()). */
    openapi?: FastifySchema;
  }
}

const STANDARD_ERRORS: Record<ErrorStatus, string> = {
  400: 'The request could not be read: the URL, the JSON body or the Host header (bad_url, malformed_json, empty_body, invalid_content_length, missing_host, duplicate_host).',
  401: 'No valid token: missing, unknown, revoked or expired (api_token_required).',
  403: 'The token lacks the scope, or its owner the role right (insufficient_scope; details.required_scope or details.required_right).',
  404: 'No such record in this organization (not_found).',
  409: 'A conflict (stale_version with details.expected_version; a duplicate; idempotency_in_progress; idempotency_claim_lost).',
  410: 'What the request names is no longer kept (cursor_expired: the events before it were pruned).',
  413: 'The body is larger than the server accepts (body_too_large).',
  414: 'A path parameter is too long (uri_too_long).',
  415: 'The body is not application/json, or carries a Content-Encoding other than identity (unsupported_media_type, unsupported_content_encoding).',
  422: 'The input is not valid (validation_error; details.fields lists each field).',
  429: 'Too many requests with this token; retry after Retry-After seconds (rate_limited).',
  500: 'An internal error; quote request_id to support (internal_error).',
  503: 'The server is shutting down (shutting_down), cannot reach its database (database_unavailable), or the database stopped the request for running past its statement time-out (statement_timeout, nothing kept); retry after Retry-After seconds, or on another instance.',
  507: 'The disk holding the database is full (storage_full); retry after Retry-After seconds, once the operator has made room.',
};

const header = (schema: TSchema, description: string, required = false) => ({ ...schema, description, ...(required ? { required: true } : {}) });

const REQUEST_ID = header(Type.String(), 'The request id (echoes a valid X-Request-Id sent by the client).');
const RATE_LIMIT = {
  'X-RateLimit-Limit': header(Type.Integer(), 'Requests allowed per minute with this token.'),
  'X-RateLimit-Remaining': header(Type.Integer(), 'Requests left in the current minute.'),
  'X-RateLimit-Reset': header(Type.Integer(), 'Seconds until the window resets.'),
};
const RETRY_AFTER = header(Type.Integer({ minimum: 0 }), 'Seconds to wait before retrying.');
const ETAG = header(Type.String(), 'The version tag of what was answered; send it as If-None-Match (GET) or If-Match (PATCH).');
const NOSNIFF = header(Type.Literal('nosniff'), 'The declared Content-Type is the only one: browsers must not guess another.');
const REPLAYED = header(Type.Literal('true'), 'Present on an answer replayed for a repeated Idempotency-Key.');

const REQUEST_HEADERS = {
  ifMatch: Type.Optional(Type.String({ description: 'The version the change expects: 3, "3" or W/"3" (the ETag of the last read). A newer version gives 409 stale_version.' })),
  idempotencyKey: Type.Optional(
    Type.String({ description: 'Up to 255 visible ASCII characters. A repeat with the same key and body within 24 hours gets the first answer (with Idempotent-Replayed: true).' }),
  ),
  ifNoneMatch: Type.Optional(Type.String({ description: 'An ETag from an earlier answer: when it is still current the answer is 304 without a body.' })),
};

/** A query schema as the route validates and documents it: unknown parameters refused, defaults optional. */
function strictQuery(query: TObject | undefined): TObject {
  if (!query) return Type.Object({}, { additionalProperties: false });
  const properties: TProperties = query.properties;
  const required = (query.required ?? []).filter((name) => !('default' in (properties[name] ?? {})));
  const copy: TObject = { ...query, additionalProperties: false };
  if (required.length > 0) copy.required = required;
  else delete copy.required;
  return copy;
}

function accessText(access: RouteAccess): string {
  const scope = access.scope === 'any' ? 'any valid token' : `scope \`${access.scope}\``;
  const right = access.right === undefined ? '' : access.right === 'all' ? ' and an administrator (every role right)' : ` and the role right \`${access.right}\``;
  return `Requires ${scope}${right}.`;
}

function documented<P extends TObject, Q extends TObject, B extends TSchema>(spec: RouteSpec<P, Q, B>, query: TObject): FastifySchema {
  const conditional = spec.method === 'GET' && spec.conditional !== false;
  const common = { 'X-Request-Id': { ...REQUEST_ID, required: true }, 'X-Content-Type-Options': { ...NOSNIFF, required: true }, ...RATE_LIMIT };

  const requestHeaders: TProperties = { ...(spec.headers?.properties ?? {}) };
  if (spec.method === 'PATCH') requestHeaders['If-Match'] = REQUEST_HEADERS.ifMatch;
  if (spec.method === 'POST') requestHeaders['Idempotency-Key'] = REQUEST_HEADERS.idempotencyKey;
  if (conditional) requestHeaders['If-None-Match'] = REQUEST_HEADERS.ifNoneMatch;

  const successHeaders: Record<string, unknown> = { ...common };
  if (conditional || spec.method === 'PATCH') successHeaders.ETag = ETAG;
  if (spec.method === 'POST') successHeaders['Idempotent-Replayed'] = REPLAYED;
  const response: Record<string, unknown> = {
    [spec.response.status]: { ...spec.response.schema, description: spec.response.description, headers: successHeaders },
  };
  if (conditional) response[304] = { type: 'null', description: 'Not modified: the If-None-Match tag is still current.', headers: { ...common, ETag: ETAG } };

  // A Content-Encoding is refused (415) whether or not the route takes a body.
  const statuses = new Set<ErrorStatus>([400, 401, 403, 415, 422, 429, 500, 503]);
  if (spec.params && 'id' in spec.params.properties) {
    statuses.add(404);
    statuses.add(414);
  }
  if (spec.body) statuses.add(413);
  if (spec.method === 'POST' || spec.method === 'PATCH') statuses.add(409);
  if (spec.method !== 'GET') statuses.add(507);
  for (const status of Object.keys(spec.errors ?? {})) statuses.add(Number(status) as ErrorStatus);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const headers: Record<string, unknown> = { ...common };
    if (status === 429 || status === 503 || status === 507) headers['Retry-After'] = { ...RETRY_AFTER, required: true };
    response[status] = { ...ErrorEnvelopeSchema, description: spec.errors?.[status] ?? STANDARD_ERRORS[status], headers };
  }

  const description = [spec.description, accessText(spec.access)].filter(Boolean).join('\n\n');
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description,
    tags: spec.tags,
    security: SECURITY,
    'x-required-scope': spec.access.scope,
    ...(spec.access.right !== undefined ? { 'x-required-right': spec.access.right } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    querystring: query,
    ...(Object.keys(requestHeaders).length > 0 ? { headers: Type.Object(requestHeaders) } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    response,
  } as FastifySchema;
}

/** Declares one API route on `app` (a module's plugin instance). */
/** The type of a part a route does not declare: an object with no properties. */
type None = TObject<Record<never, TSchema>>;

export function route<P extends TObject = None, Q extends TObject = None, B extends TSchema = None>(
  app: FastifyInstance,
  spec: RouteSpec<P, Q, B>,
  handler: RouteHandler<P, Q, B>,
): void {
  const query = strictQuery(spec.query);
  const conditional = spec.method === 'GET' ? spec.conditional : false;
  if (conditional === undefined) {
    throw new Error(
      `GET ${spec.url} (${spec.operationId}) declares If-None-Match, ETag and 304 but does not answer them: give it conditional: taggedByVersion(…) or taggedByCollection(…), or conditional: false`,
    );
  }
  // A conditional read may answer at once (undefined): Fastify then waits for no promise.
  const answer: (request: RouteRequest<P, Q, B>, reply: FastifyReply, visibleAs: string) => Promise<unknown> | undefined = conditional
    ? (request, reply) => answerConditionally(conditional, request, reply, (visibleAs) => handler(request, reply, visibleAs))
    : handler;
  app.route({
    method: spec.method,
    url: spec.url,
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      querystring: query,
      ...(spec.body ? { body: spec.body } : {}),
      response: { [spec.response.status]: spec.response.schema },
    },
    config: { access: spec.access, openapi: documented(spec, query) },
    ...(spec.method === 'PATCH' ? { preSerialization: tagWithVersion } : {}),
    handler: answer as unknown as RouteHandlerMethod,
  });
}
