/** Every refusal the API answers with, as one error class carrying the envelope. */
export interface ErrorDetails {
  /** The domain code: validation_error, stale_version, insufficient_scope, cursor_expired, … */
  error?: string;
  [key: string]: unknown;
}

export class BizplatError extends Error {
  override readonly name = 'BizplatError';
  constructor(
    /** The HTTP status (0 when no answer came: a connection error after the retries). */
    readonly status: number,
    /** The envelope's error class (validation_error, conflict, forbidden, …). */
    readonly error: string,
    message: string,
    /** The request id, for support. */
    readonly request_id: string | undefined,
    readonly details: ErrorDetails,
  ) {
    super(message);
  }

  /** details.error: the code to branch on. */
  get code(): string | undefined {
    return this.details.error;
  }

  /** The error for an answer that is not a success: its envelope, or what could be read of it. */
  static async from(response: Response): Promise<BizplatError> {
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isEnvelope(body)) return new BizplatError(response.status, body.error, body.message, body.request_id, body.details ?? {});
    return new BizplatError(response.status, 'http_error', `${response.status} ${response.statusText}: ${text.slice(0, 200)}`, response.headers.get('x-request-id') ?? undefined, {});
  }
}

function isEnvelope(body: unknown): body is { error: string; message: string; request_id?: string; details?: ErrorDetails } {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.error === 'string' && typeof b.message === 'string';
}
