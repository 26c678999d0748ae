/** The webhooks domain's SQL. Every query takes orgId, except the dispatcher's claim, which serves all organizations. */
import { expressionBuilder, sql } from 'kysely';
import type { Expression, ExpressionBuilder, Insertable, Selectable, SqlBool, Transaction } from 'kysely';
import { deleteFinishedJobs, dueCondition, leaseJobs } from '../../events/outbox/queries.ts';
import { bumpCollection } from '../../storage/change-counters.ts';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import { reusableStatement } from '../../storage/reusable.ts';
import type { Database } from '../../storage/schema.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { cancelDeliveries, cancelledInEffect } from './cancelling.ts';
import type { WebhookDeliveriesTable } from './tables.ts';

/** The deliveries are the kernel's jobs (src/events/outbox): this table has every JobColumns column. */
export const DELIVERIES_TABLE = 'webhook_deliveries';

export interface SubscriptionRow {
  id: string;
  name: string;
  url: string;
  events: unknown;
  is_active: boolean | number;
  cancelling: boolean | number;
  failure_count: number;
  last_success_at: string | null;
  last_failure_at: string | null;
}

const subscriptionColumns = ['id', 'name', 'url', 'events', 'is_active', 'cancelling', 'failure_count', 'last_success_at', 'last_failure_at'] as const;

const subscription = fieldsOf<'webhook_subscriptions'>();

/** Subscriptions as the API shows them (never the secret), oldest first. */
export const subscriptions = defineResource({
  table: 'webhook_subscriptions',
  noun: 'webhook subscription',
  fields: {
    id: 'id',
    version: 'version',
    name: 'name',
    url: 'url',
    events: subscription.via('events', (value) => readJson<string[]>(value)),
    isActive: subscription.via('is_active', readBool),
    includeRecord: subscription.via('include_record', readBool),
    failureCount: 'failure_count',
    lastSuccessAt: subscription.via('last_success_at', (value) => isoWithOffset(value)),
    lastFailureAt: subscription.via('last_failure_at', (value) => isoWithOffset(value)),
  },
  order: [
    ['created_at', 'asc'],
    ['id', 'asc'],
  ],
});

