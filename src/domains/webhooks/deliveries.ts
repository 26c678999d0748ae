/** The operator's use cases behind the `webhook …` CLI commands. */
import type { Config } from '../../config.ts';
import { conflict, notFound, invalidField } from '../../http/errors.ts';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { isUuid, newId } from '../../storage/ids.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Kysely } from 'kysely';
import { cliSource, recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Database } from '../../storage/schema.ts';
import type { Storage, Tx } from '../../storage/storage.ts';
import { attemptDelivery, claimOne } from './attempt.ts';
import { eventsSince } from '../../events/queries.ts';
import { outgoingStates } from '../../events/outbox/pause.ts';
import { EVENT_NAMES } from './catalog.ts';
import { DELIVERIES_CHANNEL } from './events.ts';
import { deliveryBody, subscribesTo } from './payload.ts';
import { attemptsSince, findSubscription, insertDeliveries } from './queries.ts';
import type { DeliveryStatus } from './tables.ts';
import { WebhookSender } from './sender.ts';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

/**
 * One attempt of a delivery now, from this process, whatever its status (a failed one
 * included): claimed like a dispatcher claims, so no dispatcher sends it at the same time.
 */
export async function redeliver(storage: Storage, config: Config, slug: string, deliveryId: string, by: AuditSource = cliSource()): Promise<RedeliveryOutcome> {
  const org = await requireOrganization(storage, slug);
  return redeliverIn(storage, config, org.id, deliveryId, by);
}

export type RedeliveryOutcome = {
  deliveryId: string;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextAttemptAt: string | null;
};

/** 409 deliveries_paused while the organization's outgoing deliveries are paused: nothing is sent now. */
export async function refuseWhilePaused(storage: Storage, orgId: string): Promise<void> {
  if ((await outgoingStates(storage.db, [orgId])).get(orgId)?.paused) {
    throw conflict('deliveries_paused', 'outgoing deliveries of this organization are paused (a restored copy starts so): resume them first with "deliveries resume" or the console switch');
  }
}

/** redeliver() for an organization known by id; the request is recorded in the audit trail once the delivery is claimed. */
export async function redeliverIn(storage: Storage, config: Config, orgId: string, deliveryId: string, by: AuditSource): Promise<RedeliveryOutcome> {
  const org = { id: orgId };
  if (!isUuid(deliveryId)) throw notFound('delivery');
  await refuseWhilePaused(storage, orgId);
  const claim = await claimOne(storage, org.id, deliveryId, config.webhookTimeoutMs);
  if (claim === 'missing') throw notFound('delivery');
  if (claim === 'held') throw invalidField('delivery', 'is being attempted right now by a dispatcher; try again in a moment');
  if (claim === 'inactive') throw invalidField('delivery', 'belongs to a disabled subscription: nothing is sent to it');
  const delivery = await requireFound(claim.jobs[0], 'delivery');
  await storage.transaction((tx) =>
    recordAudit(tx, by, { orgId, action: 'webhook.redeliver', targetType: 'webhook_delivery', targetId: deliveryId, changes: {} }),
  );
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
export type ReplayOutcome = {
  subscriptionId: string;
  since: string;
  queued: number;
};

export async function replay(storage: Storage, slug: string, subscriptionId: string, since: string, by: AuditSource = cliSource()): Promise<ReplayOutcome> {
  const org = await requireOrganization(storage, slug);
  return storage.transaction((tx) => replayIn(tx, org.id, subscriptionId, since, by));
}

/** Queues the replay in `tx` and records it in the audit trail. */
export async function replayIn(tx: Tx, orgId: string, subscriptionId: string, since: string, by: AuditSource): Promise<ReplayOutcome> {
  const sinceTime = Date.parse(since);
  if (!/^\d{4}-\d{2}-\d{2}/.test(since) || Number.isNaN(sinceTime)) throw invalidField('since', 'must be an ISO 8601 time, e.g. 2026-01-31T00:00:00Z');
  const org = { id: orgId };
  const sinceIso = new Date(sinceTime).toISOString();
  {
    const sub = await requireFound(isUuid(subscriptionId) ? await findSubscription(tx.db, org.id, subscriptionId) : undefined, 'webhook subscription');
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
        body: deliveryBody(e.id, e.name, { entityType: e.entityType, entityId: e.entityId, ...e.context }, e.createdAt),
        created_at: now,
        next_attempt_at: now,
      })),
    );
    if (events.length > 0) await tx.notify(DELIVERIES_CHANNEL);
    await recordAudit(tx, by, {
      orgId,
      action: 'webhook.replay',
      targetType: 'webhook_subscription',
      targetId: sub.id,
      changes: { queued: { before: null, after: events.length }, since: { before: null, after: sinceIso } },
    });
    return { subscriptionId: sub.id, since: isoWithOffset(sinceIso), queued: events.length };
  }
}

export interface HourlyDeliveries {
  /** The start of the hour (UTC). */
  hour: string;
  succeeded: number;
  failed: number;
}

/** Delivery attempts that succeeded and failed in each hour of the last `days` days, oldest hour first. */
export async function deliveriesPerHour(db: Kysely<Database>, orgId: string, days: number, now = Date.now()): Promise<HourlyDeliveries[]> {
  const HOUR = 3_600_000;
  const end = Math.floor(now / HOUR) * HOUR;
  const start = end - (days * 24 - 1) * HOUR;
  const hours: HourlyDeliveries[] = [];
  for (let t = start; t <= end; t += HOUR) hours.push({ hour: new Date(t).toISOString(), succeeded: 0, failed: 0 });
  for (const a of await attemptsSince(db, orgId, new Date(start).toISOString())) {
    const bucket = hours[Math.floor((Date.parse(a.started_at) - start) / HOUR)];
    if (bucket === undefined) continue;
    if (a.ok) bucket.succeeded += 1;
    else bucket.failed += 1;
  }
  return hours.map((h) => ({ ...h, hour: isoWithOffset(h.hour) }));
}
