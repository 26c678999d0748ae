/**
 * What an administrator does with a disabled subscription: enable it again (events from then on
 * are delivered; what was queued before the disable stays cancelled, as its disabled_at stays:
 * cancelling.ts) or delete it for good, once its queued deliveries are all cancelled. A deleted
 * subscription's finished deliveries stay in the log until retention removes them, so deleting
 * is one row however long its history.
 */
import { invalidField } from '../../http/errors.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import { bumpCollection } from '../../storage/change-counters.ts';
import { readBool } from '../../storage/codecs.ts';
import { isUuid } from '../../storage/ids.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Tx } from '../../storage/storage.ts';
import { findSubscription, subscriptions } from './queries.ts';
import type { Subscription } from './schemas.ts';

async function disabledOne(tx: Tx, orgId: string, id: string, doing: string) {
  const found = await requireFound(isUuid(id) ? await findSubscription(tx.db, orgId, id) : undefined, 'webhook subscription');
  if (readBool(found.is_active)) throw invalidField('id', `the subscription is active: disable it before you ${doing} it`);
  return found;
}

export async function enableSubscription(tx: Tx, orgId: string, id: string, by: AuditSource): Promise<Subscription> {
  await disabledOne(tx, orgId, id, 'enable');
  await tx.db.updateTable('webhook_subscriptions').set({ is_active: true }).where('org_id', '=', orgId).where('id', '=', id).execute();
  await bumpCollection(tx.db, orgId, subscriptions.table);
  await recordAudit(tx, by, { orgId, action: 'webhook.enable', targetType: 'webhook_subscription', targetId: id, changes: { isActive: { before: false, after: true } } });
  return subscriptions.get(tx.db, orgId, id);
}

export async function removeSubscription(tx: Tx, orgId: string, id: string, by: AuditSource): Promise<{ id: string; deleted: true }> {
  const found = await disabledOne(tx, orgId, id, 'delete');
  // Its batches find the deliveries left to cancel through the subscription: they end first.
  if (readBool(found.cancelling)) throw invalidField('id', 'the deliveries it had queued are still being cancelled: try again in a moment');
  await tx.db.deleteFrom('webhook_subscriptions').where('org_id', '=', orgId).where('id', '=', id).execute();
  await bumpCollection(tx.db, orgId, subscriptions.table);
  await recordAudit(tx, by, {
    orgId,
    action: 'webhook.delete',
    targetType: 'webhook_subscription',
    targetId: id,
    changes: { name: { before: found.name, after: null }, url: { before: found.url, after: null } },
  });
  return { id, deleted: true };
}
