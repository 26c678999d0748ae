/** The processes domain's only SQL. Every function takes orgId: a query never reaches another tenant's rows. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { defineResource, fieldsOf, through } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { ProcessesTable, ProcessJournalTable, ProcessStagesTable } from './tables.ts';

export type ProcessRow = Selectable<ProcessesTable>;
export type StageRow = Selectable<ProcessStagesTable>;
export type JournalRow = Selectable<ProcessJournalTable>;

const template = fieldsOf<'process_templates'>();
const proc = fieldsOf<'processes'>();
const timestamp = (value: string) => isoWithOffset(value);

export const templates = defineResource({
  table: 'process_templates',
  noun: 'process template',
  fields: {
    id: 'id',
    title: 'title',
    trigger_entity: 'trigger_entity',
    category: 'category',
    description: 'description',
    published: template.via('published', readBool),
    stages: template.via('stages', (v) => readJson<unknown>(v)),
  },
  filters: { published: 'published' },
  order: [
    ['title', 'asc'],
    ['id', 'asc'],
  ],
});

export const processes = defineResource({
  table: 'processes',
  counted: { filters: ['status'] },
  noun: 'process',
  fields: {
    id: 'id',
    version: 'version',
    template_id: 'template_id',
    template_title: 'template_title',
    status: 'status',
    entity_type: 'entity_type',
    entity_id: 'entity_id',
    initiated_by_id: 'initiated_by_id',
    current_stage_ids: proc.via('current_stage_ids', (v) => readJson<string[]>(v)),
    progress: 'progress',
    started_at: proc.via('started_at', timestamp),
    completed_at: proc.via('completed_at', (v: string | null) => isoWithOffset(v)),
  },
  filters: {
    status: 'status',
    template_id: 'template_id',
    entity_type: 'entity_type',
    entity_id: 'entity_id',
    /** Processes the user initiated or executes a stage of. */
    visible_to: through({ table: 'process_participants', id: 'process_id', match: 'user_id' }),
  },
  order: [
    ['started_at', 'desc'],
    ['id', 'desc'],
  ],
});

export type ProcessRecord = NonNullable<Awaited<ReturnType<typeof processes.find>>>;

/** The process row, locked until the transaction ends (PostgreSQL): engine steps of one process run one after another. */
export function lockProcess(tx: Tx, orgId: string, id: string): Promise<ProcessRow | undefined> {
  return tx.lockForUpdate(tx.db.selectFrom('processes').selectAll().where('org_id', '=', orgId).where('id', '=', id)).executeTakeFirst();
}

export async function saveProcess(db: Db, orgId: string, id: string, changes: Updateable<ProcessesTable>): Promise<void> {
  await db.updateTable('processes').set(changes).set((eb) => ({ version: eb('version', '+', 1) })).where('org_id', '=', orgId).where('id', '=', id).execute();
  await processes.bump(db, orgId);
}

export function stageRows(db: Db, orgId: string, processId: string): Promise<StageRow[]> {
  return db.selectFrom('process_stages').selectAll().where('org_id', '=', orgId).where('process_id', '=', processId).orderBy('position').execute();
}

export function stageById(db: Db, orgId: string, id: string): Promise<StageRow | undefined> {
  return db.selectFrom('process_stages').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export function stageByTask(db: Db, orgId: string, taskId: string): Promise<StageRow | undefined> {
  return db.selectFrom('process_stages').selectAll().where('org_id', '=', orgId).where('task_id', '=', taskId).executeTakeFirst();
}

export async function insertStage(db: Db, row: Insertable<ProcessStagesTable>): Promise<void> {
  await db.insertInto('process_stages').values(row).execute();
}

/** Ends a stage only while it is active: false when another step already ended it (the step is then a no-op). */
export async function endStage(db: Db, orgId: string, id: string, changes: Pick<Updateable<ProcessStagesTable>, 'status' | 'decision' | 'completed_at'>): Promise<boolean> {
  const result = await db.updateTable('process_stages').set(changes).where('org_id', '=', orgId).where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addParticipant(db: Db, orgId: string, processId: string, userId: string): Promise<void> {
  await db.insertInto('process_participants').values({ org_id: orgId, user_id: userId, process_id: processId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function isParticipant(db: Db, orgId: string, processId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('process_participants').select('user_id').where('org_id', '=', orgId).where('process_id', '=', processId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function appendJournal(db: Db, row: Omit<Insertable<ProcessJournalTable>, 'seq'>): Promise<void> {
  const last = await db.selectFrom('process_journal').select((eb) => eb.fn.max('seq').as('seq')).where('org_id', '=', row.org_id).where('process_id', '=', row.process_id).executeTakeFirst();
  await db.insertInto('process_journal').values({ ...row, seq: Number(last?.seq ?? 0) + 1 }).execute();
}

export function journalRows(db: Db, orgId: string, processId: string): Promise<JournalRow[]> {
  return db.selectFrom('process_journal').selectAll().where('org_id', '=', orgId).where('process_id', '=', processId).orderBy('seq').execute();
}

/** Which of these processes the user takes part in (the initiator does). */
export async function processesOfParticipant(db: Db, orgId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('process_participants').select('process_id').where('org_id', '=', orgId).where('user_id', '=', userId).where('process_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.process_id));
}
