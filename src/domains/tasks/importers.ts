/**
 * The import collections projects, taskStatuses and tasks. Each record passes its schema and
 * the same use case as the API; a problem names `<collection>[<index>].<field>` and rejects the
 * whole file. taskStatuses replaces the organization's dictionary whole; tasks keep their ids
 * and authors, are checked against the dictionary (the file's, when it brings one) and the
 * organization's users (deactivated ones too: a task of the past keeps who did it), may have a
 * past deadline, and raise no task.assigned (nobody was just assigned).
 */
import { invalidField } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import { memberUserIds } from '../../platform/members.ts';
import { RIGHTS } from '../../platform/rights.ts';
import type { Tx } from '../../storage/storage.ts';
import { namedIds, recordImporter, validRecords } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import type { TasksActor } from './actor.ts';
import { createProject } from './projects.ts';
import { ProjectImport, TaskImport, TaskStatusImport } from './schemas.ts';
import type { ProjectImportInput, TaskImportInput, TaskStatusImportInput } from './schemas.ts';
import { replaceDictionary } from './statuses.ts';
import { createTask, createTasks } from './tasks.ts';
import type { CreateOptions, NewTask } from './tasks.ts';

const OUTPUT_ONLY = ['version'];

function importActor(ctx: ImportContext, userId: string): TasksActor {
  return { orgId: ctx.org.id, userId, rights: new Set(RIGHTS), orgSettings: ctx.org.settings, scopes: [] };
}

const validateStatus = bodyValidator(TaskStatusImport);

const statusesImporter: Importer = {
  collection: 'taskStatuses',
  async importRecords(tx, ctx, records) {
    const valid = validRecords<TaskStatusImportInput>('taskStatuses', validateStatus, records);
    const statuses = valid.map((s) => ({ name: s.name, order: s.order, initial: s.initial ?? false, final: s.final ?? false, next: s.next }));
    await replaceDictionary(tx, ctx.org.id, statuses, 'taskStatuses');
    return records.length;
  },
};

const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

/** A record of the file as createTask takes it, its author checked against `isMember`. */
function newTask(ctx: ImportContext, record: TaskImportInput, isMember: (userId: string) => boolean): NewTask {
  const { id, created_by_user_id: author, is_archived: isArchived, created_at: createdAt, updated_at: updatedAt, ...body } = record;
  if (author !== undefined && !isMember(author)) throw invalidField('created_by_user_id', 'is not a user of this organization');
  const options: CreateOptions = { id, createdBy: author ?? ctx.actingUserId, isArchived, createdAt: iso(createdAt), updatedAt: iso(updatedAt), checkDeadline: false, announce: false, linkable: 'members' };
  return { actor: importActor(ctx, author ?? ctx.actingUserId), input: body, options };
}

async function importTask(tx: Tx, ctx: ImportContext, record: TaskImportInput): Promise<void> {
  const authors = await memberUserIds(tx.db, ctx.org.id, record.created_by_user_id === undefined ? [] : [record.created_by_user_id]);
  const { actor, input, options } = newTask(ctx, record, (userId) => authors.has(userId));
  await createTask(tx, actor, input, options);
}

/** A chunk of tasks at once: their authors read in one statement, the rest as createTasks reads it. */
async function importTasks(tx: Tx, ctx: ImportContext, records: TaskImportInput[]): Promise<void> {
  const authors = await memberUserIds(tx.db, ctx.org.id, namedIds(records, (r) => r.created_by_user_id));
  await createTasks(tx, ctx.org.id, records.map((record) => newTask(ctx, record, (userId) => authors.has(userId))), 'members');
}

export const tasksImporters: Importer[] = [
  recordImporter('projects', ProjectImport, (tx, ctx, record: ProjectImportInput) => createProject(tx, ctx.org.id, record), { omit: OUTPUT_ONLY }),
  statusesImporter,
  recordImporter('tasks', TaskImport, importTask, { omit: OUTPUT_ONLY, many: importTasks }),
];
