/** The notifications module's SQL. Every query takes the organization id, except the messenger's claim and pruning, which serve all. */
import type { Insertable, Selectable } from 'kysely';
import { deleteFinishedJobs, dueCondition } from '../../events/outbox/queries.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { MessengerDeliveriesTable, NotificationsTable } from './tables.ts';

/** Messenger deliveries are the kernel's jobs: this table has every JobColumns column. */
export const MESSENGER_TABLE = 'messenger_deliveries';

export async function insertNotifications(db: Db, rows: Array<Insertable<NotificationsTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
}

export type NotificationRow = Selectable<NotificationsTable>;

export function listNotifications(db: Db, orgId: string, userId: string, filter: { unread: boolean; limit: number }): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId);
  if (filter.unread) query = query.where('read_at', 'is', null);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** Marks a user's unread notifications read (one, or all when `id` is undefined); returns how many changed. */
export async function markRead(db: Db, orgId: string, userId: string, id: string | undefined, at: string): Promise<number> {
  let query = db.updateTable('notifications').set({ read_at: at }).where('org_id', '=', orgId).where('user_id', '=', userId).where('read_at', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

export async function notificationExists(db: Db, orgId: string, userId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('notifications').select('id').where('org_id', '=', orgId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The linked Telegram chat of each of `userIds` that has one. */
export async function chatsOf(db: Db, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('messenger_links').select(['user_id', 'telegram_chat_id']).where('org_id', '=', orgId).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.user_id, r.telegram_chat_id]));
}

export async function linkChat(db: Db, orgId: string, userId: string, chatId: string, at: string): Promise<void> {
  await db
    .insertInto('messenger_links')
    .values({ org_id: orgId, user_id: userId, telegram_chat_id: chatId, updated_at: at })
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ telegram_chat_id: chatId, updated_at: at }))
    .execute();
}

export async function unlinkChat(db: Db, orgId: string, userId: string): Promise<void> {
  await db.deleteFrom('messenger_links').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

export type NewMessengerDelivery = Pick<Insertable<MessengerDeliveriesTable>, 'org_id' | 'id' | 'notification_id' | 'user_id' | 'chat_id' | 'text' | 'created_at'> & {
  next_attempt_at: string;
};

export async function insertMessengerDeliveries(db: Db, rows: NewMessengerDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('messenger_deliveries')
    .values(rows.map((r) => ({ ...r, status: 'pending' as const })))
    .execute();
}

/** A messenger delivery a dispatcher is about to send. */
export type DueMessage = Pick<Selectable<MessengerDeliveriesTable>, 'org_id' | 'id' | 'user_id' | 'chat_id' | 'text' | 'attempts'>;

/** Up to `limit` due, unheld messenger deliveries, across organizations (the kernel leases them). */
export function selectDueMessages(tx: Tx, now: string, limit: number): Promise<DueMessage[]> {
  return tx
    .claimSkippingLocked(
      tx.db
        .selectFrom('messenger_deliveries as d')
        .select(['d.org_id', 'd.id', 'd.user_id', 'd.chat_id', 'd.text', 'd.attempts'])
        .where(dueCondition(now, 'd'))
        .orderBy('d.next_attempt_at')
        .limit(limit),
    )
    .execute();
}

export type MessengerDeliveryRow = Selectable<MessengerDeliveriesTable>;

export function messengerDeliveriesOf(db: Db, orgId: string, notificationIds: string[]): Promise<MessengerDeliveryRow[]> {
  if (notificationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('messenger_deliveries').selectAll().where('org_id', '=', orgId).where('notification_id', 'in', notificationIds).execute();
}

/** Deletes up to `limit` messenger deliveries finished before `before`; returns how many. */
export function deleteFinishedMessages(db: Db, before: string, limit: number): Promise<number> {
  return deleteFinishedJobs(db, MESSENGER_TABLE, before, limit);
}
