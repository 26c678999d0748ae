import { randomUUID } from 'node:crypto';
import type { Storage } from '../../storage/storage.ts';
import type { ClaimedDelivery } from './queries.ts';
import { claimDelivery, claimDueDeliveries, insertAttempts, recordSubscriptionStats, settleDelivery } from './queries.ts';
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
export async function claimOne(storage: Storage, orgId: string, deliveryId: string, timeoutMs: number): Promise<Claim | 'held' | 'missing' | 'inactive'> {
  const token = randomUUID();
  const now = new Date();
  const result = await storage.transaction((tx) =>
    claimDelivery(tx.db, tx.dialect, orgId, deliveryId, now.toISOString(), new Date(now.getTime() + leaseMs(timeoutMs)).toISOString(), token),
  );
  return typeof result === 'string' ? result : { token, deliveries: result };
}

/** One attempt made, ready to be recorded. */
export interface Outcome {
  delivery: ClaimedDelivery;
  token: string;
  result: SendResult;
  startedAt: string;
  finishedAt: string;
  attempt: number;
  /** When it is due again (epoch ms), or null when it is settled (success, or the last retry failed). */
  retryAt: number | null;
}

/** Sends one claimed delivery; the retry schedule decides what a failure leads to. */
export async function send(sender: WebhookSender, schedule: readonly number[], token: string, d: ClaimedDelivery): Promise<Outcome> {
  const startedAt = new Date().toISOString();
  const result = await sender.send({ url: d.url, orgId: d.org_id, subscriptionId: d.subscription_id, secret: d.secret, eventId: d.event_id, body: d.body });
  const finished = new Date();
  const attempt = d.attempts + 1;
  const retryDelay = result.ok ? undefined : schedule[attempt - 1];
  const retryAt = retryDelay === undefined ? null : finished.getTime() + retryDelay * 1000;
  return { delivery: d, token, result, startedAt, finishedAt: finished.toISOString(), attempt, retryAt };
}

/**
 * Records attempts in one transaction: the log rows, each delivery's next state (only while
 * the recorder's lease still holds it and it was not cancelled) and the subscriptions'
 * statistics. Many attempts share one commit, which is what lets SQLite keep up.
 */
export async function recordOutcomes(storage: Storage, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await storage.transaction(async (tx) => {
    await insertAttempts(
      tx.db,
      outcomes.map((o) => ({
        org_id: o.delivery.org_id,
        delivery_id: o.delivery.id,
        subscription_id: o.delivery.subscription_id,
        attempt: o.attempt,
        started_at: o.startedAt,
        duration_ms: o.result.durationMs,
        status_code: o.result.statusCode,
        ok: o.result.ok,
        error: o.result.error,
      })),
    );
    for (const o of outcomes) {
      await settleDelivery(tx.db, o.delivery.org_id, o.delivery.id, o.token, {
        status: o.result.ok ? 'succeeded' : o.retryAt === null ? 'failed' : 'pending',
        attempts: o.attempt,
        nextAttemptAt: o.retryAt === null ? null : new Date(o.retryAt).toISOString(),
        completedAt: o.retryAt === null ? o.finishedAt : null,
        statusCode: o.result.statusCode,
        error: o.result.error,
      });
    }
    for (const stats of subscriptionStats(outcomes)) await recordSubscriptionStats(tx.db, stats);
  });
}

export interface SubscriptionStats {
  orgId: string;
  id: string;
  /** Failures after the last success in this batch; with a success, the count restarts from it. */
  failuresAfterSuccess: number;
  succeeded: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
}

/** failureCount counts consecutive failed attempts: a success resets it. */
function subscriptionStats(outcomes: Outcome[]): SubscriptionStats[] {
  const bySub = new Map<string, SubscriptionStats>();
  for (const o of [...outcomes].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))) {
    const key = `${o.delivery.org_id}/${o.delivery.subscription_id}`;
    const s = bySub.get(key) ?? { orgId: o.delivery.org_id, id: o.delivery.subscription_id, failuresAfterSuccess: 0, succeeded: false, lastSuccessAt: null, lastFailureAt: null };
    if (o.result.ok) {
      s.succeeded = true;
      s.failuresAfterSuccess = 0;
      s.lastSuccessAt = o.finishedAt;
    } else {
      s.failuresAfterSuccess += 1;
      s.lastFailureAt = o.finishedAt;
    }
    bySub.set(key, s);
  }
  return [...bySub.values()];
}

/** Sends one claimed delivery now and records it (the operator's redeliver). */
export async function attemptDelivery(storage: Storage, sender: WebhookSender, schedule: readonly number[], token: string, d: ClaimedDelivery): Promise<Outcome> {
  const outcome = await send(sender, schedule, token, d);
  await recordOutcomes(storage, [outcome]);
  return outcome;
}
