/**
 * The fetch every call goes through: the token, the User-Agent, an Idempotency-Key for a POST that
 * has none (the same key on each of its retries), a time-out per attempt, and retries with
 * jittered, capped exponential back-off (or the server's Retry-After) after a connection error, a
 * time-out, 429, 502, 503, 504 or 409 idempotency_in_progress — for requests safe to repeat only:
 * GET, HEAD, OPTIONS, and any request carrying an Idempotency-Key.
 */
import { BizplatConnectionError, BizplatTimeoutError, retryAfterMs } from './errors.ts';
import { userAgent } from './version.ts';

export interface RetryOptions {
  /** Attempts after the first; default 2. 0 turns retries off. */
  retries?: number;
  /** The back-off before the first retry, doubling each time (jittered to 50–100 %); default 500 ms. */
  backoffMs?: number;
  /** The longest back-off between two attempts; default 8 s. */
  maxBackoffMs?: number;
  /** The longest Retry-After waited out; a longer one ends the retries at once (a BizplatRateLimitError with retryAfterMs for a 429); default 10 s. */
  maxWaitMs?: number;
}

export interface CallOptions extends RetryOptions {
  /** How long one attempt may wait for its whole answer; default 60 s. A time-out counts as a connection error. */
  timeoutMs?: number;
  /** Give every POST without one an Idempotency-Key, so that it is safe to retry; default true. */
  idempotencyKeys?: boolean;
}

export interface TransportOptions extends CallOptions {
  token: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Waits ms (tests replace it); stops early with the signal's reason when the call is aborted. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const DEFAULTS = { retries: 2, backoffMs: 500, maxBackoffMs: 8_000, maxWaitMs: 10_000, timeoutMs: 60_000 } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** The wait before retry `attempt` (0-based): full doubling, capped, then jittered down to half. */
export function backoff(attempt: number, options: Required<RetryOptions>, random = Math.random): number {
  const ceiling = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export function transport(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? wait;
  const retry: Required<RetryOptions> = {
    retries: options.retries ?? DEFAULTS.retries,
    backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
    maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
    maxWaitMs: options.maxWaitMs ?? DEFAULTS.maxWaitMs,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const agent = userAgent();
  return async (request) => {
    const headers = request.headers;
    headers.set('X-API-Token', options.token);
    headers.set('User-Agent', agent);
    if (request.method === 'POST' && options.idempotencyKeys !== false && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', globalThis.crypto.randomUUID());
    const repeatable = SAFE_METHODS.has(request.method) || headers.has('Idempotency-Key');
    // A body can be read once: every attempt sends the same bytes.
    const body = request.body === null ? null : await request.arrayBuffer();
    const caller = request.signal;
    for (let attempt = 0; ; attempt++) {
      const canRetry = repeatable && attempt < retry.retries;
      const deadline = attemptSignal(caller, timeoutMs);
      let response: Response;
      try {
        response = await send(new Request(request.url, { method: request.method, headers, body, signal: deadline.signal, redirect: request.redirect }));
      } catch (error) {
        if (caller.aborted) throw caller.reason;
        const failure = deadline.timedOut()
          ? timeoutError(request, timeoutMs, error)
          : new BizplatConnectionError({ status: 0, error: 'connection_error', message: `${request.method} ${request.url} failed: ${describe(error)}`, cause: error });
        deadline.end();
        if (!canRetry) throw failure;
        await sleep(backoff(attempt, retry), caller);
        continue;
      }
      // The answer's body is read under the same time-out: one that stalls fails as a
      // BizplatTimeoutError too.
      if (!canRetry || !(await worthRetrying(response))) return readWhole(response, deadline, () => timeoutError(request, timeoutMs, undefined));
      const asked = retryAfterMs(response.headers.get('Retry-After'));
      if (asked !== undefined && asked > retry.maxWaitMs) return response;
      deadline.end();
      await response.body?.cancel();
      await sleep(asked ?? backoff(attempt, retry), caller);
    }
  };
}

function timeoutError(request: Request, timeoutMs: number, cause: unknown): BizplatTimeoutError {
  return new BizplatTimeoutError({ status: 0, error: 'timeout', message: `no answer to ${request.method} ${request.url} within ${timeoutMs} ms`, cause });
}

type Deadline = ReturnType<typeof attemptSignal>;

/**
 * The response with its body read whole while the attempt's time-out is armed, so that a body
 * that stalls fails as `timedOut()` in every runtime (a browser's json() reports any failure of a
 * body as a bare "Failed to fetch"), and the time-out is disarmed once the body is in.
 */
async function readWhole(response: Response, deadline: Deadline, timedOut: () => BizplatTimeoutError): Promise<Response> {
  try {
    const body = response.body === null ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    throw deadline.timedOut() ? timedOut() : error;
  } finally {
    deadline.end();
  }
}

/**
 * The signal of one attempt: aborted by the caller's signal or after `timeoutMs`. A plain
 * unreferenced timer (AbortSignal.timeout and AbortSignal.any cost more on every call), armed until
 * the answer's body is read.
 */
function attemptSignal(caller: AbortSignal, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean; end: () => void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    caller.removeEventListener('abort', follow);
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  unref(timer);
  const follow = () => controller.abort(caller.reason);
  if (caller.aborted) follow();
  else caller.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    end: () => {
      clearTimeout(timer);
      caller.removeEventListener('abort', follow);
    },
  };
}

/** Lets Node and Bun exit while a time-out is armed; browsers and Deno have no such handle. */
function unref(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') timer.unref();
}

async function worthRetrying(response: Response): Promise<boolean> {
  if (RETRY_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  const text = await response.clone().text();
  return text.includes('"idempotency_in_progress"');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
