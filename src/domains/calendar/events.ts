/**
 * meeting.created: raised by POST /meetings; its rule notifies every participant but the creator
 * and posts to the organization's shared chat. meeting.reminder: raised when a reminder of an
 * occurrence falls due; its rule notifies every participant. Both are internal: they never
 * reach webhooks.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { EventDeclaration, StoredEvent } from '../../events/types.ts';
import type { NotificationRule } from '../module.ts';

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const MeetingCreated = Type.Object({
  title: Type.String(),
  start_at: Type.String(),
  end_at: Type.String(),
  location: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  recurrence_rule: Nullable(Type.String()),
  owner_user_id: Type.String(),
  participant_ids: Type.Array(Type.String()),
}, { additionalProperties: false });
export type MeetingCreatedContext = Static<typeof MeetingCreated>;

export const MeetingReminder = Type.Object({
  title: Type.String(),
  /** The occurrence's id, as GET /meetings shows it. */
  occurrence_id: Type.String(),
  start_at: Type.String(),
  reminder_minutes: Type.Integer({ minimum: 0 }),
  location: Nullable(Type.String()),
  video_url: Nullable(Type.String()),
  participant_ids: Type.Array(Type.String()),
}, { additionalProperties: false });
export type MeetingReminderContext = Static<typeof MeetingReminder>;

export const calendarEvents: EventDeclaration[] = [
  { name: 'meeting.created', entityType: 'meeting', context: MeetingCreated, visibility: 'internal' },
  { name: 'meeting.reminder', entityType: 'meeting', context: MeetingReminder, visibility: 'internal' },
];

/** `2030-03-25 10:00 (+02:00)`: a start as people read it. */
function readable(startAt: string): string {
  return `${startAt.slice(0, 10)} ${startAt.slice(11, 16)} (${startAt.slice(19) || 'UTC'})`;
}

function where(c: { location: string | null; video_url: string | null }): string {
  return [c.location === null ? '' : ` Location: ${c.location}.`, c.video_url === null ? '' : ` Video: ${c.video_url}`].join('');
}

const created = (event: StoredEvent) => event.context as unknown as MeetingCreatedContext;
const reminder = (event: StoredEvent) => event.context as unknown as MeetingReminderContext;

export const meetingCreatedRule: NotificationRule = {
  event: 'meeting.created',
  kind: 'meeting.created',
  recipients: (event) => created(event).participant_ids,
  actor: (event) => created(event).owner_user_id,
  sharedChat: true,
  title: (event) => `New meeting: ${created(event).title}`,
  text: (event) => {
    const c = created(event);
    const repeats = c.recurrence_rule === null ? '' : ` Repeats: ${c.recurrence_rule}.`;
    return `Starts ${readable(c.start_at)}, ends ${readable(c.end_at)}.${repeats}${where(c)}`;
  },
};

export const meetingReminderRule: NotificationRule = {
  event: 'meeting.reminder',
  kind: 'meeting.reminder',
  recipients: (event) => reminder(event).participant_ids,
  title: (event) => `Reminder: ${reminder(event).title}`,
  text: (event) => `Starts ${readable(reminder(event).start_at)}.${where(reminder(event))}`,
};
