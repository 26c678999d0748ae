import { randomUUID } from 'node:crypto';
import { nowIso } from '../../storage/codecs.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ClaimedDelivery } from './queries.ts';
import { claimDelivery, claimDueDeliveries, insertAttempt, recordSubscriptionOutcome, settleDelivery } from './queries.ts';
import type { SendResult, WebhookSender } from './sender.ts';

/** How long a claim holds a delivery: the attempt's time-out plus a margin for recording it. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs + 5000;
}

export interface Claim {
  token: string;
  deliveries: ClaimedDelivery[];
}

/** Claims due deliveries in one short transaction (SKIP LOCKED on PostgreSQL, BEGIN IMMEDIATE on SQLite). */
export async function claimDue(storage: Storage, limit: number, timeoutMs: number): Promise<Claim> {
  const token = randomUUID();
  const now = new Date();
  const deliveries = await storage.transaction((tx) =>
    claimDueDeliveries(tx.db, tx.dialect, now.toISOString(), new Date(now.getTime() + leaseMs(timeoutMs)).toISOString(), token, limit),
  );
  return { token, deliveries };
}

/** Claims one delivery of an organization for an immediate attempt, whatever its status. */
export async function claimOne(storage: Storage, orgId: string, deliveryId: string, timeoutMs: number): Promise<Claim | 'held' | 'missing'> {
  const token = randomUUID();
  const now = new Date();
  const result = await storage.transaction((tx) =>
    claimDelivery(tx.db, tx.dialect, orgId, deliveryId, now.toISOString(), new Date(now.getTime() + leaseMs(timeoutMs)).toISOString(), token),
  );
  return typeof result === 'string' ? result : { token, deliveries: result };
}

/**
 * Sends one claimed delivery and records the attempt in its own transaction: the log row, the
 * delivery's next state (success, a retry on the schedule, or failed after the last) and the
 * subscription's statistics. Returns when it is due again, if it is.
 */
export async function attemptDelivery(
  storage: Storage,
  sender: WebhookSender,
  schedule: readonly number[],
  token: string,
  d: ClaimedDelivery,
): Promise<SendResult & { retryAt: number | null }> {
  const startedAt = nowIso();
  const result = await sender.send({ url: d.url, secret: d.secret, eventId: d.event_id, body: d.body });
  const attempts = d.attempts + 1;
  const finishedAt = new Date();
  const retryDelay = result.ok ? undefined : schedule[attempts - 1];
  const retryAt = retryDelay === undefined ? null : finishedAt.getTime() + retryDelay * 1000;
  const done = retryAt === null ? finishedAt.toISOString() : null;
  await storage.transaction(async (tx) => {
    await insertAttempt(tx.db, {
      org_id: d.org_id,
      delivery_id: d.id,
      subscription_id: d.subscription_id,
      attempt: attempts,
      started_at: startedAt,
      duration_ms: result.durationMs,
      status_code: result.statusCode,
      ok: result.ok,
      error: result.error,
    });
    await settleDelivery(tx.db, d.org_id, d.id, token, {
      status: result.ok ? 'succeeded' : retryAt === null ? 'failed' : 'pending',
      attempts,
      nextAttemptAt: retryAt === null ? null : new Date(retryAt).toISOString(),
      completedAt: done,
      statusCode: result.statusCode,
      error: result.error,
    });
    await recordSubscriptionOutcome(tx.db, d.org_id, d.subscription_id, result.ok, finishedAt.toISOString());
  });
  return { ...result, retryAt };
}
