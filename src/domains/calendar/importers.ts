/**
 * The import collection `meetings`: records with the output field names (participantIds,
 * owner_user_id), ids kept. Owner and participants must be members; a meeting that has begun
 * is accepted; nothing is announced, but reminders of occurrences still to come are scheduled.
 */
import { asAppError, validationError } from '../../http/errors.ts';
import type { AppError, FieldProblem } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import { RIGHTS } from '../../platform/rights.ts';
import type { Importer } from '../module.ts';
import { createMeeting } from './meetings.ts';
import { MeetingImport } from './schemas.ts';
import type { MeetingImportInput } from './schemas.ts';

const OUTPUT_ONLY = ['version'];

function located(index: number, problems: FieldProblem[]): AppError {
  const where = `meetings[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === 'body' || p.field === '' ? where : `${where}.${p.field === 'participant_ids' ? 'participantIds' : p.field}`, message: p.message }));
  return validationError(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

export const meetingsImporter: Importer = {
  collection: 'meetings',
  async importRecords(tx, ctx, records) {
    const validate = bodyValidator(MeetingImport);
    const valid = records.map((raw, index) => {
      const record = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : raw;
      if (record !== null && typeof record === 'object') for (const key of OUTPUT_ONLY) delete (record as Record<string, unknown>)[key];
      const problems = validate(record);
      if (problems.length > 0) throw located(index, problems);
      return record as MeetingImportInput;
    });
    for (const [index, record] of valid.entries()) {
      const { id, owner_user_id: owner, participantIds, duration_minutes: minutes, end_at: endAt, ...rest } = record;
      const end = endAt ?? (minutes === undefined ? undefined : new Date(Date.parse(rest.start_at) + minutes * 60_000).toISOString());
      const actor = { orgId: ctx.org.id, userId: owner ?? ctx.actingUserId, rights: new Set<string>(RIGHTS), orgSettings: ctx.org.settings, isAdmin: true };
      try {
        await createMeeting(tx, actor, { ...rest, ...(end === undefined ? {} : { end_at: end }), participant_ids: participantIds ?? [] }, {
          id, ownerUserId: owner ?? ctx.actingUserId, checkStart: false, announce: false,
        });
      } catch (caught) {
        const error = asAppError(caught);
        if (!error) throw caught;
        const fields = error.details.fields as FieldProblem[] | undefined;
        throw located(index, fields && fields.length > 0 ? fields : [{ field: 'body', message: error.message }]);
      }
    }
    return records.length;
  },
};
