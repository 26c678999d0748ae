/**
 * Verifying a webhook delivery before trusting it, signing test deliveries for a receiver's own
 * tests, and the create that cannot show its secret again. Web Crypto only (no Node module), so
 * the same code verifies in Node, Deno, Bun, browsers and edge workers.
 */
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
const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const utf8 = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const value = record[name] ?? record[name.toLowerCase()];
  return typeof value === 'string' ? value : value?.[0];
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** The HMAC key of a secret as Standard Webhooks reads it: base64 after an optional whsec_ prefix. */
function keyOf(secret: string, use: 'sign' | 'verify') {
  const raw = fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);
  if (raw === undefined) throw new TypeError('a webhook secret is base64, optionally after whsec_');
  return globalThis.crypto.subtle.importKey('raw', raw, HMAC, false, [use]);
}

/** What a signature covers: `id.timestamp.body`, as bytes. */
function signedContent(id: string, timestamp: string, body: string | Uint8Array): Uint8Array {
  const head = utf8.encode(`${id}.${timestamp}.`);
  const rest = typeof body === 'string' ? utf8.encode(body) : body;
  const content = new Uint8Array(head.length + rest.length);
  content.set(head);
  content.set(rest, head.length);
  return content;
}

/**
 * Checks a delivery's Standard Webhooks signature (webhook-id, webhook-timestamp,
 * webhook-signature) and resolves to the parsed event. The signature covers the timestamp, so a
 * delivery captured and sent again later than `toleranceSeconds` is refused. `secrets` may hold
 * several secrets (during a rotation: the new and the old one), and the header may carry several
 * signatures (the server signs with both during the overlap): any match verifies. Signatures are
 * checked by Web Crypto's HMAC verify, in constant time. Pass the body exactly as received,
 * before any JSON parsing. Rejects with WebhookSignatureError, whose `reason` says what failed.
 */
export async function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secrets: string | readonly string[], options: VerifyWebhookOptions = {}): Promise<WebhookEvent> {
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
  const content = signedContent(id, timestamp, rawBody);
  const given = signatures.split(' ').flatMap((s) => {
    const bytes = s.startsWith('v1,') ? fromBase64(s.slice(3)) : undefined;
    return bytes === undefined ? [] : [bytes];
  });
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const key = await keyOf(secret, 'verify');
    for (const signature of given) {
      if (await globalThis.crypto.subtle.verify('HMAC', key, signature, content)) {
        const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
        return JSON.parse(text) as WebhookEvent;
      }
    }
  }
  throw new WebhookSignatureError('signature_mismatch', 'no webhook-signature matches the body under the given secret(s)');
}

export interface TestHeadersOptions {
  /** The delivery's id (webhook-id); default a fresh `msg_…`. */
  id?: string;
  /** When it was sent, in ms; default now. */
  timestamp?: number;
}

/**
 * The Standard Webhooks headers a real delivery of `payload` signed under `secret` carries, for a
 * receiver's own tests: post `payload` with these headers and `verifyWebhook` accepts it.
 */
export async function generateTestHeaders(payload: string | Uint8Array, secret: string, options: TestHeadersOptions = {}): Promise<Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>> {
  const id = options.id ?? `msg_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
  const timestamp = String(Math.floor((options.timestamp ?? Date.now()) / 1000));
  const signature = await globalThis.crypto.subtle.sign('HMAC', await keyOf(secret, 'sign'), signedContent(id, timestamp, payload));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${toBase64(new Uint8Array(signature))}` };
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
