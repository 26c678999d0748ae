/**
 * The delivery log: deliveries newest first with every attempt, filtered by status, subscription,
 * event, record and creation time, paged by a keyset cursor on (created_at, id) so every page is
 * one index range (webhook_deliveries_log, _subscription_log or _entity).
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset } from '../../storage/codecs.ts';
import { decodeCursor, listFingerprint, pageAndCursor } from '../../storage/keyset.ts';
import type { Database } from '../../storage/schema.ts';
import type { Db } from '../../storage/statements.ts';
import type { Storage } from '../../storage/storage.ts';
import { cancelledInEffect } from './cancelling.ts';
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

/**
 * A delivery that a DELETE cancelled and no batch reached yet reads as it will be once one has
 * (cancelling.ts): cancelled as of the disable, with no next attempt.
 */
function listDeliveries(db: Db, orgId: string, filter: DeliveryLogFilter, fingerprint: string) {
  const cancelled = cancelledInEffect('d', 's');
  const status = sql<DeliveryStatus>`case when ${cancelled} then 'cancelled' else ${sql.ref('d.status')} end`;
  let query = db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_subscriptions as s', (join) => join.onRef('s.org_id', '=', 'd.org_id').onRef('s.id', '=', 'd.subscription_id'))
    .select(['d.id', 'd.subscription_id', 'd.event_id', 'd.event', 'd.entity_id', 'd.attempts', 'd.created_at'])
    .select([
      status.as('status'),
      sql<string | null>`case when ${cancelled} then null else ${sql.ref('d.next_attempt_at')} end`.as('next_attempt_at'),
      sql<string | null>`case when ${cancelled} then ${sql.ref('s.disabled_at')} else ${sql.ref('d.completed_at')} end`.as('completed_at'),
    ])
    .where('d.org_id', '=', orgId);
  if (filter.subscriptionId !== undefined) query = query.where('d.subscription_id', '=', filter.subscriptionId);
  if (filter.recordId !== undefined) query = query.where('d.entity_id', '=', filter.recordId);
  if (filter.status !== undefined) query = query.where(status, '=', filter.status);
  if (filter.event !== undefined) query = query.where('d.event', '=', filter.event);
  if (filter.from !== undefined) query = query.where('d.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('d.created_at', '<', filter.to);
  if (filter.cursor !== undefined) {
    const [at, id] = decodeCursor(filter.cursor, fingerprint, 2).map(String) as [string, string];
    query = query.where((eb) => eb.or([eb('d.created_at', '<', at), eb.and([eb('d.created_at', '=', at), eb('d.id', '<', id)])]));
  }
  return query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(filter.limit + 1).execute();
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
