import type { Kysely } from 'kysely';
import { invalidField, invalidFields } from '../../http/errors.ts';
import { requiredText } from '../../http/text.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { nowIso, readBool, toJson } from '../../storage/codecs.ts';
import { isUuid, newId } from '../../storage/ids.ts';
import { RecordNotFoundError } from '../../storage/errors.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Database } from '../../storage/schema.ts';
import type { Tx } from '../../storage/storage.ts';
import type { WebhooksActor } from './actor.ts';
import { ALL_EVENTS, EVENT_NAMES } from './catalog.ts';
import { cancelQueuedBatch, CANCEL_BATCH, noteCancelled } from './cancelling.ts';
import { DELIVERIES_CHANNEL } from './events.ts';
import { disableSubscription, findSubscription, subscriptions } from './queries.ts';
import type { CreatedSubscription, CreateSubscriptionBody, PatchSubscriptionBody, Subscription } from './schemas.ts';
import { sealSecret } from './secrets.ts';
import { newSecret } from './standard-webhooks.ts';

export const SIGNATURE_NOTE =
  'Keep the secret: it is shown only now. Verify every delivery before processing it: compute the hex HMAC-SHA256 ' +
  'of the raw request body with this secret and compare it in constant time with the X-Webhook-Signature header. ' +
  'X-Webhook-Id identifies the event and stays the same on every retry. ' +
  'Deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature): its receiver libraries take this secret as it is.';

/** The note of an Idempotency-Key replay of the create: the secret is not in it. */
export const SHOWN_ONCE_NOTE =
  'This repeats an earlier create (same Idempotency-Key): the secret was shown only in the first response and is not ' +
  'shown again. If it was lost, get a new one with POST /webhooks/{id}/rotate-secret.';

export function eventCatalog(): { events: string[] } {
  return { events: [...EVENT_NAMES, ALL_EVENTS] };
}

/** "*", ["*"] or a non-empty list of catalog names (duplicates dropped), checked field by field. */
function normalizeEvents(events: CreateSubscriptionBody['events']): string[] {
  if (events === ALL_EVENTS) return [ALL_EVENTS];
  if (events.length === 0) throw invalidField('events', 'must list at least one catalog event, or be "*" for all');
  const catalog: readonly string[] = EVENT_NAMES;
  const problems = events.flatMap((name, i) => {
    if (name === ALL_EVENTS) return events.length === 1 ? [] : [{ field: `events.${i}`, message: '"*" (all events) must be the only value' }];
    return catalog.includes(name) ? [] : [{ field: `events.${i}`, message: `"${name}" is not in the event catalog (GET /webhooks/event-catalog)` }];
  });
  if (problems.length > 0) throw invalidFields(problems);
  return [...new Set(events)];
}

/** The body's url must already have passed checkTargetUrl (it may resolve DNS, so it runs before the transaction). */
export async function createSubscription(tx: Tx, actor: WebhooksActor, body: CreateSubscriptionBody, sealer: Sealer, by: AuditSource): Promise<CreatedSubscription> {
  const name = requiredText('name', body.name);
  const events = normalizeEvents(body.events);
  const secret = newSecret();
  const id = newId();
  const created = await subscriptions.insert(tx.db, {
    org_id: actor.orgId,
    id,
    version: 1,
    name,
    url: body.url,
    events: toJson(events),
    secret: sealSecret(sealer, actor.orgId, id, secret),
    is_active: true,
    include_record: body.includeRecord ?? false,
    failure_count: 0,
    last_success_at: null,
    last_failure_at: null,
    created_at: nowIso(),
  });
  // The secret is never in the trail: who, when, which subscription, where it posts and what.
  await recordAudit(tx, by, {
    orgId: actor.orgId,
    action: 'webhook.create',
    targetType: 'webhook_subscription',
    targetId: id,
    changes: { name: { before: null, after: name }, url: { before: null, after: body.url }, events: { before: null, after: events }, isActive: { before: null, after: true }, includeRecord: { before: null, after: body.includeRecord ?? false } },
  });
  return { ...created, secret, note: SIGNATURE_NOTE };
}

/**
 * Changes the fields sent, checked as on create (the url must already have passed
 * checkTargetUrl); with `expected` (If-Match) only at that version. The changed fields are
 * recorded in the audit trail with their values before and after (the version moves on every
 * PATCH, as on the other records). Deliveries already queued keep the bytes they were made with; they go to the new url.
 */
export async function patchSubscription(tx: Tx, actor: WebhooksActor, id: string, body: PatchSubscriptionBody, expected: number | undefined, by: AuditSource): Promise<Subscription> {
  if (!isUuid(id)) throw new RecordNotFoundError('webhook subscription');
  const wanted = {
    ...(body.name !== undefined ? { name: requiredText('name', body.name) } : {}),
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.events !== undefined ? { events: normalizeEvents(body.events) } : {}),
    ...(body.includeRecord !== undefined ? { includeRecord: body.includeRecord } : {}),
  };
  const { record, before, changed } = await subscriptions.update(tx.db, actor.orgId, id, expected, (current) => {
    const differs = <K extends keyof typeof wanted>(key: K) => wanted[key] !== undefined && JSON.stringify(wanted[key]) !== JSON.stringify(current[key]);
    return {
      ...(differs('name') ? { name: wanted.name } : {}),
      ...(differs('url') ? { url: wanted.url } : {}),
      ...(differs('events') ? { events: toJson(wanted.events) } : {}),
      ...(differs('includeRecord') ? { include_record: wanted.includeRecord } : {}),
    };
  });
  if (changed.length > 0) {
    const changes = Object.fromEntries(changed.map((field) => [field, { before: before[field as keyof Subscription], after: record[field as keyof Subscription] }]));
    await recordAudit(tx, by, { orgId: actor.orgId, action: 'webhook.update', targetType: 'webhook_subscription', targetId: id, changes });
  }
  return record;
}

export async function listSubscriptions(db: Kysely<Database>, actor: WebhooksActor): Promise<{ items: Subscription[] }> {
  return { items: await subscriptions.all(db, actor.orgId) };
}

/**
 * Disables the subscription and cancels what is still queued for it; repeating it changes nothing.
 * The request cancels one batch: the dispatchers cancel the rest (cancelling.ts), and none of it is
 * sent meanwhile.
 */
export async function deleteSubscription(tx: Tx, actor: WebhooksActor, id: string, by: AuditSource): Promise<{ ok: true }> {
  const found = await requireFound(isUuid(id) ? await findSubscription(tx.db, actor.orgId, id) : undefined, 'webhook subscription');
  if (!readBool(found.is_active)) return { ok: true };
  const now = nowIso();
  await recordAudit(tx, by, { orgId: actor.orgId, action: 'webhook.disable', targetType: 'webhook_subscription', targetId: id, changes: { isActive: { before: true, after: false } } });
  await disableSubscription(tx.db, actor.orgId, id, now);
  const queued = await cancelQueuedBatch(tx.db, actor.orgId, id, now);
  await noteCancelled(tx.db, actor.orgId, id, now, queued);
  if (queued >= CANCEL_BATCH) await tx.notify(DELIVERIES_CHANNEL);
  return { ok: true };
}
