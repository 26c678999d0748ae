/**
 * The MCP tools, one per operation of the public API, read from the OpenAPI document (its
 * parameters, body, answer, summary and description) and the capabilities catalog (risk,
 * confirmation, Idempotency-Key): both are built from the server's route registry, so the tools
 * cannot drift from the API. What every tool shares (paging, Idempotency-Key, If-Match, confirm)
 * is said once in the server's instructions, not on each tool.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogAction } from '../capabilities/catalog.ts';
import { hasRight, hasScope } from '../http/access.ts';
import type { Actor } from '../http/access.ts';
import { isRight, isScope } from '../platform/rights.ts';
import type { ApiCall } from './gateway.ts';
import { briefOf, riskText, titleOf } from './descriptions.ts';
import { definitions, isObject, objectOf, saidOnce, shapeOf, trimmed, withDefinitions } from './schemas.ts';
import type { Trim } from './schemas.ts';

type Json = Record<string, unknown>;

/** What calling a tool does: the API operation behind it and what the catalog says of it. */
export interface Operation {
  method: ApiCall['method'];
  /** The document's path: `/tasks/{id}`. */
  path: string;
  pathParams: string[];
  /** Each path parameter's schema as the route declares it: a value is checked against it before the call. */
  pathSchemas: Record<string, Json>;
  queryParams: string[];
  hasBody: boolean;
  /** The body's fields when the tool takes them as arguments of their own; undefined when they come as one `body` argument. */
  bodyFields: string[] | undefined;
  scope: string;
  right: string | undefined;
  /** The toolset the tool belongs to: the operation's tag (crm, tasks, …). */
  toolset: string;
  action: CatalogAction;
}

export interface ToolSpec {
  tool: Tool;
  operation: Operation;
}

/** The arguments a tool takes besides the operation's own parameters. */
export const ARGUMENT = { body: 'body', idempotencyKey: 'idempotency_key', ifMatch: 'if_match', confirm: 'confirm' } as const;

/**
 * Operations an agent has from elsewhere: /ping says less than getMe, and the capabilities catalog
 * says per action what the tool list already says per tool (it stays the bizplat://capabilities resource).
 */
const COVERED = new Set(['ping', 'getCapabilities']);
const METHODS = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' } as const;
/** Parameters whose meaning the instructions give once (paging, archived records, sync). */
const SHARED_PARAMETERS = new Set(['id', 'limit', 'cursor', 'include_archived', 'updated_since']);
/** Left to REST: a tool pages by cursor, which costs the same however deep (the instructions say so). */
const REST_ONLY_PARAMETERS = new Set(['offset']);
const KEY_SCHEMA = { type: 'string' };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

interface Input {
  schema: Tool['inputSchema'];
  pathParams: string[];
  pathSchemas: Record<string, Json>;
  queryParams: string[];
  hasBody: boolean;
  bodyFields: string[] | undefined;
}

/** A paging or sync parameter: its type; the instructions say what it does, how far it goes and its format. */
function sharedParameter(schema: Json): Json {
  return { type: schema.type };
}

/**
 * A filter's description that says no more than its name ("only this client's deals" for client_id),
 * or that the tool's description gives ("assignee_id matches the executor or a co-executor").
 */
function selfEvident(name: string, description: unknown, brief: string | undefined): boolean {
  if (typeof description !== 'string') return true;
  return /^only [^:;,]*$/.test(description) || (brief ?? '').includes(`${name} matches `);
}

/** Fields a record is created without: a new record is active (archiving is the update's). */
const NOT_ON_CREATE = new Set(['is_archived', 'isArchived']);

/**
 * A write's body as an agent fills it. A field reads `type: T`, not `[T, "null"]`: in a create a
 * null is the same as leaving the field out, and in an update the instructions say once that null
 * clears a field. A create leaves out the id a client may choose (the idempotency_key makes a retry
 * safe) and the archived flag; a second name for a field ("another name for variables") is left out.
 */
