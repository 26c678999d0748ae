import { insertsParked } from '../../events/outbox/parking.ts';
import { eventRecord } from '../../events/queries.ts';
import { nowIso, readBool, readJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { Consumer, StoredEvent } from '../../events/types.ts';
import { EVENT_NAMES } from './catalog.ts';
import { deliveryBody, subscribesTo } from './payload.ts';
import { activeSubscriptionEvents, DELIVERIES_TABLE, hasActiveSubscription, insertFanOutDeliveries } from './queries.ts';

/** Dispatchers in every process wake on this channel when deliveries commit. */
export const DELIVERIES_CHANNEL = 'bizplat_webhook_deliveries';

/**
 * Fans one catalog event out to one delivery per matching active subscription that existed when
 * the event was written, in the consumer's transaction: the deliveries exist exactly when the
 * event is marked handled. A
 * subscription with includeRecord gets data.record too, where the writer gave one (read only
 * then); the others get exactly the spec's body. While the organization's deliveries are paused
 * they go in parked, due once it resumes (events/outbox/parking.ts).
 */
async function fanOut(tx: Tx, event: StoredEvent): Promise<void> {
  const written = Date.parse(event.createdAt);
  const targets = (await activeSubscriptionEvents(tx, event.orgId)).filter((s) => subscribesTo(readJson(s.events), event.name) && Date.parse(s.created_at) <= written);
  if (targets.length === 0) return;
  const data = { entityType: event.entityType, entityId: event.entityId, ...event.context };
  const body = deliveryBody(event.id, event.name, data, event.createdAt);
  const wantRecord = (s: { include_record: boolean | number }) => readBool(s.include_record);
  const record = targets.some(wantRecord) ? await eventRecord(tx.db, event.seq) : null;
  const withRecord = record === null ? body : deliveryBody(event.id, event.name, { ...data, record }, event.createdAt);
  const now = nowIso();
  const due = (await insertsParked(tx, DELIVERIES_TABLE, event.orgId)) ? null : now;
  await insertFanOutDeliveries(
    tx,
    targets.map((s) => ({
      org_id: event.orgId, id: newId(), subscription_id: s.id, event_id: event.id, event: event.name, body: wantRecord(s) ? withRecord : body, created_at: now, next_attempt_at: due,
    })),
  );
  if (due !== null) await tx.notify(DELIVERIES_CHANNEL);
}

/**
 * The webhooks domain's consumer. It subscribes to the catalog names only, so internal events
 * never reach a subscription, not even a `*` one. An event of an organization with no active
 * subscription is not queued for it at all: a subscription receives the events written after
 * it was created, never earlier ones.
 */
export const webhookFanOut: Consumer = { name: 'webhooks.fan-out', events: EVENT_NAMES, handle: fanOut, workFor: hasActiveSubscription };
