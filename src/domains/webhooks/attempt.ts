import { randomUUID } from 'node:crypto';
import { attemptNow, leaseMs } from '../../events/outbox/attempt.ts';
import type { Claim } from '../../events/outbox/attempt.ts';
import type { JobQueue, Outcome } from '../../events/outbox/types.ts';
import type { Storage } from '../../storage/storage.ts';
import { cancellationWaits, cancelNextBatch } from './cancelling.ts';
import type { ClaimedDelivery } from './queries.ts';
import { claimDelivery, DELIVERIES_TABLE, insertAttempts, recordSubscriptionStats, selectDueDeliveries } from './queries.ts';
import type { SendResult, WebhookSender } from './sender.ts';

export type WebhookOutcome = Outcome<ClaimedDelivery, SendResult>;

/**
 * Webhook deliveries as the kernel's jobs (src/events/outbox): the kernel claims, leases,
 * retries and settles them; the domain selects the due ones of active subscriptions, sends,
 * keeps the attempt log and the subscriptions' statistics, and cancels what a DELETE left queued.
 */
export function webhookQueue(sender: WebhookSender): JobQueue<ClaimedDelivery, SendResult> {
  return {
    table: DELIVERIES_TABLE,
    selectDue: (tx, now, limit) => selectDueDeliveries(tx, now, limit),
    unsent: { waiting: cancellationWaits(), settle: cancelNextBatch },
    send: (d) =>
      sender.send({
        url: d.url,
        orgId: d.org_id,
        subscriptionId: d.subscription_id,
        secret: d.secret,
        previousSecret: d.previous_secret,
        previousSecretUntil: d.previous_secret_until,
        eventId: d.event_id,
        body: d.body,
      }),
    recorded: async (tx, outcomes) => {
      await insertAttempts(
        tx.db,
        outcomes.map((o) => ({
          org_id: o.job.org_id,
          delivery_id: o.job.id,
          subscription_id: o.job.subscription_id,
          attempt: o.attempt,
          started_at: o.startedAt,
          duration_ms: o.result.durationMs,
          status_code: o.result.statusCode,
          ok: o.result.ok,
          error: o.result.error,
        })),
      );
      for (const stats of subscriptionStats(outcomes)) await recordSubscriptionStats(tx.db, stats);
    },
  };
}

/** Claims one delivery of an organization for an immediate attempt, whatever its status. */
export async function claimOne(storage: Storage, orgId: string, deliveryId: string, timeoutMs: number): Promise<Claim<ClaimedDelivery> | 'held' | 'missing' | 'inactive'> {
  const token = randomUUID();
  const now = new Date();
  const result = await storage.transaction((tx) =>
    claimDelivery(tx, orgId, deliveryId, now.toISOString(), new Date(now.getTime() + leaseMs(timeoutMs)).toISOString(), token),
  );
  return typeof result === 'string' ? result : { token, jobs: result };
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
function subscriptionStats(outcomes: WebhookOutcome[]): SubscriptionStats[] {
  const bySub = new Map<string, SubscriptionStats>();
  for (const o of [...outcomes].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt))) {
    const key = `${o.job.org_id}/${o.job.subscription_id}`;
    const s = bySub.get(key) ?? { orgId: o.job.org_id, id: o.job.subscription_id, failuresAfterSuccess: 0, succeeded: false, lastSuccessAt: null, lastFailureAt: null };
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
export function attemptDelivery(storage: Storage, sender: WebhookSender, schedule: readonly number[], token: string, d: ClaimedDelivery): Promise<WebhookOutcome> {
  return attemptNow(storage, webhookQueue(sender), schedule, token, d);
}
