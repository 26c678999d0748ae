import type { Migration } from '../../storage/migrations.ts';

export const processesMigrations: Migration[] = [
  {
    name: '1100_processes',
    statements: (t) => [
      `CREATE TABLE process_templates (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        title TEXT NOT NULL,
        trigger_entity TEXT,
        category TEXT,
        description TEXT,
        published ${t.bool} NOT NULL,
        stages ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX process_templates_published ON process_templates (org_id, published, title, id)`,
      `CREATE TABLE processes (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        template_id TEXT NOT NULL,
        template_title TEXT NOT NULL,
        status TEXT NOT NULL,
        entity_type TEXT,
        entity_id TEXT,
        initiated_by_id TEXT NOT NULL,
        current_stage_ids ${t.json} NOT NULL,
        progress INTEGER NOT NULL,
        variables ${t.json} NOT NULL,
        started_at ${t.timestamp} NOT NULL,
        completed_at ${t.timestamp},
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX processes_started ON processes (org_id, started_at, id)`,
      `CREATE INDEX processes_entity ON processes (org_id, entity_type, entity_id)`,
      `CREATE TABLE process_stages (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        process_id TEXT NOT NULL,
        stage_id TEXT NOT NULL,
        stage_title TEXT NOT NULL,
        stage_type TEXT NOT NULL,
        status TEXT NOT NULL,
        decision TEXT,
        assignee_id TEXT,
        task_id TEXT,
        position INTEGER NOT NULL,
        activated_at ${t.timestamp} NOT NULL,
        completed_at ${t.timestamp},
        PRIMARY KEY (org_id, id)
      )`,
      // A template stage is activated at most once per process, even by two racing steps.
      `CREATE UNIQUE INDEX process_stages_once ON process_stages (org_id, process_id, stage_id)`,
      `CREATE INDEX process_stages_task ON process_stages (org_id, task_id)`,
      `CREATE TABLE process_participants (
        org_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        process_id TEXT NOT NULL,
        PRIMARY KEY (org_id, user_id, process_id)
      )`,
      `CREATE TABLE process_journal (
        org_id TEXT NOT NULL,
        process_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        at ${t.timestamp} NOT NULL,
        kind TEXT NOT NULL,
        stage_instance_id TEXT,
        stage_title TEXT,
        task_id TEXT,
        actor_user_id TEXT,
        note TEXT,
        PRIMARY KEY (org_id, process_id, seq)
      )`,
    ],
  },
  {
    name: '1101_process_journal_actor_right',
    statements: () => [`ALTER TABLE process_journal ADD COLUMN actor_right TEXT`],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '1102_process_list_counts',
    statements: (t) => t.listCounts({ table: 'processes', by: ['status'] }),
  },
  {
    // The admin console's lists of running, stuck and failed processes: one index range per status.
    name: '1103_processes_by_status',
    statements: () => [`CREATE INDEX processes_status ON processes (org_id, status, started_at, id)`],
  },
];
