import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fieldProblems, validatorCompiler } from '../http/validation.ts';
import type { ApiAnswer, ApiCall, ApiGateway } from './gateway.ts';
import { ROUTE_HEADER } from './route-guard.ts';
import { ARGUMENT } from './tools.ts';
import type { ToolSpec } from './tools.ts';

type Arguments = Record<string, unknown>;

/** How the user answered a question put through the client (MCP elicitation). */
export type UserAnswer = 'accept' | 'decline' | 'cancel';
/** Asks the user, through the client, to confirm `message`; undefined when the client cannot be asked. */
export type Confirmer = (message: string) => Promise<UserAnswer>;

const asObject = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value });

/**
 * A tool result: the JSON as text, and as structured content when it is the answer the tool's
 * output schema describes. An error carries the API's envelope as text only: structured content
 * is checked by clients against the output schema, which describes the success answer.
 */
function result(body: Record<string, unknown>, isError: boolean, status: number | null): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    ...(isError ? { isError: true } : { structuredContent: body }),
    _meta: { 'bizplat/status': status },
  };
}

/** A call refused before it reaches the API, in the API's error envelope. */
function refused(code: string, message: string, details: Record<string, unknown> = {}): CallToolResult {
  return result({ error: 'validation_error', message, request_id: randomUUID(), details: { error: code, ...details } }, true, null);
}

/** The API's answer as a tool result; an error answer is a tool error carrying the envelope. */
export function answered(answer: ApiAnswer): CallToolResult {
  return result(asObject(answer.body), answer.status >= 400, answer.status);
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function fieldsOf(args: Arguments, names: string[]): Arguments {
  return Object.fromEntries(names.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
}

const pathValidators = new WeakMap<ToolSpec, ReturnType<typeof validatorCompiler>>();

/** The path values checked against the route's own schema (an id's length and characters), as the API would check them. */
function pathProblem(spec: ToolSpec, values: Record<string, string>): CallToolResult | undefined {
  let validate = pathValidators.get(spec);
  if (validate === undefined) {
    const { pathParams, pathSchemas } = spec.operation;
    const schema = { type: 'object', properties: pathSchemas, required: pathParams };
    validate = validatorCompiler({ schema, httpPart: 'params', method: spec.operation.method, url: spec.operation.path });
    pathValidators.set(spec, validate);
  }
  if (validate(values) === true) return undefined;
  const errors = 'errors' in validate && Array.isArray(validate.errors) ? validate.errors : [];
  const fields = fieldProblems(errors, 'params');
  return refused('validation_error', fields.map((f) => `${f.field}: ${f.message}`).join('; ') || 'a path argument is invalid', { fields });
}

/** The route pattern the call must reach, as the router names it: `GET /api/public/v1/tasks/:id`. */
function routeOf(spec: ToolSpec, apiPrefix: string): string {
  return `${spec.operation.method} ${apiPrefix}${spec.operation.path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

/** The API request a tool call stands for, or the refusal of arguments that cannot make one. */
function requestOf(spec: ToolSpec, args: Arguments, apiPrefix: string): { call: ApiCall } | { refusal: CallToolResult } {
  const { operation } = spec;
  const known = new Set<string>([...operation.pathParams, ...operation.queryParams, ...Object.keys(spec.tool.inputSchema.properties ?? {})]);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    return { refusal: refused('validation_error', `unknown arguments: ${unknown.join(', ')}`, { fields: unknown.map((field) => ({ field, message: 'is not an argument of this tool' })) }) };
  }
  const values: Record<string, string> = {};
  for (const name of operation.pathParams) {
    const value = scalar(args[name]);
    if (value === undefined || value === '') return { refusal: refused('validation_error', `${name} is required`, { fields: [{ field: name, message: 'is required' }] }) };
    // A dot segment would be resolved away by the router and reach another operation ("/clients/.." is "/").
    if (value === '.' || value === '..') return { refusal: refused('validation_error', `${name} may not be "${value}"`, { fields: [{ field: name, message: 'may not be . or ..' }] }) };
    values[name] = value;
  }
  const problem = pathProblem(spec, values);
  if (problem !== undefined) return { refusal: problem };
  let path = operation.path;
  for (const [name, value] of Object.entries(values)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query: Record<string, string> = {};
  for (const name of operation.queryParams) {
    const value = scalar(args[name]);
    if (value !== undefined) query[name] = value;
  }
  const headers: Record<string, string> = { [ROUTE_HEADER]: routeOf(spec, apiPrefix) };
  const key = scalar(args[ARGUMENT.idempotencyKey]);
  if (key !== undefined) headers['idempotency-key'] = key;
  const version = scalar(args[ARGUMENT.ifMatch]);
  if (version !== undefined) headers['if-match'] = version;
  const body = !operation.hasBody ? undefined : operation.bodyFields === undefined ? args[ARGUMENT.body] : fieldsOf(args, operation.bodyFields);
  return { call: { method: operation.method, path, query, headers, ...(body !== undefined ? { body } : {}) } };
}

/** What the user is asked to confirm: the tool, its risk and the exact arguments. */
function question(spec: ToolSpec, args: Arguments): string {
  const { [ARGUMENT.confirm]: _confirm, [ARGUMENT.idempotencyKey]: _key, ...shown } = args;
  return `Allow ${spec.tool.name} (${spec.tool.title ?? spec.operation.method + ' ' + spec.operation.path}, risk ${spec.operation.action.risk}) with ${JSON.stringify(shown)}?`;
}

/**
 * The user's consent to a write the catalog marks for confirmation. A client that can be asked
 * (it declared elicitation) asks the user, whatever the call says; another client's call must say
 * `confirm: true`, which the instructions reserve for a change the user agreed to.
 */
async function consent(spec: ToolSpec, args: Arguments, confirmer: Confirmer | undefined): Promise<CallToolResult | undefined> {
  const { action } = spec.operation;
  if (!action.confirmation) return undefined;
  if (confirmer !== undefined) {
    const answer = await confirmer(question(spec, args));
    if (answer === 'accept') return undefined;
    return refused('confirmation_declined', `the user did not confirm ${spec.tool.name} (${answer}): nothing was changed`, { risk: action.risk });
  }
  if (args[ARGUMENT.confirm] === true) return undefined;
  return refused('confirmation_required', `${spec.tool.name} (risk ${action.risk}) changes data only once the user has confirmed it: ask the user, then call it again with ${ARGUMENT.confirm}: true`, {
    risk: action.risk,
  });
}

/**
 * Performs the tool's operation through the gateway. A write that takes an Idempotency-Key is
 * refused without one, so an agent's retry can never repeat the change; a write the catalog marks
 * for confirmation waits for the user's consent.
 */
export async function callTool(spec: ToolSpec, args: Arguments, gateway: ApiGateway, apiPrefix: string, confirmer?: Confirmer): Promise<CallToolResult> {
  const { action } = spec.operation;
  if (action.idempotencyKey === 'supported' && scalar(args[ARGUMENT.idempotencyKey]) === undefined) {
    return refused('idempotency_key_required', `${ARGUMENT.idempotencyKey} is required: choose a fresh key for this change and repeat it on a retry`, {
      fields: [{ field: ARGUMENT.idempotencyKey, message: 'is required' }],
    });
  }
  const request = requestOf(spec, args, apiPrefix);
  if ('refusal' in request) return request.refusal;
  const refusal = await consent(spec, args, confirmer);
  return refusal ?? answered(await gateway(request.call));
}
