/**
 * The MCP tools, one per operation of the public API, read from the OpenAPI document (its
 * parameters, body, summary and description) and the capabilities catalog (risk, confirmation,
 * Idempotency-Key): both are built from the server's route registry, so the tools cannot drift
 * from the API.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogAction } from '../capabilities/catalog.ts';
import { hasRight, hasScope } from '../http/access.ts';
import type { Actor } from '../http/access.ts';
import { isRight, isScope } from '../platform/rights.ts';
import type { ApiCall } from './gateway.ts';

type Json = Record<string, unknown>;

/** What calling a tool does: the API operation behind it and what the catalog says of it. */
export interface Operation {
  method: ApiCall['method'];
  /** The document's path: `/tasks/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  scope: string;
  right: string | undefined;
  action: CatalogAction;
}

export interface ToolSpec {
  tool: Tool;
  operation: Operation;
}

/** The arguments a tool takes besides the operation's own parameters. */
export const ARGUMENT = { body: 'body', idempotencyKey: 'idempotency_key', ifMatch: 'if_match', confirm: 'confirm' } as const;

const METHODS = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' } as const;
const COMPONENT_REF = '#/components/schemas/';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf = (value: unknown): Json => (isObject(value) ? value : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A copy of `schema` whose component references point into `$defs`; the names referenced are added to `used`. */
function localised(schema: unknown, used: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => localised(item, used));
  if (!isObject(schema)) return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
      const name = value.slice(COMPONENT_REF.length);
      used.add(name);
      copy.$ref = `#/$defs/${name}`;
    } else if (key !== 'example' && key !== 'examples') {
      copy[key] = localised(value, used);
    }
  }
  return copy;
}

/** The components `used` names, and the ones they reference in turn. */
function definitions(components: Json, used: Set<string>): Record<string, Json> {
  const defs: Record<string, Json> = {};
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop();
    if (name === undefined || name in defs) continue;
    const more = new Set<string>();
    defs[name] = objectOf(localised(components[name], more));
    for (const next of more) if (!(next in defs)) pending.push(next);
  }
  return defs;
}

function riskText(action: CatalogAction): string {
  if (action.mode === 'read') return 'Read only.';
  const parts = [`Risk: ${action.risk}.`];
  if (action.confirmation) parts.push(`Needs the user's confirmation: call it with ${ARGUMENT.confirm}: true only after the user agreed to this exact change.`);
  if (action.idempotencyKey === 'supported') parts.push(`Pass a fresh ${ARGUMENT.idempotencyKey} per intended change and repeat it on a retry: the change is then made once.`);
  return parts.join(' ');
}

function inputSchema(operation: Json, action: CatalogAction, components: Json): { schema: Tool['inputSchema']; pathParams: string[]; queryParams: string[]; hasBody: boolean } {
  const used = new Set<string>();
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  const queryParams: string[] = [];
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  for (const parameter of parameters) {
    const name = text(parameter.name);
    if (name === undefined || (parameter.in !== 'path' && parameter.in !== 'query')) continue;
    const description = text(parameter.description);
    properties[name] = { ...objectOf(localised(parameter.schema, used)), ...(description ? { description } : {}) };
    if (parameter.required === true) required.push(name);
    (parameter.in === 'path' ? pathParams : queryParams).push(name);
  }
  const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined;
  const hasBody = isObject(content);
  if (isObject(content)) {
    properties[ARGUMENT.body] = { ...objectOf(localised(content.schema, used)), description: 'The JSON body of the request.' };
    if (isObject(operation.requestBody) && operation.requestBody.required === true) required.push(ARGUMENT.body);
  }
  if (action.idempotencyKey === 'supported') {
    properties[ARGUMENT.idempotencyKey] = {
      type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$',
      description: 'Sent as the Idempotency-Key: the same key with the same arguments within 24 hours answers the first result again and changes nothing.',
    };
    required.push(ARGUMENT.idempotencyKey);
  }
  if (action.method === 'PATCH') {
    properties[ARGUMENT.ifMatch] = { type: 'string', description: 'Sent as If-Match: the version last read (the record\'s version); a newer one refuses the change (409 stale_version).' };
  }
  if (action.confirmation) {
    properties[ARGUMENT.confirm] = { type: 'boolean', description: 'true once the user has confirmed this change; without it the change is not made.' };
  }
  const schema: Tool['inputSchema'] = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  if (used.size > 0) schema.$defs = definitions(isObject(components.schemas) ? components.schemas : {}, used);
  return { schema, pathParams, queryParams, hasBody };
}

function catalogPath(documentPath: string): string {
  return documentPath.replace(/\{([^}]+)\}/g, ':$1');
}

/** Every operation of the document that the catalog lists, as a tool. */
export function toolsOf(document: Json, actions: CatalogAction[]): ToolSpec[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const components = isObject(document.components) ? document.components : {};
  const specs: ToolSpec[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [lower, method] of Object.entries(METHODS)) {
      const operation = item[lower];
      const action = actions.find((a) => a.method === method && a.path === catalogPath(path));
      const name = isObject(operation) ? text(operation.operationId) : undefined;
      const scope = isObject(operation) ? text(operation['x-required-scope']) : undefined;
      if (!isObject(operation) || !action || name === undefined || scope === undefined) continue;
      const summary = text(operation.summary) ?? name;
      const input = inputSchema(operation, action, components);
      const read = action.mode === 'read';
      specs.push({
        tool: {
          name,
          title: summary,
          description: [summary, text(operation.description), riskText(action)].filter(Boolean).join('\n\n'),
          inputSchema: input.schema,
          annotations: {
            title: summary,
            readOnlyHint: read,
            destructiveHint: !read && (method === 'DELETE' || action.risk === 'high'),
            idempotentHint: read || method !== 'POST' || action.idempotencyKey === 'supported',
            openWorldHint: false,
          },
          _meta: { 'bizplat/method': method, 'bizplat/path': path, 'bizplat/risk': action.risk, 'bizplat/confirmation': action.confirmation, 'bizplat/scope': scope, 'bizplat/right': text(operation['x-required-right']) ?? null },
        },
        operation: { method, path, pathParams: input.pathParams, queryParams: input.queryParams, hasBody: input.hasBody, scope, right: text(operation['x-required-right']), action },
      });
    }
  }
  return specs;
}

/** Whether the actor may call the operation: the token's scope and its owner's right, as the API checks them. */
export function mayCall(actor: Actor, operation: Operation): boolean {
  const scope = operation.scope === 'any' || isScope(operation.scope) ? operation.scope : undefined;
  if (scope === undefined || !hasScope(actor, scope)) return false;
  if (operation.right === undefined) return true;
  return (operation.right === 'all' || isRight(operation.right)) && hasRight(actor, operation.right);
}
