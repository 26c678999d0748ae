/** Verifying a webhook delivery before trusting it, and the create that cannot show its secret again. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BizplatError } from './errors.ts';
import type { components } from './schema.ts';

/** A catalog event, or the `webhook.test` event POST /webhooks/{id}/test sends. */
export type WebhookEvent = components['schemas']['WebhookPayload'] | components['schemas']['WebhookTestPayload'];

/** The headers of a delivery: a fetch Headers, or Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, either way; default 300 s (5 minutes). */
  toleranceSeconds?: number;
  /** The current time in ms (tests replace it). */
  now?: () => number;
}

export type WebhookFailure = 'missing_headers' | 'timestamp_out_of_tolerance' | 'signature_mismatch';

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(readonly reason: WebhookFailure, message: string) {
    super(message);
  }
}

const PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === 'string' ? value : value?.[0];
}

/** The HMAC key of a secret as Standard Webhooks reads it: base64 after an optional whsec_ prefix. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/**
 * Checks a delivery's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) and returns the parsed event. The signature covers the timestamp, so a
 * delivery captured and sent again later than `toleranceSeconds` is refused. `secrets` may hold
 * several secrets (during a rotation: the new and the old one), and the header may carry several
 * signatures (the server signs with both during the overlap): any match verifies. Comparisons are
 * in constant time. Pass the body exactly as received, before any JSON parsing.
 * Throws WebhookSignatureError, whose `reason` says what failed.
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secrets: string | readonly string[], options: VerifyWebhookOptions = {}): WebhookEvent {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookSignatureError('missing_headers', 'the delivery lacks webhook-id, webhook-timestamp or webhook-signature');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const sentSeconds = /^\d+$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(nowSeconds - sentSeconds) <= tolerance)) {
    throw new WebhookSignatureError('timestamp_out_of_tolerance', `webhook-timestamp ${timestamp} is more than ${tolerance} s from now (${nowSeconds}): a late or replayed delivery`);
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const given = signatures.split(' ').flatMap((s) => (s.startsWith('v1,') ? [Buffer.from(s.slice(3), 'base64')] : []));
  const verified = (typeof secrets === 'string' ? [secrets] : secrets).some((secret) => {
    const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(body).digest();
    return given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  });
  if (!verified) throw new WebhookSignatureError('signature_mismatch', 'no webhook-signature matches the body under the given secret(s)');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}

/**
 * A POST /webhooks that answered without the secret: it repeated an earlier create with the same
 * Idempotency-Key (a retry after a lost answer, say), and the secret is shown only once. The
 * subscription exists; `subscriptionId` names it and POST /webhooks/{id}/rotate-secret gives it a
 * new secret.
 */
export class WebhookSecretNotShownError extends BizplatError {
  readonly subscriptionId: string;

  constructor(response: Response, subscriptionId: string) {
    super({
      status: response.status,
      error: 'secret_not_shown',
      message:
        `the webhook subscription ${subscriptionId} was created by an earlier request with the same Idempotency-Key and its secret is shown only once; ` +
        `get a new secret with POST /webhooks/${subscriptionId}/rotate-secret (api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id: '${subscriptionId}' } } }))`,
      request_id: response.headers.get('x-request-id') ?? undefined,
      headers: response.headers,
    });
    this.subscriptionId = subscriptionId;
  }

  static async check(response: Response): Promise<void> {
    const body: unknown = await response.clone().json().catch(() => undefined);
    if (typeof body !== 'object' || body === null) return;
    const { id, secret } = body as { id?: unknown; secret?: unknown };
    if (typeof id === 'string' && (typeof secret !== 'string' || secret === '')) throw new WebhookSecretNotShownError(response, id);
  }
}
