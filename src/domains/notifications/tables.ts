import type { JobTableColumns } from '../../events/outbox/tables.ts';
import type { DbTimestamp } from '../../storage/codecs.ts';

/** An in-app notification, kept per user. */
export interface NotificationsTable {
  org_id: string;
  id: string;
  /** users.id of the recipient. */
  user_id: string;
  /** The rule's kind, e.g. "task.assigned". */
  kind: string;
  title: string;
  text: string;
  entity_type: string;
  entity_id: string;
  /** events.id of the event it came from. */
  event_id: string;
  created_at: DbTimestamp;
  /** When the user (or the operator for them) marked it read; null while unread. */
  read_at: DbTimestamp | null;
}

/** A user's messenger chat in an organization (the Telegram chat the bot writes to). */
export interface MessengerLinksTable {
  org_id: string;
  user_id: string;
  /** Telegram's chat id, an integer kept as text (it may exceed 32 bits). */
  telegram_chat_id: string;
  updated_at: DbTimestamp;
}

export type MessengerDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One message to one chat: a job of the kernel's outbox (src/events/outbox), with its JobColumns. */
export interface MessengerDeliveriesTable extends JobTableColumns<MessengerDeliveryStatus> {
  notification_id: string;
  user_id: string;
  chat_id: string;
  /** The exact text sent on every attempt. */
  text: string;
}

export interface NotificationTables {
  notifications: NotificationsTable;
  messenger_links: MessengerLinksTable;
  messenger_deliveries: MessengerDeliveriesTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends NotificationTables {}
}
