/** The typed client: openapi-fetch over the generated paths, with the helpers an integration needs. */
import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
import { BizplatError } from './errors.ts';
import type { paths } from './schema.ts';
import { transport } from './transport.ts';
import type { CallOptions, TransportOptions } from './transport.ts';
import { WebhookSecretNotShownError } from './webhooks.ts';

export interface BizplatClientOptions extends TransportOptions {
  /** The API base, ending in /api/public/v1. */
  baseUrl: string;
  /** A personal access token (sent as X-API-Token). */
  token: string;
}

export type BizplatApi = Client<paths> & {
  /** The same client with other time-out, retry or idempotency settings, e.g. for one slow call. */
  withOptions(overrides: CallOptions): BizplatApi;
};

/** Every answer other than a success or 304 throws the BizplatError of its kind. */
const throwOnError: Middleware = {
  async onResponse({ request, schemaPath, response }) {
    if (!response.ok && response.status !== 304) throw await BizplatError.from(response);
    if (request.method === 'POST' && schemaPath === '/webhooks') await WebhookSecretNotShownError.check(response);
    return undefined;
  },
};

/**
 * A client whose calls are typed by the API's document. Every answer other than a success or 304
 * throws a BizplatError of its kind, so `data` is there whenever the call returns.
 */
export function createBizplatClient(options: BizplatClientOptions): BizplatApi {
  const api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), fetch: transport(options) });
  api.use(throwOnError);
  return Object.assign(api, { withOptions: (overrides: CallOptions) => createBizplatClient({ ...options, ...overrides }) });
}

/** The If-Match header for a change to a record read at `record.version`. */
export function ifMatch(record: { version: number }): { 'If-Match': string } {
  return { 'If-Match': String(record.version) };
}

/** The data of a call that returned (errors were thrown); a 304 has none and throws. */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data: body, response } = await call;
  if (body === undefined) {
    throw new BizplatError({ status: response.status, error: 'no_body', message: `the answer ${response.status} has no body`, request_id: response.headers.get('x-request-id') ?? undefined, headers: response.headers });
  }
  return body;
}
