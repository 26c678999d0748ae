/**
 * The finishing pass over the document @fastify/swagger builds from the routes: named schemas
 * become components, unions of string literals become `enum`, and the `webhooks` entries the
 * modules declared are added.
 */
import type { FastifyInstance } from 'fastify';
import { COMPONENT_MARK, namedSchema } from './components.ts';

type Json = unknown;
type JsonObject = Record<string, Json>;

export const SECURITY_SCHEMES = {
  ApiToken: { type: 'apiKey', in: 'header', name: 'X-API-Token', description: 'A personal access token.' },
  BearerAuth: { type: 'http', scheme: 'bearer', description: 'The same token as `Authorization: Bearer <token>`.' },
} as const;

/** Either scheme authenticates a request. */
export const SECURITY: Array<Record<string, string[]>> = [{ ApiToken: [] }, { BearerAuth: [] }];

/** One OpenAPI 3.1 `webhooks` entry: a request the server sends. */
export type WebhookEntry = JsonObject;

declare module 'fastify' {
  interface FastifyInstance {
    /** The outgoing requests modules document as OpenAPI `webhooks`, by name. */
    apiWebhooks: Map<string, WebhookEntry>;
  }
}

export function documentWebhook(app: FastifyInstance, name: string, entry: WebhookEntry): void {
  app.apiWebhooks.set(name, entry);
}

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `anyOf` of single string values (`const` or one-value `enum`) → `{ type: string, enum }`. */
function collapseLiterals(node: JsonObject): JsonObject {
  const members = node.anyOf;
  if (!Array.isArray(members) || members.length === 0) return node;
  const values: string[] = [];
  for (const m of members) {
    if (!isObject(m) || m.type !== 'string') return node;
    const keys = Object.keys(m).filter((k) => k !== 'type');
    if (keys.length !== 1) return node;
    if (typeof m.const === 'string') values.push(m.const);
    else if (Array.isArray(m.enum) && m.enum.length === 1 && typeof m.enum[0] === 'string') values.push(m.enum[0]);
    else return node;
  }
  const { anyOf: _members, ...rest } = node;
  return { type: 'string', enum: values, ...rest };
}

/** Rewrites one schema tree: marked schemas → `$ref` (collecting them), `const` → `enum`, literal unions → `enum`. */
function rewrite(node: Json, found: Set<string>, root = false): Json {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, found));
  if (!isObject(node)) return node;
  const mark = node[COMPONENT_MARK];
  if (typeof mark === 'string' && !root) {
    found.add(mark);
    return { $ref: `#/components/schemas/${mark}` };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === COMPONENT_MARK) continue;
    // Examples are data, not schemas: never rewritten.
    out[key] = key === 'examples' || key === 'example' ? value : rewrite(value, found);
  }
  if ('const' in out && !('enum' in out)) {
    out.enum = [out.const];
    delete out.const;
  }
  return collapseLiterals(out);
}

/** Swagger copies a response header's schema whole: `required: true` belongs to the header, not its schema. */
function liftHeaderRequired(paths: Json): void {
  if (!isObject(paths)) return;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const answer of Object.values(operation.responses)) {
        if (!isObject(answer) || !isObject(answer.headers)) continue;
        for (const h of Object.values(answer.headers)) {
          if (!isObject(h) || !isObject(h.schema) || h.schema.required !== true) continue;
          delete h.schema.required;
          h.required = true;
        }
      }
    }
  }
}

const RESPONSE_NAMES: Record<string, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  422: 'ValidationFailed',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  507: 'InsufficientStorage',
};

/**
 * The same header or error answer repeated on every operation is written once, under
 * components.headers / components.responses, and referred to.
 */
function shareRepeated(paths: Json, headers: JsonObject, responses: JsonObject): void {
  if (!isObject(paths)) return;
  const share = (store: JsonObject, name: string, value: JsonObject, kind: string): Json => {
    const text = JSON.stringify(value);
    if (store[name] === undefined) store[name] = value;
    return JSON.stringify(store[name]) === text ? { $ref: `#/components/${kind}/${name}` } : value;
  };
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!isObject(answer)) continue;
        if (isObject(answer.headers)) {
          for (const [name, h] of Object.entries(answer.headers)) if (isObject(h)) answer.headers[name] = share(headers, name, h, 'headers');
        }
        const name = RESPONSE_NAMES[status];
        if (name !== undefined) operation.responses[status] = share(responses, name, answer, 'responses');
      }
    }
  }
}

/** The document with components for every named schema it uses and the declared webhooks. */
export function finishDocument(document: JsonObject, webhooks: ReadonlyMap<string, WebhookEntry>): JsonObject {
  const found = new Set<string>();
  const paths = rewrite(document.paths ?? {}, found);
  liftHeaderRequired(paths);
  const sharedHeaders: JsonObject = {};
  const sharedResponses: JsonObject = {};
  shareRepeated(paths, sharedHeaders, sharedResponses);
  const hooks = rewrite(Object.fromEntries(webhooks), found);
  const components = isObject(document.components) ? document.components : {};
  const schemas: JsonObject = isObject(components.schemas) ? { ...components.schemas } : {};
  const done = new Set<string>();
  while (done.size < found.size) {
    for (const name of [...found]) {
      if (done.has(name)) continue;
      done.add(name);
      schemas[name] = rewrite(JSON.parse(JSON.stringify(namedSchema(name) ?? {})) as Json, found, true);
    }
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...document,
    paths,
    ...(webhooks.size > 0 ? { webhooks: hooks } : {}),
    components: { ...components, schemas: sorted, responses: sharedResponses, headers: sharedHeaders },
  };
}
