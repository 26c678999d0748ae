import { isEventNamed } from '../../events/types.ts';
import type { Consumer, EventName, StoredEvent } from '../../events/types.ts';
import { activeMemberUserIds } from '../../platform/members.ts';
import { organizationSettings } from '../../platform/queries.ts';
import { nowIso } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import type { AnyNotificationRule, NotificationRule } from '../module.ts';
import { chatsOf, insertMessengerDeliveries, insertNotifications } from './queries.ts';

/** Messenger dispatchers in every process wake on this channel when deliveries commit. */
export const MESSENGER_CHANNEL = 'bizplat_messenger_deliveries';

const NOTIFY_CONSUMER = 'notifications.notify';

/** What a rule makes of one event of its name. */
interface Message {
  kind: string;
  recipients: readonly string[];
  actor: string | undefined;
  title: string;
  text: string;
  sharedChat: boolean;
}

/** The rule's message about the event, or undefined when the event is not the rule's. */
function messageOf<N extends EventName>(rule: NotificationRule<N>, event: StoredEvent): Message | undefined {
  if (!isEventNamed(event, rule.event)) return undefined;
  return { kind: rule.kind, recipients: rule.recipients(event), actor: rule.actor?.(event), title: rule.title(event), text: rule.text(event), sharedChat: rule.sharedChat === true };
}

/** The users a message goes to: its recipients once each, without the actor, active members of the event's organization only (as they are now, not when the event was raised). */
async function recipientsOf(tx: Tx, message: Message, event: StoredEvent): Promise<string[]> {
  const wanted = [...new Set(message.recipients)].filter((id) => id !== message.actor);
  const members = await activeMemberUserIds(tx.db, event.orgId, wanted);
  return wanted.filter((id) => members.has(id));
}

/** The message a chat receives: the title, a blank line, the text. */
export function messageText(title: string, text: string): string {
  return text === '' ? title : `${title}\n\n${text}`;
}

/** The organization's shared Telegram chat (the setting `telegramChatId`), when one is set. */
async function sharedChatOf(tx: Tx, orgId: string): Promise<string | undefined> {
  const chatId = (await organizationSettings(tx.db, orgId)).telegramChatId;
  return typeof chatId === 'string' && chatId !== '' ? chatId : undefined;
}

async function notify(tx: Tx, message: Message, event: StoredEvent): Promise<void> {
  const users = await recipientsOf(tx, message, event);
  const sharedChat = message.sharedChat ? await sharedChatOf(tx, event.orgId) : undefined;
  if (users.length === 0 && sharedChat === undefined) return;
  const { title, text } = message;
  const now = nowIso();
  const rows = users.map((userId) => ({
    org_id: event.orgId,
    id: newId(),
    user_id: userId,
    kind: message.kind,
    title,
    text,
    entity_type: event.entityType,
    entity_id: event.entityId,
    event_id: event.id,
    created_at: now,
    read_at: null,
  }));
  await insertNotifications(tx.db, rows);
  const chats = await chatsOf(tx.db, event.orgId, users);
  const chatText = messageText(title, text);
  const deliveries = rows.flatMap((n) => {
    const chatId = chats.get(n.user_id);
    return chatId === undefined
      ? []
      : [{ org_id: event.orgId, id: newId(), notification_id: n.id, user_id: n.user_id, chat_id: chatId, text: chatText, created_at: now, next_attempt_at: now }];
  });
  // The shared chat is no user's: its delivery names the event in place of a notification.
  if (sharedChat !== undefined) {
    deliveries.push({ org_id: event.orgId, id: newId(), notification_id: event.id, user_id: '', chat_id: sharedChat, text: chatText, created_at: now, next_attempt_at: now });
  }
  if (deliveries.length === 0) return;
  await insertMessengerDeliveries(tx.db, deliveries);
  await tx.notify(MESSENGER_CHANNEL);
}

/**
 * The consumer that turns the rules' events into notifications, in its own transaction: the
 * in-app rows and the messenger deliveries exist exactly when the event is marked handled.
 * Undefined when no rule is declared.
 */
export function notifyConsumer(rules: readonly AnyNotificationRule[]): Consumer | undefined {
  if (rules.length === 0) return undefined;
  const events = [...new Set(rules.map((r) => r.event))];
  return {
    name: NOTIFY_CONSUMER,
    events,
    async handle(tx, event) {
      for (const rule of rules) {
        const message = messageOf(rule, event);
        if (message !== undefined) await notify(tx, message, event);
      }
    },
  };
}
