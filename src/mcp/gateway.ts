import type { FastifyInstance, InjectOptions } from 'fastify';
import { mcpCallHeaders } from '../http/audit-source.ts';

/** One request to the public API, relative to its prefix, with the path parameters already in place. */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON answer; null for an empty body. */
  body: unknown;
}

/** Who the calls are made for: the caller's own token header, Host (and its name without the port) and address. */
export interface Credentials {
  headers: Record<string, string>;
  host: string;
  hostname: string;
  address: string;
}

export type ApiGateway = (call: ApiCall) => Promise<ApiAnswer>;

function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Calls the API in-process, as the caller, through every hook a request from outside passes:
 * authentication, rate limit, access check, validation, idempotency, audit. The calls are marked
 * as made on behalf of an MCP client, which the audit trail records.
 */
export function injectGateway(app: FastifyInstance, apiPrefix: string, credentials: Credentials): ApiGateway {
  return async (call) => {
    const options: InjectOptions = {
      method: call.method,
      url: `${apiPrefix}${call.path}`,
      headers: { ...call.headers, ...credentials.headers, host: credentials.host, ...mcpCallHeaders() },
      remoteAddress: credentials.address,
      ...(call.query ? { query: call.query } : {}),
      ...(call.body !== undefined ? { payload: call.body as InjectOptions['payload'] } : {}),
    };
    const response = await app.inject(options);
    return { status: response.statusCode, headers: response.headers, body: parsed(response.body) };
  };
}

/** The caller's token header as it came: X-API-Token, else Authorization (Bearer). */
export function tokenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const token = headers['x-api-token'];
  if (typeof token === 'string') return { 'x-api-token': token };
  const authorization = headers.authorization;
  return typeof authorization === 'string' ? { authorization } : {};
}
