/** The operator's use cases behind the `webhook …` CLI commands. */
import type { Config } from '../../config.ts';
import { notFound, invalidField } from '../../http/errors.ts';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { isUuid, newId } from '../../storage/ids.ts';
import type { Storage } from '../../storage/storage.ts';
import { attemptDelivery, claimOne } from './attempt.ts';
import { eventsSince } from '../../events/queries.ts';
import { EVENT_NAMES } from './catalog.ts';
import { DELIVERIES_CHANNEL } from './events.ts';
import { deliveryBody, subscribesTo } from './payload.ts';
import { attemptsOf, findSubscription, insertDeliveries, listDeliveries } from './queries.ts';
import type { DeliveryStatus } from './tables.ts';
import { WebhookSender } from './sender.ts';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

export interface DeliveryLogFilter {
  subscriptionId?: string;
  status?: DeliveryStatus;
  limit: number;
}

/** Deliveries, newest first, each with its attempts (time, status code, duration, error). */
export async function deliveryLog(storage: Storage, slug: string, filter: DeliveryLogFilter): Promise<{ deliveries: unknown[] }> {
  const org = await requireOrganization(storage, slug);
  const rows = await listDeliveries(storage.db, org.id, filter);
  const attempts = await attemptsOf(storage.db, org.id, rows.map((r) => r.id));
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      subscriptionId: r.subscription_id,
      eventId: r.event_id,
      event: r.event,
      status: r.status,
      attemptCount: r.attempts,
      nextAttemptAt: isoWithOffset(r.next_attempt_at),
      createdAt: isoWithOffset(r.created_at),
      completedAt: isoWithOffset(r.completed_at),
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ attempt: a.attempt, at: isoWithOffset(a.started_at), ok: a.ok, statusCode: a.status_code, durationMs: a.duration_ms, error: a.error })),
    })),
  };
}

/**
 * One attempt of a delivery now, from this process, whatever its status (a failed one
 * included): claimed like a dispatcher claims, so no dispatcher sends it at the same time.
 */
export async function redeliver(storage: Storage, config: Config, slug: string, deliveryId: string): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  if (!isUuid(deliveryId)) throw notFound('delivery');
  const claim = await claimOne(storage, org.id, deliveryId, config.webhookTimeoutMs);
  if (claim === 'missing') throw notFound('delivery');
  if (claim === 'held') throw invalidField('delivery', 'is being attempted right now by a dispatcher; try again in a moment');
  if (claim === 'inactive') throw invalidField('delivery', 'belongs to a disabled subscription: nothing is sent to it');
  const delivery = claim.jobs[0];
  if (!delivery) throw notFound('delivery');
  const sender = new WebhookSender(config, storage);
  try {
    const { result, retryAt } = await attemptDelivery(storage, sender, config.webhookRetryScheduleSeconds, claim.token, delivery);
    return {
      deliveryId,
      ok: result.ok,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      nextAttemptAt: retryAt === null ? null : isoWithOffset(new Date(retryAt).toISOString()),
    };
  } finally {
    await sender.close();
  }
}

/** Queues a new delivery to one subscription for every matching event since `since`. */
export async function replay(storage: Storage, slug: string, subscriptionId: string, since: string): Promise<{ subscriptionId: string; since: string; queued: number }> {
  const sinceTime = Date.parse(since);
  if (!/^\d{4}-\d{2}-\d{2}/.test(since) || Number.isNaN(sinceTime)) throw invalidField('since', 'must be an ISO 8601 time, e.g. 2026-01-31T00:00:00Z');
  const org = await requireOrganization(storage, slug);
  const sinceIso = new Date(sinceTime).toISOString();
  return storage.transaction(async (tx) => {
    const sub = isUuid(subscriptionId) ? await findSubscription(tx.db, org.id, subscriptionId) : undefined;
    if (!sub) throw notFound('webhook subscription');
    if (!readBool(sub.is_active)) throw invalidField('subscription', 'is disabled; nothing is sent to it');
    // Catalog events only: internal events never reach a subscription, `*` included.
    const events = (await eventsSince(tx.db, org.id, sinceIso, EVENT_NAMES)).filter((e) => subscribesTo(readJson(sub.events), e.name));
    const now = new Date().toISOString();
    await insertDeliveries(
      tx.db,
      events.map((e) => ({
        org_id: org.id,
        id: newId(),
        subscription_id: sub.id,
        event_id: e.id,
        event: e.name,
        body: deliveryBody(e.name, { entityType: e.entityType, entityId: e.entityId, ...e.context }, e.createdAt),
        created_at: now,
        next_attempt_at: now,
      })),
    );
    if (events.length > 0) await tx.notify(DELIVERIES_CHANNEL);
    return { subscriptionId: sub.id, since: isoWithOffset(sinceIso), queued: events.length };
  });
}