/** A subscription with its secrets (sealed): the current one and, after a rotation, the previous one until its overlap ends. */
export function findSubscription(db: Db, orgId: string, id: string): Promise<(SubscriptionRow & DeliveryTarget) | undefined> {
  return db
    .selectFrom('webhook_subscriptions')
    .select([...subscriptionColumns, 'secret', 'previous_secret', 'previous_secret_until'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface StoredTarget {
  org_id: string;
  id: string;
  url: string;
  secret: string;
}

/** Every subscription's target and secret as stored, across organizations (the start-up upgrade). */
export function storedTargets(db: Db): Promise<StoredTarget[]> {
  return db.selectFrom('webhook_subscriptions').select(['org_id', 'id', 'url', 'secret']).execute();
}

/** One subscription whose stored secret starts with `prefix` (any organization), or undefined. */
export function oneStoredSecretLike(db: Db, prefix: string): Promise<StoredTarget | undefined> {
  return db.selectFrom('webhook_subscriptions').select(['org_id', 'id', 'url', 'secret']).where('secret', 'like', `${prefix}%`).limit(1).executeTakeFirst();
}

/** Replaces a subscription's url and secret if they are still what was read; returns 1 when it did. */
export async function replaceStoredTarget(db: Db, was: StoredTarget, now: { url: string; secret: string }): Promise<number> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set(now)
    .where('org_id', '=', was.org_id)
    .where('id', '=', was.id)
    .where('url', '=', was.url)
    .where('secret', '=', was.secret)
    .executeTakeFirst();
  const replaced = Number(result.numUpdatedRows);
  if (replaced > 0) await bumpCollection(db, was.org_id, subscriptions.table);
  return replaced;
}

const activeSubscriptions = reusableStatement(
  'activeSubscriptionEvents',
  (db, orgId: string) => db.selectFrom('webhook_subscriptions').select(['id', 'events', 'include_record', 'created_at']).where('org_id', '=', orgId).where('is_active', '=', true),
  (orgId) => [orgId, true],
);

type ActiveSubscription = { id: string; events: unknown; include_record: boolean | number; created_at: string };

/**
 * The organization has an active subscription: the fan-out's `workFor`, so an event of an
 * organization without one queues no fan-out at all (on the (org_id, is_active) index).
 */
export function hasActiveSubscription(orgId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(eb.selectFrom('webhook_subscriptions').select(sql.lit(1).as('one')).where('org_id', '=', orgId).where('is_active', '=', sql.lit(true)));
}

/** What activeSubscriptionEvents read, by transaction and organization. */
const readIn = new WeakMap<Tx, Map<string, Promise<ActiveSubscription[]>>>();

/**
 * The organization's active subscriptions and what they subscribe to, for every event fanned
 * out: read once per transaction, as a runner's pass fans out many events of one organization
 * in one transaction, and fanning out changes no subscription.
 */
export function activeSubscriptionEvents(tx: Tx, orgId: string): Promise<ActiveSubscription[]> {
  let byOrg = readIn.get(tx);
  if (byOrg === undefined) readIn.set(tx, (byOrg = new Map()));
  let read = byOrg.get(orgId);
  if (read === undefined) {
    const reading = tx.run(activeSubscriptions, orgId).then((result) => result.rows);
    // A failed read (its handler rolled back to a savepoint) is not kept for the next event.
    reading.catch(() => byOrg.delete(orgId));
    byOrg.set(orgId, reading);
    read = reading;
  }
  return read;
}

/** Disables an active subscription as of `now` (its disabled_at, which bounds what is cancelled: cancelling.ts). */
export async function disableSubscription(db: Db, orgId: string, id: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set({ is_active: false, disabled_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('is_active', '=', true)
    .execute();
  await bumpCollection(db, orgId, subscriptions.table);
}

/** A delivery as the outbox creates it: pending, due at next_attempt_at (NULL: parked, see events/outbox/parking.ts). */
export type NewDelivery = Pick<Insertable<WebhookDeliveriesTable>, 'org_id' | 'id' | 'subscription_id' | 'event_id' | 'event' | 'body' | 'created_at'> & {
  next_attempt_at: string | null;
};

type DeliveryRow = NewDelivery & { status: 'pending'; entity_id: string | null };

/** In the column order insertEventDeliveries binds, whatever order the caller built `r` in. */
const deliveryRow = (r: NewDelivery): DeliveryRow => ({
  org_id: r.org_id, id: r.id, subscription_id: r.subscription_id, event_id: r.event_id, event: r.event, body: r.body, created_at: r.created_at, next_attempt_at: r.next_attempt_at, status: 'pending', entity_id: entityIdOf(r.body),
});

export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('webhook_deliveries').values(rows.map(deliveryRow)).execute();
}

/** One event's deliveries, one row per matching subscription: sent with the next statement on PostgreSQL. */
const insertEventDeliveries = reusableStatement(
  'insertEventDeliveries',
  (db, rows: DeliveryRow[]) => db.insertInto('webhook_deliveries').values(rows),
  (rows) => rows.flatMap((r) => [r.org_id, r.id, r.subscription_id, r.event_id, r.event, r.body, r.created_at, r.next_attempt_at, r.status, r.entity_id]),
  (rows) => String(rows.length),
  { unanswered: true },
);

/** A fan-out's deliveries of one event (as many as the organization's matching subscriptions): no round trip of their own. */
export async function insertFanOutDeliveries(tx: Tx, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.run(insertEventDeliveries, rows.map(deliveryRow));
}

/** The record a delivery is about, read from the body it carries (payload.ts puts data.entityId there). */
function entityIdOf(body: string): string | null {
  const parsed: unknown = JSON.parse(body);
  const data = parsed !== null && typeof parsed === 'object' && 'data' in parsed ? parsed.data : undefined;
  const id = data !== null && typeof data === 'object' && 'entityId' in data ? data.entityId : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** A delivery a worker holds the lease on, with what it needs to send it. */
export type ClaimedDelivery = Pick<Selectable<WebhookDeliveriesTable>, 'org_id' | 'id' | 'subscription_id' | 'event_id' | 'event' | 'body' | 'attempts'> & DeliveryTarget;

/** Where a delivery goes and the secrets (sealed) it is signed with. */
export interface DeliveryTarget {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
}

const dueColumns = ['d.org_id', 'd.id', 'd.subscription_id', 'd.event_id', 'd.event', 'd.body', 'd.attempts'] as const;

/** Marks claimed rows as held by `leaseToken` until `leaseUntil` (the kernel's lease), then returns them with their target. */
async function lease(trx: Transaction<Database>, rows: Array<Omit<ClaimedDelivery, keyof DeliveryTarget>>, leaseUntil: string, leaseToken: string): Promise<ClaimedDelivery[]> {
  await leaseJobs(trx, DELIVERIES_TABLE, rows, leaseUntil, leaseToken);
  return withTargets(trx, rows);
}

/** The claimed rows with their subscription's url and secret (a row whose subscription is gone is dropped). */
async function withTargets(trx: Transaction<Database>, rows: Array<Omit<ClaimedDelivery, keyof DeliveryTarget>>): Promise<ClaimedDelivery[]> {
  if (rows.length === 0) return [];
  const byOrg = new Map<string, Array<Omit<ClaimedDelivery, keyof DeliveryTarget>>>();
  for (const r of rows) byOrg.set(r.org_id, [...(byOrg.get(r.org_id) ?? []), r]);
  const targets: Array<DeliveryTarget & { org_id: string; id: string }> = [];
  for (const [orgId, list] of byOrg) {
    targets.push(
      ...(await trx
        .selectFrom('webhook_subscriptions')
        .select(['org_id', 'id', 'url', 'secret', 'previous_secret', 'previous_secret_until'])
        .where('org_id', '=', orgId)
        .where('id', 'in', [...new Set(list.map((r) => r.subscription_id))])
        .execute()),
    );
  }
  const byKey = new Map(targets.map((t) => [`${t.org_id}/${t.id}`, t]));
  return rows.flatMap((r) => {
    const t = byKey.get(`${r.org_id}/${r.subscription_id}`);
    return t ? [{ ...r, url: t.url, secret: t.secret, previous_secret: t.previous_secret, previous_secret_until: t.previous_secret_until }] : [];
  });
}

/** The delivery's subscription sends it (active) or has it cancelled (cancelling.ts): a pending delivery of neither kind is left as it is. */
function subscriptionTakes(eb: ExpressionBuilder<Database & { d: Database['webhook_deliveries'] }, 'd'>) {
  return eb.exists(
    eb
      .selectFrom('webhook_subscriptions as s')
      .select('s.id')
      .whereRef('s.org_id', '=', 'd.org_id')
      .whereRef('s.id', '=', 'd.subscription_id')
      .where((w) => w.or([w('s.is_active', '=', true), cancelledInEffect('d', 's')])),
  );
}

/**
 * Up to `limit` due, unheld deliveries of active subscriptions, across organizations, with their
 * target (the kernel leases them); those a DELETE cancelled and no batch reached yet are cancelled
 * here instead, and not returned.
 */
export async function selectDueDeliveries(tx: Tx, now: string, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await tx
    .claimSkippingLocked(
      tx.db
        .selectFrom('webhook_deliveries as d')
        .select(dueColumns)
        .select((eb) =>
          eb
            .exists(eb.selectFrom('webhook_subscriptions as s').select('s.id').whereRef('s.org_id', '=', 'd.org_id').whereRef('s.id', '=', 'd.subscription_id').where(cancelledInEffect('d', 's')))
            .as('cancelled'),
        )
        .where(dueCondition(now, 'd'))
        .where(subscriptionTakes)
        .orderBy('d.next_attempt_at')
        .limit(limit),
    )
    .execute();
  const cancelled = rows.filter((r) => readBool(r.cancelled));
  for (const orgId of new Set(cancelled.map((r) => r.org_id))) await cancelDeliveries(tx.db, orgId, cancelled.filter((r) => r.org_id === orgId).map((r) => r.id));
  return withTargets(
    tx.db,
    rows.filter((r) => !readBool(r.cancelled)).map(({ cancelled: _c, ...r }) => r),
  );
}

/** Claims one delivery of an organization now, whatever its status, unless another worker holds it. */
export async function claimDelivery(
  tx: Tx,
  orgId: string,
  id: string,
  now: string,
  leaseUntil: string,
  leaseToken: string,
): Promise<ClaimedDelivery[] | 'held' | 'missing' | 'inactive'> {
  const trx = tx.db;
  const row = await tx
    .claimSkippingLocked(trx.selectFrom('webhook_deliveries as d').select([...dueColumns, 'd.locked_until', 'd.status']).where('d.org_id', '=', orgId).where('d.id', '=', id))
    .executeTakeFirst();
  // Absent from a SKIP LOCKED read but present: another worker holds it.
  if (!row) return (await deliveryExists(trx, orgId, id)) ? 'held' : 'missing';
  const sub = await trx
    .selectFrom('webhook_subscriptions')
    .select('is_active')
    .where('org_id', '=', orgId)
    .where('id', '=', row.subscription_id)
    .executeTakeFirst();
  if (!sub || !(sub.is_active === true || sub.is_active === 1)) return 'inactive';
  if (row.status === 'pending' && row.locked_until !== null && row.locked_until > now) return 'held';
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', completed_at: null, next_attempt_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
  const { locked_until: _l, status: _s, ...claimed } = row;
  return lease(trx, [claimed], leaseUntil, leaseToken);
}

async function deliveryExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('webhook_deliveries').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface AttemptRecord {
  org_id: string;
  delivery_id: string;
  subscription_id: string;
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  ok: boolean;
  error: string | null;
}

export async function insertAttempts(db: Db, records: AttemptRecord[]): Promise<void> {
  if (records.length > 0) await db.insertInto('webhook_attempts').values(records).execute();
}

export async function recordSubscriptionStats(
  db: Db,
  s: { orgId: string; id: string; succeeded: boolean; failuresAfterSuccess: number; lastSuccessAt: string | null; lastFailureAt: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set((eb) => ({
      failure_count: s.succeeded ? s.failuresAfterSuccess : eb('failure_count', '+', s.failuresAfterSuccess),
      ...(s.lastSuccessAt !== null ? { last_success_at: s.lastSuccessAt } : {}),
      ...(s.lastFailureAt !== null ? { last_failure_at: s.lastFailureAt } : {}),
    }))
    .where('org_id', '=', s.orgId)
    .where('id', '=', s.id)
    .execute();
  // The statistics are part of GET /webhooks: its tag must move with them.
  await bumpCollection(db, s.orgId, subscriptions.table);
}

export function attemptsOf(db: Db, orgId: string, deliveryIds: string[]): Promise<Array<Omit<AttemptRecord, 'org_id' | 'subscription_id'>>> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'started_at', 'duration_ms', 'status_code', 'ok', 'error'])
    .where('org_id', '=', orgId)
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('seq')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, ok: r.ok === true || r.ok === 1 })));
}

