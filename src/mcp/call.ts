import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiAnswer, ApiCall, ApiGateway } from './gateway.ts';
import { ARGUMENT } from './tools.ts';
import type { ToolSpec } from './tools.ts';

type Arguments = Record<string, unknown>;

const asObject = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value });

function result(structured: Record<string, unknown>, isError: boolean, status: number | null): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
    _meta: { 'bizplat/status': status },
  };
}

/** A call refused before it reaches the API, in the API's error envelope. */
function refused(code: string, message: string, details: Record<string, unknown> = {}): CallToolResult {
  return result({ error: 'validation_error', message, request_id: randomUUID(), details: { error: code, ...details } }, true, null);
}

/** The API's answer as a tool result: its JSON as structured content; an error answer is a tool error carrying the envelope. */
export function answered(answer: ApiAnswer): CallToolResult {
  return result(asObject(answer.body), answer.status >= 400, answer.status);
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The API request a tool call stands for, or the refusal of arguments that cannot make one. */
function requestOf(spec: ToolSpec, args: Arguments): { call: ApiCall } | { refusal: CallToolResult } {
  const { operation } = spec;
  const known = new Set<string>([...operation.pathParams, ...operation.queryParams, ...Object.keys(spec.tool.inputSchema.properties ?? {})]);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    return { refusal: refused('validation_error', `unknown arguments: ${unknown.join(', ')}`, { fields: unknown.map((field) => ({ field, message: 'is not an argument of this tool' })) }) };
  }
  let path = operation.path;
  for (const name of operation.pathParams) {
    const value = scalar(args[name]);
    if (value === undefined || value === '') return { refusal: refused('validation_error', `${name} is required`, { fields: [{ field: name, message: 'is required' }] }) };
    // A dot segment would be resolved away by the router and reach another operation ("/clients/.." is "/").
    if (value === '.' || value === '..') return { refusal: refused('validation_error', `${name} may not be "${value}"`, { fields: [{ field: name, message: 'may not be . or ..' }] }) };
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query: Record<string, string> = {};
  for (const name of operation.queryParams) {
    const value = scalar(args[name]);
    if (value !== undefined) query[name] = value;
  }
  const headers: Record<string, string> = {};
  const key = scalar(args[ARGUMENT.idempotencyKey]);
  if (key !== undefined) headers['idempotency-key'] = key;
  const version = scalar(args[ARGUMENT.ifMatch]);
  if (version !== undefined) headers['if-match'] = version;
  const body = operation.hasBody ? args[ARGUMENT.body] : undefined;
  return { call: { method: operation.method, path, query, headers, ...(body !== undefined ? { body } : {}) } };
}

/**
 * Performs the tool's operation through the gateway. A write the catalog marks for confirmation is
 * refused until the call says `confirm: true`; a write that takes an Idempotency-Key is refused
 * without one, so an agent's retry can never repeat the change.
 */
export async function callTool(spec: ToolSpec, args: Arguments, gateway: ApiGateway): Promise<CallToolResult> {
  const { action } = spec.operation;
  if (action.idempotencyKey === 'supported' && scalar(args[ARGUMENT.idempotencyKey]) === undefined) {
    return refused('idempotency_key_required', `${ARGUMENT.idempotencyKey} is required: choose a fresh key for this change and repeat it on a retry`, {
      fields: [{ field: ARGUMENT.idempotencyKey, message: 'is required' }],
    });
  }
  if (action.confirmation && args[ARGUMENT.confirm] !== true) {
    return refused('confirmation_required', `${spec.tool.name} (risk ${action.risk}) changes data only once the user has confirmed it: ask the user, then call it again with ${ARGUMENT.confirm}: true`, {
      risk: action.risk,
    });
  }
  const request = requestOf(spec, args);
  return 'refusal' in request ? request.refusal : answered(await gateway(request.call));
}
