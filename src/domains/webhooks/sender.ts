import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import type { Config } from '../../config.ts';
import { trustingCa } from '../../events/outbox/tls.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { serverSealer } from '../../platform/server-key.ts';
import type { Storage } from '../../storage/storage.ts';
import { bareHost, ForbiddenTargetError, guardedLookup, isForbiddenAddress } from './address-policy.ts';
import { openSecret } from './secrets.ts';
import { standardSignature } from './standard-webhooks.ts';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface Outgoing {
  url: string;
  orgId: string;
  subscriptionId: string;
  /** The secret as stored (sealed): the sender opens it to sign. */
  secret: string;
  /** After a rotation: the replaced secret (sealed), signed with too (webhook-signature only) while the attempt is before `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: string | null;
  /** events.id: the same on every attempt. */
  eventId: string;
  body: string;
}

const MAX_RESPONSE_BYTES = 64 * 1024;
const UNREADABLE_SECRET =
  'the subscription secret does not open with this server key (BIZPLAT_SECRETS_KEY, or the key file beside the SQLite database): nothing was sent';

/** Hex HMAC-SHA256 of the exact body bytes, keyed with the subscription secret (X-Webhook-Signature, as the spec defines it). */
export function signature(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * X-Webhook-Signature-V2: hex HMAC-SHA256 of `<timestamp>.<body>`, the timestamp being the
 * X-Webhook-Timestamp value (Unix seconds). A receiver that checks it and refuses old
 * timestamps cannot be fed a recorded delivery again later.
 */
function timestampedSignature(secret: string, timestamp: string, body: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The headers of one delivery attempt: the spec's X-Webhook-Signature, the id and time, V2 when
 * enabled, and the Standard Webhooks trio (with the previous secret's signature during an
 * overlap). `bizplat webhooks listen` signs what it forwards with these too.
 */
export function signedHeaders(a: { secret: string; previous?: string | undefined; eventId: string; timestamp: string; body: Buffer; signatureV2: boolean }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'bizplat-webhooks/1',
    'x-webhook-id': a.eventId,
    'x-webhook-timestamp': a.timestamp,
    'x-webhook-signature': signature(a.secret, a.body),
    ...(a.signatureV2 ? { 'x-webhook-signature-v2': timestampedSignature(a.secret, a.timestamp, a.body) } : {}),
    'webhook-id': a.eventId,
    'webhook-timestamp': a.timestamp,
    'webhook-signature': standardSignature(a.previous === undefined ? [a.secret] : [a.secret, a.previous], a.eventId, a.timestamp, a.body),
  };
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ForbiddenTargetError) return cause.message;
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Makes one HTTP attempt per call: POST of the signed bytes, redirects never followed, the
 * whole exchange bounded by the time-out, connections kept alive between attempts. Unless
 * private targets are allowed, every connection checks the resolved address.
 */
export class WebhookSender {
  readonly #agent: Agent;
  readonly #timeoutMs: number;
  readonly #allowPrivate: boolean;
  readonly #signatureV2: boolean;
  readonly #sealer: Promise<Sealer>;

  constructor(
    config: Pick<Config, 'webhookTimeoutMs' | 'webhookAllowPrivate' | 'webhookCaFile' | 'webhookConcurrency' | 'webhookSignatureV2' | 'secretsKey'>,
    storage: Storage,
  ) {
    this.#signatureV2 = config.webhookSignatureV2;
    this.#sealer = serverSealer(storage, config.secretsKey);
    // Awaited at the first send; a failure to load the key is reported there.
    this.#sealer.catch(() => {});
    this.#timeoutMs = config.webhookTimeoutMs;
    this.#allowPrivate = config.webhookAllowPrivate;
    const secureContext = trustingCa(config.webhookCaFile);
    this.#agent = new Agent({
      connections: config.webhookConcurrency,
      connectTimeout: config.webhookTimeoutMs,
      headersTimeout: config.webhookTimeoutMs,
      bodyTimeout: config.webhookTimeoutMs,
      connect: { ...(secureContext ? { secureContext } : {}), ...(this.#allowPrivate ? {} : { lookup: guardedLookup }) },
    });
  }

  async send(out: Outgoing): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const sealer = await this.#sealer;
      const secret = openSecret(sealer, out.orgId, out.subscriptionId, out.secret);
      if (secret === undefined) return { ok: false, statusCode: null, durationMs: elapsed(), error: UNREADABLE_SECRET };
      const url = new URL(out.url);
      const host = bareHost(url);
      // A literal address is connected to without any lookup, so it is checked here.
      if (!this.#allowPrivate && isIP(host) && isForbiddenAddress(host)) throw new ForbiddenTargetError(host, host);
      const body = Buffer.from(out.body);
      const now = Date.now();
      const timestamp = String(Math.floor(now / 1000));
      const previous = this.#previousSecret(sealer, out, now);
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.#agent,
        maxRedirections: 0,
        signal: AbortSignal.timeout(this.#timeoutMs),
        headers: signedHeaders({ secret, previous, eventId: out.eventId, timestamp, body, signatureV2: this.#signatureV2 }),
        body,
      });
      await response.body.dump({ limit: MAX_RESPONSE_BYTES }).catch(() => {});
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const error = ok ? null : response.statusCode >= 300 && response.statusCode < 400 ? `HTTP ${response.statusCode}: redirects are not followed` : `HTTP ${response.statusCode}`;
      return { ok, statusCode: response.statusCode, durationMs: elapsed(), error };
    } catch (error) {
      if (error instanceof ForbiddenTargetError) return { ok: false, statusCode: null, durationMs: elapsed(), error: error.message };
      return { ok: false, statusCode: null, durationMs: elapsed(), error: describe(error, this.#timeoutMs) };
    }
  }

  /** The replaced secret while its overlap lasts at `now` (one that does not open is left out). */
  #previousSecret(sealer: Sealer, out: Outgoing, now: number): string | undefined {
    if (out.previousSecret === null || out.previousSecretUntil === null || Date.parse(out.previousSecretUntil) <= now) return undefined;
    return openSecret(sealer, out.orgId, out.subscriptionId, out.previousSecret);
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}
