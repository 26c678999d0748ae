/** POST /webhooks/{id}/test: one signed `webhook.test` delivery, sent now, its outcome answered. */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { leaseMs } from '../../events/outbox/attempt.ts';
import { leaseJobs } from '../../events/outbox/queries.ts';
import { invalidField } from '../../http/errors.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import { readBool } from '../../storage/codecs.ts';
import { RecordNotFoundError } from '../../storage/errors.ts';
import { isUuid, newId } from '../../storage/ids.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Storage } from '../../storage/storage.ts';
import { attemptDelivery } from './attempt.ts';
import { refuseWhilePaused } from './deliveries.ts';
import { deliveryBody } from './payload.ts';
import { DELIVERIES_TABLE, findSubscription, insertDeliveries } from './queries.ts';
import type { ClaimedDelivery } from './queries.ts';
import type { TestDeliveryOutcome } from './schemas.ts';
import { WebhookSender } from './sender.ts';

export const TEST_EVENT = 'webhook.test';

/**
 * Sends a `webhook.test` event to the subscription now, whatever events it takes, signed and
 * shaped as every delivery (data: entityType webhook_subscription and entityId the subscription
 * id), and answers what the receiver did. The delivery is written already held by this request
 * (no dispatcher sends it too), kept in the delivery log with its one attempt, and never retried.
 * Recorded in the audit trail.
 */
export async function sendTestEvent(storage: Storage, config: Config, orgId: string, id: string, by: AuditSource): Promise<TestDeliveryOutcome> {
  if (!isUuid(id)) throw new RecordNotFoundError('webhook subscription');
  await refuseWhilePaused(storage, orgId);
  const token = randomUUID();
  const eventId = newId();
  const now = new Date();
  const delivery = await storage.transaction(async (tx): Promise<ClaimedDelivery> => {
    const sub = await requireFound(await findSubscription(tx.db, orgId, id), 'webhook subscription');
    if (!readBool(sub.is_active)) throw invalidField('id', 'the subscription is disabled: nothing is sent to it');
    const row = {
      org_id: orgId,
      id: newId(),
      subscription_id: id,
      event_id: eventId,
      event: TEST_EVENT,
      body: deliveryBody(eventId, TEST_EVENT, { entityType: 'webhook_subscription', entityId: id }, now.toISOString()),
      created_at: now.toISOString(),
      next_attempt_at: now.toISOString(),
    };
    await insertDeliveries(tx.db, [row]);
    await leaseJobs(tx.db, DELIVERIES_TABLE, [{ ...row, attempts: 0 }], new Date(now.getTime() + leaseMs(config.webhookTimeoutMs)).toISOString(), token);
    await recordAudit(tx, by, { orgId, action: 'webhook.test', targetType: 'webhook_subscription', targetId: id, changes: { eventId: { before: null, after: eventId } } });
    return { ...row, attempts: 0, url: sub.url, secret: sub.secret, previous_secret: sub.previous_secret, previous_secret_until: sub.previous_secret_until };
  });
  const sender = new WebhookSender(config, storage);
  try {
    // An empty retry schedule: the one attempt settles the delivery, succeeded or failed.
    const { result } = await attemptDelivery(storage, sender, [], token, delivery);
    return { id: eventId, deliveryId: delivery.id, event: TEST_EVENT, ok: result.ok, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error };
  } finally {
    await sender.close();
  }
}
