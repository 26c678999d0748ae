/**
 * The errors a call throws, one class per kind of failure, all of them BizplatError: branch with
 * `instanceof` on the kind and on `code` (details.error) for the detail.
 */
export interface ErrorDetails {
  /** The domain code: validation_error, stale_version, insufficient_scope, cursor_expired, … */
  error?: string;
  [key: string]: unknown;
}

export interface BizplatErrorInit {
  /** The HTTP status; 0 when no answer came. */
  status: number;
  /** The envelope's error class (validation_error, conflict, forbidden, …). */
  error: string;
  message: string;
  request_id?: string | undefined;
  details?: ErrorDetails;
  headers?: Headers;
  cause?: unknown;
}

export class BizplatError extends Error {
  /** The HTTP status (0 when no answer came: a connection error or a time-out). */
  readonly status: number;
  /** The envelope's error class (validation_error, conflict, forbidden, …). */
  readonly error: string;
  /** The request id, for support (X-Request-Id when the answer had no envelope). */
  readonly request_id: string | undefined;
  readonly details: ErrorDetails;
  /** The answer's headers (empty when no answer came). */
  readonly headers: Headers;

  constructor(init: BizplatErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.error = init.error;
    this.request_id = init.request_id;
    this.details = init.details ?? {};
    this.headers = init.headers ?? new Headers();
  }

  /** details.error: the code to branch on. */
  get code(): string | undefined {
    return this.details.error;
  }

  /** The error of its kind for an answer that is not a success: its envelope, or what could be read of it. */
  static async from(response: Response): Promise<BizplatError> {
    const text = await response.clone().text();
    const body = parseJson(text);
    const headerId = response.headers.get('x-request-id') ?? undefined;
    const init: BizplatErrorInit = isEnvelope(body)
      ? { status: response.status, error: body.error, message: body.message, request_id: body.request_id ?? headerId, details: body.details ?? {}, headers: response.headers }
      : { status: response.status, error: 'http_error', message: `${response.status} ${response.statusText}: ${text.slice(0, 200)}`, request_id: headerId, headers: response.headers };
    return errorOfStatus(init);
  }
}

/** 401: the token is missing, invalid, expired or revoked. */
export class BizplatAuthenticationError extends BizplatError {}
/** 403: the token lacks the scope or the user the right (insufficient_scope, …). */
export class BizplatPermissionError extends BizplatError {}
/** 404: no such record, or not visible to this token. */
export class BizplatNotFoundError extends BizplatError {}
/** 409: a stale If-Match version (stale_version), a duplicate, an Idempotency-Key still in progress. */
export class BizplatConflictError extends BizplatError {}
/** 400 or 422: the input is not valid; `details.fields` says which fields and why. */
export class BizplatValidationError extends BizplatError {}
/** 429: too many requests, after the retries; `retryAfterMs` says when the server takes more. */
export class BizplatRateLimitError extends BizplatError {
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.headers.get('retry-after'));
  }
}
/** 5xx: the server failed or is unavailable, after the retries. */
export class BizplatServerError extends BizplatError {}
/** No answer: the connection failed (after the retries, when the request was safe to repeat). */
export class BizplatConnectionError extends BizplatError {}
/** No answer within the time-out (`timeoutMs`), after the retries. */
export class BizplatTimeoutError extends BizplatConnectionError {}

function errorOfStatus(init: BizplatErrorInit): BizplatError {
  const s = init.status;
  if (s === 401) return new BizplatAuthenticationError(init);
  if (s === 403) return new BizplatPermissionError(init);
  if (s === 404) return new BizplatNotFoundError(init);
  if (s === 409) return new BizplatConflictError(init);
  if (s === 400 || s === 422) return new BizplatValidationError(init);
  if (s === 429) return new BizplatRateLimitError(init);
  if (s >= 500) return new BizplatServerError(init);
  return new BizplatError(init);
}

/** A Retry-After header (delta-seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEnvelope(body: unknown): body is { error: string; message: string; request_id?: string; details?: ErrorDetails } {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.error === 'string' && typeof b.message === 'string';
}