/** Every attempt started at or after `since`: its time and outcome. */
export function attemptsSince(db: Db, orgId: string, since: string): Promise<Array<{ started_at: string; ok: boolean }>> {
  return db
    .selectFrom('webhook_attempts')
    .select(['started_at', 'ok'])
    .where('org_id', '=', orgId)
    .where('started_at', '>=', since)
    .execute()
    .then((rows) => rows.map((r) => ({ started_at: String(r.started_at), ok: r.ok === true || r.ok === 1 })));
}

/** Deletes up to `limit` deliveries finished before `before`, with their attempts; returns how many deliveries. */
export function deleteFinishedDeliveries(db: Db, before: string, limit: number): Promise<number> {
  return deleteFinishedJobs(db, DELIVERIES_TABLE, before, limit, async (tx, orgId, ids) => {
    await tx.deleteFrom('webhook_attempts').where('org_id', '=', orgId).where('delivery_id', 'in', ids).execute();
  });
}

/** A subscription's active flag and current secret (sealed), its row locked until the transaction ends. */
export function lockedSubscriptionSecret(tx: Tx, orgId: string, id: string): Promise<{ is_active: boolean | number; secret: string } | undefined> {
  return tx.lockForUpdate(tx.db.selectFrom('webhook_subscriptions').select(['is_active', 'secret']).where('org_id', '=', orgId).where('id', '=', id)).executeTakeFirst();
}

/** Stores a new current secret; the replaced one stays as previous_secret until `previousUntil` (null: dropped now). */
export async function replaceSecret(db: Db, orgId: string, id: string, secrets: { secret: string; previous: string | null; previousUntil: string | null }): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set({ secret: secrets.secret, previous_secret: secrets.previous, previous_secret_until: secrets.previousUntil })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

/** Drops replaced secrets whose overlap ended before `now`, across organizations; returns how many. */
export async function dropExpiredPreviousSecrets(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({ previous_secret: null, previous_secret_until: null })
    .where('previous_secret_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
