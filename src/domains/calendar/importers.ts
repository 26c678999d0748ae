/**
 * The import collection `meetings`: records with the output field names (participantIds,
 * owner_user_id), ids kept. Owner and participants must be members (deactivated ones too: the
 * meeting is history as it was); a meeting that has begun is accepted; nothing is announced, but
 * reminders of occurrences still to come are scheduled (and sent to active members only).
 */
import { RIGHTS } from '../../platform/rights.ts';
import type { Tx } from '../../storage/storage.ts';
import { recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createMeeting } from './meetings.ts';
import { MeetingImport } from './schemas.ts';
import type { MeetingImportInput } from './schemas.ts';

/** The use case names the participants `participant_ids`; the import record, like the output, `participantIds`. */
const recordField = (field: string) => (field === 'participant_ids' ? 'participantIds' : field);

async function importMeeting(tx: Tx, ctx: ImportContext, record: MeetingImportInput): Promise<void> {
  const { id, owner_user_id: owner, participantIds, duration_minutes: minutes, end_at: endAt, updated_at: updatedAt, ...rest } = record;
  const end = endAt ?? (minutes === undefined ? undefined : new Date(Date.parse(rest.start_at) + minutes * 60_000).toISOString());
  const actor = { orgId: ctx.org.id, userId: owner ?? ctx.actingUserId, rights: new Set<string>(RIGHTS), orgSettings: ctx.org.settings, isAdmin: true };
  await createMeeting(tx, actor, { ...rest, ...(end === undefined ? {} : { end_at: end }), participant_ids: participantIds ?? [] }, {
    id, ownerUserId: owner ?? ctx.actingUserId, checkStart: false, announce: false, linkable: 'members',
    ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt).toISOString() }),
  });
}

export const meetingsImporter: Importer = recordImporter('meetings', MeetingImport, importMeeting, { omit: ['version'], fieldName: recordField });
