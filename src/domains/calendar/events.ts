/**
 * meeting.created: raised by POST /meetings; its rule notifies every participant but the creator
 * and posts to the organization's shared chat. meeting.updated: raised by PATCH /meetings/{id}
 * (an extension) with the version and the fields changed. meeting.invited: raised by that change
 * when it adds participants; its rule tells them as a booking would (not the shared chat, told
 * of the booking already). meeting.reminder: raised when a reminder of an occurrence falls due;
 * its rule notifies every participant. meeting.created (the spec's internal event) and
 * meeting.updated are in the public catalog; meeting.invited and meeting.reminder are internal.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { declareEvent } from '../../events/types.ts';
import type { NotificationRule, RecordSight } from '../module.ts';
import { seesAll } from './meetings.ts';
import { meetingsOfParticipant } from './queries.ts';

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const MeetingCreated = Type.Object({
  title: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  location: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  recurrenceRule: Nullable(Type.String()),
  ownerUserId: Type.String(),
  participantIds: Type.Array(Type.String()),
}, { additionalProperties: false });
export type MeetingCreatedContext = Static<typeof MeetingCreated>;

const MeetingUpdated = Type.Object({ version: Type.Integer({ minimum: 2 }), changedFields: Type.Array(Type.String(), { minItems: 1 }) }, { additionalProperties: false });

/** The meeting as a booking announces it, participantIds being only those the change added. */
const MeetingInvited = Type.Object({ ...MeetingCreated.properties, actorUserId: Type.String() }, { additionalProperties: false });

export const MeetingReminder = Type.Object({
  title: Type.String(),
  /** The occurrence's id, as GET /meetings shows it. */
  occurrenceId: Type.String(),
  startAt: Type.String(),
  reminderMinutes: Type.Integer({ minimum: 0 }),
  location: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  participantIds: Type.Array(Type.String()),
}, { additionalProperties: false });
export type MeetingReminderContext = Static<typeof MeetingReminder>;

declare module '../../events/types.ts' {
  interface EventContexts {
    'meeting.created': MeetingCreatedContext;
    'meeting.updated': Static<typeof MeetingUpdated>;
    'meeting.invited': Static<typeof MeetingInvited>;
    'meeting.reminder': MeetingReminderContext;
  }
}

export const calendarEvents = [
  declareEvent('meeting.created', 'meeting', MeetingCreated, 'catalog'),
  declareEvent('meeting.updated', 'meeting', MeetingUpdated, 'catalog'),
  declareEvent('meeting.invited', 'meeting', MeetingInvited, 'internal'),
  declareEvent('meeting.reminder', 'meeting', MeetingReminder, 'internal'),
];

/** `2030-03-25 10:00 (+02:00)`: a start as people read it. */
function readable(startAt: string): string {
  return `${startAt.slice(0, 10)} ${startAt.slice(11, 16)} (${startAt.slice(19) || 'UTC'})`;
}

function where(c: { location: string | null; videoUrl: string | null }): string {
  return [c.location === null ? '' : ` Location: ${c.location}.`, c.videoUrl === null ? '' : ` Video: ${c.videoUrl}`].join('');
}

function booking(c: MeetingCreatedContext): string {
  const repeats = c.recurrenceRule === null ? '' : ` Repeats: ${c.recurrenceRule}.`;
  return `Starts ${readable(c.startAt)}, ends ${readable(c.endAt)}.${repeats}${where(c)}`;
}

export const meetingCreatedRule: NotificationRule<'meeting.created'> = {
  event: 'meeting.created',
  kind: 'meeting.created',
  recipients: (event) => event.context.participantIds,
  actor: (event) => event.context.ownerUserId,
  sharedChat: true,
  title: (event) => `New meeting: ${event.context.title}`,
  text: (event) => booking(event.context),
};

/** Participants a change adds hear of the meeting as those booked with it did (kind meeting.created). */
export const meetingInvitedRule: NotificationRule<'meeting.invited'> = {
  event: 'meeting.invited',
  kind: 'meeting.created',
  recipients: (event) => event.context.participantIds,
  actor: (event) => event.context.actorUserId,
  title: (event) => `New meeting: ${event.context.title}`,
  text: (event) => booking(event.context),
};

export const meetingReminderRule: NotificationRule<'meeting.reminder'> = {
  event: 'meeting.reminder',
  kind: 'meeting.reminder',
  recipients: (event) => event.context.participantIds,
  title: (event) => `Reminder: ${event.context.title}`,
  text: (event) => `Starts ${readable(event.context.startAt)}.${where(event.context)}`,
};

/** A feed reader follows the meetings they see (GET /meetings): all for an administrator, else those they own or take part in. */
export const meetingSight: RecordSight = async (db, actor, ids) => (seesAll(actor) ? new Set(ids) : meetingsOfParticipant(db, actor.orgId, actor.userId, ids));
