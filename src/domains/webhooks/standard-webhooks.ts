/**
 * The Standard Webhooks signature (webhook-id, webhook-timestamp, webhook-signature) beside the
 * spec's X-Webhook-Signature. One secret serves both: the spec's HMAC is keyed with the secret
 * string as given; Standard Webhooks keys its HMAC with the base64-decoding of the secret after
 * an optional `whsec_` prefix, exactly as its receiver libraries read it (`new Webhook(secret)`).
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The HMAC key Standard Webhooks receivers derive from the secret. Secrets issued before the
 * prefix (64 hex characters) are valid base64 too, so they decode to the same key a receiver
 * library computes from them.
 */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** The webhook-signature value: one `v1,<base64>` per secret, space-separated (the current secret first). */
export function standardSignature(secrets: readonly string[], id: string, timestamp: string, body: Buffer): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.`).update(body).digest('base64')}`)
    .join(' ');
}
