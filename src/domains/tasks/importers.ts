/**
 * The import collections projects, taskStatuses and tasks. Each record passes its schema and
 * the same use case as the API; a problem names `<collection>[<index>].<field>` and rejects the
 * whole file. taskStatuses replaces the organization's dictionary whole; tasks keep their ids
 * and authors, are checked against the dictionary (the file's, when it brings one) and the
 * organization's users, may have a past deadline, and raise no task.assigned (nobody was just assigned).
 */
import type { TSchema } from '@sinclair/typebox';
import { asAppError, validationError } from '../../http/errors.ts';
import type { AppError, FieldProblem } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import { memberUserIds } from '../../platform/members.ts';
import { RIGHTS } from '../../platform/rights.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createProject } from './projects.ts';
import { ProjectImport, TaskImport, TaskStatusImport } from './schemas.ts';
import type { ProjectImportInput, TaskImportInput, TaskStatusImportInput } from './schemas.ts';
import { replaceDictionary } from './statuses.ts';
import { createTask } from './tasks.ts';
import type { TasksActor } from './visibility.ts';

const OUTPUT_ONLY = ['version'];

function located(collection: string, index: number, problems: FieldProblem[]): AppError {
  const where = `${collection}[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === 'body' || p.field === '' ? where : `${where}.${p.field}`, message: p.message }));
  return validationError(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

/** Validates every record first, then writes each through `create`; errors name the record. */
function importer<T>(collection: string, schema: TSchema, create: (tx: Tx, ctx: ImportContext, record: T) => Promise<unknown>): Importer {
  const validate = bodyValidator(schema);
  return {
    collection,
    async importRecords(tx, ctx, records) {
      const valid = records.map((raw, index) => {
        const record = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : raw;
        if (record !== null && typeof record === 'object') for (const key of OUTPUT_ONLY) delete (record as Record<string, unknown>)[key];
        const problems = validate(record);
        if (problems.length > 0) throw located(collection, index, problems);
        return record as T;
      });
      for (const [index, record] of valid.entries()) {
        try {
          await create(tx, ctx, record);
        } catch (caught) {
          const error = asAppError(caught);
          if (!error) throw caught;
          const fields = error.details.fields as FieldProblem[] | undefined;
          throw located(collection, index, fields && fields.length > 0 ? fields : [{ field: error.code === 'duplicate_id' ? 'id' : 'body', message: error.message }]);
        }
      }
      return records.length;
    },
  };
}

function importActor(ctx: ImportContext, userId: string): TasksActor {
  return { orgId: ctx.org.id, userId, rights: new Set(RIGHTS), orgSettings: ctx.org.settings };
}

const statusesImporter: Importer = {
  collection: 'taskStatuses',
  async importRecords(tx, ctx, records) {
    const validate = bodyValidator(TaskStatusImport);
    records.forEach((record, index) => {
      const problems = validate(record);
      if (problems.length > 0) throw located('taskStatuses', index, problems);
    });
    const statuses = (records as TaskStatusImportInput[]).map((s) => ({ name: s.name, order: s.order, initial: s.initial ?? false, final: s.final ?? false, next: s.next }));
    await replaceDictionary(tx, ctx.org.id, statuses, 'taskStatuses');
    return records.length;
  },
};

async function importTask(tx: Tx, ctx: ImportContext, record: TaskImportInput): Promise<void> {
  const { id, created_by_user_id: author, is_archived: isArchived, created_at: createdAt, updated_at: updatedAt, ...body } = record;
  if (author !== undefined && !(await memberUserIds(tx.db, ctx.org.id, [author])).has(author)) {
    throw validationError('created_by_user_id: is not a user of this organization', [{ field: 'created_by_user_id', message: 'is not a user of this organization' }]);
  }
  const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());
  await createTask(tx, importActor(ctx, author ?? ctx.actingUserId), body, {
    id,
    createdBy: author ?? ctx.actingUserId,
    isArchived,
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
    checkDeadline: false,
    announce: false,
  });
}

export const tasksImporters: Importer[] = [
  importer('projects', ProjectImport, (tx, ctx, record: ProjectImportInput) => createProject(tx, ctx.org.id, record)),
  statusesImporter,
  importer('tasks', TaskImport, importTask),
];
