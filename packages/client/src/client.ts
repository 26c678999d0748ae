/** The typed client: openapi-fetch over the generated paths, with the helpers an integration needs. */
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import { BizplatError } from './errors.ts';
import type { paths } from './schema.ts';
import { transport } from './transport.ts';
import type { RetryOptions } from './transport.ts';

export interface BizplatClientOptions extends RetryOptions {
  /** The API base, ending in /api/public/v1. */
  baseUrl: string;
  /** A personal access token (sent as X-API-Token). */
  token: string;
  /** The fetch to send with (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Waits ms between retries (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

export type BizplatApi = Client<paths>;

/**
 * A client whose calls are typed by the API's document. Every answer other than a success or 304
 * throws a BizplatError carrying the envelope, so `data` is there whenever the call returns.
 */
export function createBizplatClient(options: BizplatClientOptions): BizplatApi {
  const api = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), fetch: transport(options) });
  api.use({
    async onResponse({ response }) {
      if (!response.ok && response.status !== 304) throw await BizplatError.from(response);
      return undefined;
    },
  });
  return api;
}

/** The If-Match header for a change to a record read at `record.version`. */
export function ifMatch(record: { version: number }): { 'If-Match': string } {
  return { 'If-Match': String(record.version) };
}

/** The data of a call that returned (errors were thrown); a 304 has none and throws. */
export async function data<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data: body, response } = await call;
  if (body === undefined) throw new BizplatError(response.status, 'no_body', `the answer ${response.status} has no body`, response.headers.get('x-request-id') ?? undefined, {});
  return body;
}

interface OffsetPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * Every item of an offset-paged list: `page(offset)` makes the call for one page, e.g.
 * `(offset) => api.GET('/clients', { params: { query: { offset, limit: 200 } } })`.
 */
export async function* offsetItems<T>(page: (offset: number) => Promise<{ data?: OffsetPage<T>; response: Response }>): AsyncGenerator<T> {
  for (let offset = 0; ; ) {
    const body = await data(page(offset));
    yield* body.items;
    offset = body.offset + body.items.length;
    if (body.items.length === 0 || offset >= body.total) return;
  }
}

interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * Every item of a cursor-paged list, page after page until one comes back empty or without a
 * next_cursor: the movements (`(cursor) => api.GET('/movements', { params: { query: { cursor } } })`)
 * or the events feed. `position.cursor` is the cursor to continue from later (the events feed
 * always gives one: store it and read on from it).
 */
export function cursorItems<T>(page: (cursor: string | undefined) => Promise<{ data?: CursorPage<T>; response: Response }>, from?: string): AsyncGenerator<T> & { position: { cursor: string | undefined } } {
  const position = { cursor: from };
  async function* items(): AsyncGenerator<T> {
    for (;;) {
      const body = await data(page(position.cursor));
      yield* body.items;
      if (body.next_cursor === null) return;
      position.cursor = body.next_cursor;
      if (body.items.length === 0) return;
    }
  }
  return Object.assign(items(), { position });
}
