/**
 * The delivery log: deliveries newest first with every attempt, filtered by status, subscription,
 * event, record and creation time, paged by a keyset cursor on (created_at, id) so every page is
 * one index range (webhook_deliveries_log, _subscription_log or _entity).
 */
import type { Kysely } from 'kysely';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset } from '../../storage/codecs.ts';
import { decodeCursor, listFingerprint, pageAndCursor } from '../../storage/keyset.ts';
import type { Database } from '../../storage/schema.ts';
import type { Db } from '../../storage/statements.ts';
import type { Storage } from '../../storage/storage.ts';
import { attemptsOf } from './queries.ts';
import type { DeliveryStatus } from './tables.ts';

export interface DeliveryLogFilter {
  subscriptionId?: string | undefined;
  status?: DeliveryStatus | undefined;
  /** A catalog event name, e.g. client.created. */
  event?: string | undefined;
  /** The id of the record the event is about (data.entityId). */
  recordId?: string | undefined;
  /** Created at or after / before these ISO times. */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  /** nextCursor of the previous page with the same filters. */
  cursor?: string | undefined;
}

export interface DeliveryLogEntry {
  id: string;
  subscriptionId: string;
  eventId: string;
  event: string;
  recordId: string | null;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts: Array<{ attempt: number; at: string; ok: boolean; statusCode: number | null; durationMs: number; error: string | null }>;
}

export interface DeliveryLogPage {
  deliveries: DeliveryLogEntry[];
  /** Pass as cursor (with the same filters) for older deliveries; null on the last page. */
  nextCursor: string | null;
}

function listDeliveries(db: Db, orgId: string, filter: DeliveryLogFilter, fingerprint: string) {
  let query = db
    .selectFrom('webhook_deliveries')
    .select(['id', 'subscription_id', 'event_id', 'event', 'entity_id', 'status', 'attempts', 'next_attempt_at', 'created_at', 'completed_at'])
    .where('org_id', '=', orgId);
  if (filter.subscriptionId !== undefined) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (filter.recordId !== undefined) query = query.where('entity_id', '=', filter.recordId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (filter.cursor !== undefined) {
    const [at, id] = decodeCursor(filter.cursor, fingerprint, 2).map(String) as [string, string];
    query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit + 1).execute();
}

/** One page of the log, each delivery with its attempts (time, status code, duration, error). */
export async function deliveryLogOf(db: Kysely<Database>, orgId: string, filter: DeliveryLogFilter): Promise<DeliveryLogPage> {
  const { cursor: _cursor, limit: _limit, ...filters } = filter;
  const fingerprint = listFingerprint(['webhook_deliveries', orgId, filters]);
  const rows = await listDeliveries(db, orgId, filter, fingerprint);
  const { page, next } = pageAndCursor(rows, filter.limit, fingerprint, (r) => [r.created_at, r.id]);
  const attempts = await attemptsOf(db, orgId, page.map((r) => r.id));
  return {
    deliveries: page.map((r) => ({
      id: r.id,
      subscriptionId: r.subscription_id,
      eventId: r.event_id,
      event: r.event,
      recordId: r.entity_id,
      status: r.status,
      attemptCount: r.attempts,
      nextAttemptAt: isoWithOffset(r.next_attempt_at),
      createdAt: isoWithOffset(r.created_at),
      completedAt: isoWithOffset(r.completed_at),
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ attempt: a.attempt, at: isoWithOffset(a.started_at), ok: a.ok, statusCode: a.status_code, durationMs: a.duration_ms, error: a.error })),
    })),
    nextCursor: next,
  };
}

/** deliveryLogOf() for an organization known by slug (the CLI). */
export async function deliveryLog(storage: Storage, slug: string, filter: DeliveryLogFilter): Promise<DeliveryLogPage> {
  const org = await requireOrganization(storage, slug);
  return deliveryLogOf(storage.db, org.id, filter);
}