function writeBody(body: Json, create: boolean): void {
  const properties = objectOf(body.properties);
  if (create) {
    if (objectOf(properties.id).format === 'uuid') delete properties.id;
    for (const name of NOT_ON_CREATE) delete properties[name];
  }
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const alias = typeof property.description === 'string' ? /^another name for (\w+)$/.exec(property.description) : null;
    if (alias && alias[1] !== undefined && alias[1] in properties) delete properties[name];
    else withoutNull(property, create);
  }
}

/** `schema` typed `T` where it reads `[T, "null"]`; in a create, the fields of its records too (a movement's lines). */
function withoutNull(schema: Json, deep: boolean): void {
  if (Array.isArray(schema.type) && schema.type.length === 2 && schema.type.includes('null')) schema.type = schema.type.find((type) => type !== 'null');
  if (!deep) return;
  const items = objectOf(schema.items);
  for (const property of Object.values(objectOf(items.properties))) if (isObject(property)) withoutNull(property, deep);
}

function inputSchema(operation: Json, action: CatalogAction, components: Json, said: Set<string>, brief: string | undefined): Input {
  const trim: Trim = { used: new Set(), said };
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const input: Omit<Input, 'schema'> = { pathParams: [], pathSchemas: {}, queryParams: [], hasBody: false, bodyFields: undefined };
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  for (const parameter of parameters) {
    const name = text(parameter.name);
    if (name === undefined || (parameter.in !== 'path' && parameter.in !== 'query') || REST_ONLY_PARAMETERS.has(name)) continue;
    const description = SHARED_PARAMETERS.has(name) || selfEvident(name, parameter.description, brief) ? {} : { description: parameter.description };
    const schema = objectOf(saidOnce(name, trimmed({ ...objectOf(parameter.schema), ...description }, trim), said));
    properties[name] = SHARED_PARAMETERS.has(name) ? sharedParameter(schema) : schema;
    if (parameter.required === true) required.push(name);
    if (parameter.in === 'path') {
      input.pathParams.push(name);
      input.pathSchemas[name] = objectOf(parameter.schema);
    } else {
      input.queryParams.push(name);
    }
  }
  const content = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content['application/json'] : undefined;
  if (isObject(content)) {
    input.hasBody = true;
    properties[ARGUMENT.body] = objectOf(trimmed(content.schema, trim));
    if (isObject(operation.requestBody) && operation.requestBody.required === true) required.push(ARGUMENT.body);
  }
  if (action.idempotencyKey === 'supported') {
    properties[ARGUMENT.idempotencyKey] = KEY_SCHEMA;
    required.push(ARGUMENT.idempotencyKey);
  }
  if (action.method === 'PATCH') properties[ARGUMENT.ifMatch] = { type: 'string' };
  if (action.confirmation) properties[ARGUMENT.confirm] = { type: 'boolean' };
  const root = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const schema = withDefinitions(root, definitions(objectOf(components.schemas), trim));
  if (action.method === 'POST' || action.method === 'PATCH') writeBody(objectOf(objectOf(schema.properties)[ARGUMENT.body]), action.method === 'POST');
  return { ...flattened({ ...schema, type: 'object' }, input) };
}

/**
 * The body's fields as arguments of the tool beside the path's (`{id, title}`, not `{id, body: {title}}`),
 * unless a field's name is taken by another argument: then the body stays one `body` argument.
 */
function flattened(schema: Tool['inputSchema'], input: Omit<Input, 'schema'>): Input {
  const { [ARGUMENT.body]: body, ...others } = schema.properties ?? {};
  if (!isObject(body) || body.type !== 'object' || !isObject(body.properties)) return { schema, ...input };
  const fields: Record<string, object> = Object.fromEntries(Object.entries(body.properties).filter((entry): entry is [string, Json] => isObject(entry[1])));
  if (Object.keys(fields).some((name) => name in others)) return { schema, ...input };
  const path = Object.fromEntries(Object.entries(others).filter(([name]) => input.pathParams.includes(name)));
  const rest = Object.fromEntries(Object.entries(others).filter(([name]) => !input.pathParams.includes(name)));
  const bodyRequired = (schema.required ?? []).includes(ARGUMENT.body) && Array.isArray(body.required) ? body.required.filter((name): name is string => typeof name === 'string') : [];
  const required = [...(schema.required ?? []).filter((name) => name !== ARGUMENT.body), ...bodyRequired];
  const flat: Tool['inputSchema'] = { ...schema, properties: { ...path, ...fields, ...rest } };
  if (required.length > 0) flat.required = required;
  else delete flat.required;
  return { schema: flat, ...input, bodyFields: Object.keys(fields) };
}

