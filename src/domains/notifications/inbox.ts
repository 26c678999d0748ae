/** The operator's use cases behind `user update --telegram-chat-id` and the `notifications …` commands. */
import { invalidField, notFound } from '../../http/errors.ts';
import { findMember } from '../../platform/queries.ts';
import { requireOrganization } from '../../platform/service.ts';
import { isoWithOffset, nowIso } from '../../storage/codecs.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Storage, Tx } from '../../storage/storage.ts';
import type { Db } from '../../storage/statements.ts';
import type { AuditSource } from '../../platform/audit.ts';
import { chatsOf, linkChat, listNotifications, markRead, messengerDeliveriesOf, notificationExists, unlinkChat } from './queries.ts';
import { changedFields, cliSource, recordAudit } from '../../platform/audit.ts';

async function requireMember(storage: Storage, slug: string, userOrMemberId: string): Promise<{ orgId: string; userId: string; orgUserId: string }> {
  const org = await requireOrganization(storage, slug);
  const member = await requireFound(await findMember(storage.db, org.id, userOrMemberId), 'user');
  return { orgId: org.id, userId: member.userId, orgUserId: member.orgUserId };
}

/** A Telegram chat id is an integer (negative for groups); "none" or an empty value unlinks. */
export function parseChatId(value: string): string | null {
  if (value === '' || value === 'none') return null;
  if (!/^-?\d{1,20}$/.test(value)) throw invalidField('telegram-chat-id', 'must be a Telegram chat id (an integer), or "none" to unlink');
  return value;
}

/** Links (or with null unlinks) the Telegram chat a member's notifications are also sent to. */
export async function setTelegramChat(storage: Storage, slug: string, userOrMemberId: string, chatId: string | null): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  return storage.transaction((tx) => setTelegramChatIn(tx, org.id, userOrMemberId, chatId, cliSource()));
}

/** setTelegramChat() in `tx` for an organization known by id; audited only when the link changes. */
export async function setTelegramChatIn(tx: Tx, orgId: string, userOrMemberId: string, chatId: string | null, by: AuditSource): Promise<{ id: string; orgUserId: string; telegramChatId: string | null }> {
  const member = await requireFound(await findMember(tx.db, orgId, userOrMemberId), 'user');
  const before = (await chatsOf(tx.db, orgId, [member.userId])).get(member.userId) ?? null;
  if (before !== chatId) {
    if (chatId === null) await unlinkChat(tx.db, orgId, member.userId);
    else await linkChat(tx.db, orgId, member.userId, chatId, nowIso());
    await recordAudit(tx, by, {
      orgId,
      action: 'user.telegram_chat',
      targetType: 'user',
      targetId: member.userId,
      changes: changedFields({ telegramChatId: before }, { telegramChatId: chatId }),
    });
  }
  return { id: member.userId, orgUserId: member.orgUserId, telegramChatId: chatId };
}

/** The linked Telegram chat of each of these users (those without one are absent). */
export function telegramChatsOf(db: Db, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  return chatsOf(db, orgId, userIds);
}

/** A member's notifications, newest first, each with its messenger delivery where there is one. */
export async function notificationsOf(storage: Storage, slug: string, userOrMemberId: string, filter: { unread: boolean; limit: number }): Promise<Record<string, unknown>> {
  const member = await requireMember(storage, slug, userOrMemberId);
  const rows = await listNotifications(storage.db, member.orgId, member.userId, filter);
  const deliveries = new Map((await messengerDeliveriesOf(storage.db, member.orgId, rows.map((r) => r.id))).map((d) => [d.notification_id, d]));
  return {
    userId: member.userId,
    notifications: rows.map((r) => {
      const d = deliveries.get(r.id);
      return {
        id: r.id,
        kind: r.kind,
        title: r.title,
        text: r.text,
        entityType: r.entity_type,
        entityId: r.entity_id,
        createdAt: isoWithOffset(r.created_at),
        read: r.read_at !== null,
        readAt: isoWithOffset(r.read_at),
        messenger: d ? { status: d.status, attempts: d.attempts, lastError: d.last_error, completedAt: isoWithOffset(d.completed_at) } : null,
      };
    }),
  };
}

/** Marks one notification (`id`) or all of a member's unread ones read; returns how many changed. */
export async function markNotificationsRead(storage: Storage, slug: string, userOrMemberId: string, id: string | undefined): Promise<Record<string, unknown>> {
  const member = await requireMember(storage, slug, userOrMemberId);
  return storage.transaction(async (tx) => {
    if (id !== undefined && !(await notificationExists(tx.db, member.orgId, member.userId, id))) throw notFound('notification');
    const marked = await markRead(tx.db, member.orgId, member.userId, id, nowIso());
    return { userId: member.userId, marked };
  });
}
