/**
 * The fetch every call goes through: the token header, an Idempotency-Key for every POST that
 * has none (the same key on each of its retries), and retries — after 429 (waiting Retry-After)
 * for any call, after a connection error for idempotent calls only (GET, HEAD, PUT, DELETE,
 * OPTIONS, and POST, which always carries an Idempotency-Key).
 */
import { randomUUID } from 'node:crypto';

export interface RetryOptions {
  /** Attempts after the first; default 3. */
  retries?: number;
  /** Wait before the first retry after a connection error, doubling each time; default 200 ms. */
  backoffMs?: number;
  /** The longest wait honoured for one Retry-After; default 60 s. */
  maxWaitMs?: number;
}

export interface TransportOptions extends RetryOptions {
  token: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Waits ms (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds of a Retry-After header (delta-seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function transport(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? wait;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  return async (request) => {
    request.headers.set('X-API-Token', options.token);
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', randomUUID());
    const idempotent = IDEMPOTENT.has(request.method);
    // A body can be read once: each attempt sends a copy; a call without one re-sends the request.
    const attemptOf = request.body === null ? () => request : () => request.clone();
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send(attemptOf());
      } catch (error) {
        if (!idempotent || attempt >= retries || request.signal.aborted) throw error;
        await sleep(backoffMs * 2 ** attempt);
        continue;
      }
      if (response.status !== 429 || attempt >= retries) return response;
      const delay = Math.min(maxWaitMs, retryAfterMs(response.headers.get('Retry-After')) ?? backoffMs * 2 ** attempt);
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
