/** A process as GET /processes/{id} shows it: its record with its stage instances. */
import { isoWithOffset } from '../../storage/codecs.ts';
import { processes, stageRows } from './queries.ts';
import type { Db } from '../../storage/statements.ts';
import type { ProcessRecord, StageRow } from './queries.ts';
import type { StageInstanceOut } from './schemas.ts';

export type ProcessOut = ProcessRecord & { stage_instances: StageInstanceOut[] };

export function stageInstance(row: StageRow): StageInstanceOut {
  return {
    id: row.id,
    stage_title: row.stage_title,
    stage_type: row.stage_type,
    status: row.status,
    decision: row.decision,
    assignee_id: row.assignee_id,
    task_id: row.task_id,
    activated_at: isoWithOffset(row.activated_at),
    completed_at: isoWithOffset(row.completed_at),
  };
}

/** The process as GET /processes/{id} answers it: its version is the ETag, not a field. */
export function shownProcess(process: ProcessOut): Omit<ProcessOut, 'version'> {
  const { version: _version, ...shown } = process;
  return shown;
}

/** The process with its stages, whoever asks: the caller checks who may see it. */
export async function processRecord(db: Db, orgId: string, id: string): Promise<ProcessOut | undefined> {
  const process = await processes.find(db, orgId, id);
  return process === undefined ? undefined : withStages(db, orgId, process);
}

export async function withStages(db: Db, orgId: string, process: ProcessRecord): Promise<ProcessOut> {
  return { ...process, stage_instances: (await stageRows(db, orgId, process.id)).map(stageInstance) };
}
