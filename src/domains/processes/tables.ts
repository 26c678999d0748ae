import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** A process template: its stages (the graph) kept as one JSON document, checked on import. */
export interface ProcessTemplatesTable {
  org_id: string;
  id: string;
  title: string;
  trigger_entity: string | null;
  category: string | null;
  description: string | null;
  published: DbBool;
  /** JSON array of TemplateStage (graph.ts). */
  stages: DbJson;
  created_at: DbTimestamp;
}

/** A process instance. Every engine step locks this row first, so steps of one process run one at a time. */
export interface ProcessesTable {
  org_id: string;
  id: string;
  version: number;
  template_id: string;
  template_title: string;
  status: string;
  entity_type: string | null;
  entity_id: string | null;
  initiated_by_id: string;
  /** JSON array of the ids of the active stage instances. */
  current_stage_ids: DbJson;
  progress: number;
  variables: DbJson;
  started_at: DbTimestamp;
  completed_at: DbTimestamp | null;
  updated_at: DbTimestamp;
}

/** A stage of a process once activated; at most one per template stage (the graph is acyclic). */
export interface ProcessStagesTable {
  org_id: string;
  id: string;
  process_id: string;
  /** The template stage's id. */
  stage_id: string;
  stage_title: string;
  stage_type: string;
  status: string;
  decision: string | null;
  assignee_id: string | null;
  /** The task that hands the stage to its executor (task and approval stages): the link from a task to its process. */
  task_id: string | null;
  /** Activation order within the process. */
  position: number;
  activated_at: DbTimestamp;
  completed_at: DbTimestamp | null;
}

/** Who takes part in a process (its initiator and the executors of its activated stages): the visibility filter reads it. */
export interface ProcessParticipantsTable {
  org_id: string;
  user_id: string;
  process_id: string;
}

/** The process journal: what happened, in order (seq per process). */
export interface ProcessJournalTable {
  org_id: string;
  process_id: string;
  seq: number;
  at: DbTimestamp;
  kind: string;
  stage_instance_id: string | null;
  stage_title: string | null;
  task_id: string | null;
  actor_user_id: string | null;
  /** The right the actor acted by in the stage executor's place (bpm.admin); null for the executor, the initiator's own steps and operators. */
  actor_right: string | null;
  note: string | null;
}

export interface ProcessesTables {
  process_templates: ProcessTemplatesTable;
  processes: ProcessesTable;
  process_stages: ProcessStagesTable;
  process_participants: ProcessParticipantsTable;
  process_journal: ProcessJournalTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends ProcessesTables {}
}
