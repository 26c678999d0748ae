/**
 * What DELETE /webhooks/{id} leaves queued never goes out, however much there is. One rule, read
 * alike by the claim, the batches below and the delivery log: a pending delivery created at or
 * before its subscription's disabled_at is cancelled (disabled_at stays after an enable, so an
 * enable never sends what was queued before the disable). The delete cancels one batch itself
 * and, when there may be more, marks the subscription `cancelling`; the dispatchers cancel the
 * rest a batch per transaction before they claim (the queue's UnsentJobs), and a claim that
 * meets such a delivery cancels it instead of sending it.
 */
import { expressionBuilder, sql } from 'kysely';
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { Db } from '../../storage/statements.ts';
import type { Storage } from '../../storage/storage.ts';

/** Deliveries cancelled per transaction: on SQLite one such transaction is what holds the event loop. */
export const CANCEL_BATCH = 500;

/** The rule, for a delivery aliased `d` beside its subscription aliased `s` (false without one). */
export function cancelledInEffect(d: string, s: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${d}.status`)} = 'pending' and ${sql.ref(`${d}.created_at`)} <= ${sql.ref(`${s}.disabled_at`)})`;
}

/** Cancels these pending deliveries of one organization, each as of its subscription's disabled_at (what the log shows before). */
export async function cancelDeliveries(db: Db, orgId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'cancelled',
      completed_at: sql<string>`(select s.disabled_at from webhook_subscriptions s where s.org_id = webhook_deliveries.org_id and s.id = webhook_deliveries.subscription_id)`,
      next_attempt_at: null,
      locked_until: null,
      lease_token: null,
    })
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Cancels up to CANCEL_BATCH of the subscription's pending deliveries created up to `through` (one
 * range of webhook_deliveries_subscription_pending); returns how many it found.
 */
export async function cancelQueuedBatch(db: Db, orgId: string, subscriptionId: string, through: string): Promise<number> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('org_id', '=', orgId)
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .where('created_at', '<=', through)
    .limit(CANCEL_BATCH)
    .execute();
  await cancelDeliveries(db, orgId, rows.map((r) => r.id));
  return rows.length;
}

/** The subscription is marked as having more to cancel, or not, after a batch that found `found`. */
export async function noteCancelled(db: Db, orgId: string, subscriptionId: string, through: string, found: number): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set({ cancelling: found >= CANCEL_BATCH })
    .where('org_id', '=', orgId)
    .where('id', '=', subscriptionId)
    // A disable since (an enable and a delete again) moved the bound: its own batches go on.
    .where('disabled_at', '=', through)
    .execute();
}

/** Some subscription still has deliveries to cancel (on the webhook_subscriptions_cancelling index). */
export function cancellationWaits(): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(eb.selectFrom('webhook_subscriptions').select(sql.lit(1).as('one')).where('cancelling', '=', sql.lit(true)));
}

/** One batch of one subscription still cancelling, in its own transaction; returns how much it did (0: none is cancelling). */
export async function cancelNextBatch(storage: Storage): Promise<number> {
  return storage.transaction(async (tx) => {
    // Dispatchers of other processes take other subscriptions meanwhile.
    const sub = await tx
      .claimSkippingLocked(tx.db.selectFrom('webhook_subscriptions').select(['org_id', 'id', 'disabled_at']).where('cancelling', '=', true).limit(1))
      .executeTakeFirst();
    if (sub === undefined) return 0;
    if (sub.disabled_at === null) {
      await tx.db.updateTable('webhook_subscriptions').set({ cancelling: false }).where('org_id', '=', sub.org_id).where('id', '=', sub.id).execute();
      return 1;
    }
    const found = await cancelQueuedBatch(tx.db, sub.org_id, sub.id, sub.disabled_at);
    await noteCancelled(tx.db, sub.org_id, sub.id, sub.disabled_at, found);
    return found + 1;
  });
}
