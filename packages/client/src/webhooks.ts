/** Verifying a webhook delivery before trusting it. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './schema.ts';

export type WebhookEvent = components['schemas']['WebhookPayload'];

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * Checks X-Webhook-Signature (hex HMAC-SHA256 of the raw body keyed with the subscription's
 * secret) in constant time and returns the parsed event; throws WebhookSignatureError when the
 * signature is missing or wrong. Pass the body exactly as received, before any JSON parsing.
 */
export function verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string): WebhookEvent {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', secret).update(body).digest();
  const header = signatureHeader?.trim() ?? '';
  const wellFormed = /^[0-9a-fA-F]{64}$/.test(header);
  const given = wellFormed ? Buffer.from(header, 'hex') : Buffer.alloc(expected.length);
  if (!timingSafeEqual(given, expected) || !wellFormed) throw new WebhookSignatureError('the webhook signature does not match the body and secret');
  return JSON.parse(body.toString('utf8')) as WebhookEvent;
}