/** The shape of the operation's success answer, where the document gives one as an object. */
function outputSchema(operation: Json, components: Json): Tool['outputSchema'] {
  const responses = objectOf(operation.responses);
  const success = objectOf(responses['200'] ?? responses['201']);
  const shape = shapeOf(objectOf(objectOf(success.content)['application/json']).schema, objectOf(components.schemas));
  if (shape?.type !== 'object') return undefined;
  // A page ({items, total, limit, offset, next_cursor}) is said once in the instructions; its items are what the get tool's schema shows.
  const required = Array.isArray(shape.required) ? shape.required : [];
  return required.includes('items') && required.includes('next_cursor') ? undefined : { ...shape, type: 'object' };
}

function catalogPath(documentPath: string): string {
  return documentPath.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * What makes two operations the same to an agent: the same method, summary, area and answer. A second
 * path to one implementation (/finance/requests beside /finance-requests) gives no second tool; its
 * variant of a body (category_id for the category's name) stays callable over REST.
 */
function sameness(method: string, operation: Json): string {
  const responses = objectOf(operation.responses);
  return JSON.stringify([method, operation.summary, operation.tags, responses['200'] ?? responses['201']]);
}

function annotations(action: CatalogAction, method: ApiCall['method']): Tool['annotations'] {
  if (action.mode === 'read') return { readOnlyHint: true };
  return { destructiveHint: method === 'DELETE' || action.risk === 'high' };
}

/** Every operation of the document that the catalog lists, as a tool; an alias path gives no second tool. */
export function toolsOf(document: Json, actions: CatalogAction[]): ToolSpec[] {
  const paths = objectOf(document.paths);
  const components = objectOf(document.components);
  const specs: ToolSpec[] = [];
  const seen = new Set<string>();
  const said = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [lower, method] of Object.entries(METHODS)) {
      const operation = item[lower];
      const action = actions.find((a) => a.method === method && a.path === catalogPath(path));
      const name = isObject(operation) ? text(operation.operationId) : undefined;
      const scope = isObject(operation) ? text(operation['x-required-scope']) : undefined;
      if (!isObject(operation) || !action || name === undefined || scope === undefined) continue;
      const same = sameness(method, operation);
      if (seen.has(same) || COVERED.has(name)) continue;
      seen.add(same);
      const summary = text(operation.summary) ?? name;
      const toolset = Array.isArray(operation.tags) ? (text(operation.tags[0]) ?? 'service') : 'service';
      if (!said.has(toolset)) said.set(toolset, new Set());
      const brief = [briefOf(text(operation.description)), riskText(action)].filter(Boolean).join(' ');
      const input = inputSchema(operation, action, components, said.get(toolset) ?? new Set(), brief);
      const output = action.mode === 'read' ? outputSchema(operation, components) : undefined;
      const right = text(operation['x-required-right']);
      // Every tool has a description: the summary where the operation says no more.
      const description = brief || summary.replace(/ \(extension of v1\)$/, '');
      // A read's description says what it answers; a write's title says what it does.
      const title = (action.mode === 'read' && brief !== '') || brief === '' ? undefined : titleOf(summary, name);
      specs.push({
        tool: {
          name,
          ...(title ? { title } : {}),
          description,
          inputSchema: input.schema,
          ...(output ? { outputSchema: output } : {}),
          annotations: annotations(action, method),
        },
        operation: { method, path, pathParams: input.pathParams, pathSchemas: input.pathSchemas, queryParams: input.queryParams, hasBody: input.hasBody, bodyFields: input.bodyFields, scope, right, toolset, action },
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
