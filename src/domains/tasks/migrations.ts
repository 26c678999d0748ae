import type { Migration } from '../../storage/migrations.ts';
import { DEFAULT_STATUSES } from './statuses.ts';

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const tasksMigrations: Migration[] = [
  {
    name: '0700_tasks',
    statements: (t) => [
      `CREATE TABLE task_statuses (
        org_id TEXT NOT NULL,
        name TEXT NOT NULL,
        sort_order INTEGER NOT NULL,
        is_initial ${t.bool} NOT NULL,
        is_final ${t.bool} NOT NULL,
        next ${t.json} NOT NULL,
        PRIMARY KEY (org_id, name)
      )`,
      `CREATE TABLE task_projects (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        icon TEXT,
        color TEXT,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX task_projects_live ON task_projects (org_id, is_archived, created_at, id)`,
      `CREATE TABLE tasks (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        description TEXT,
        status TEXT NOT NULL,
        priority TEXT NOT NULL,
        assignee_id TEXT,
        assignee_ids ${t.json} NOT NULL,
        project_id TEXT,
        start_date TEXT,
        end_date TEXT,
        end_time TEXT,
        deal_id TEXT,
        tags ${t.json} NOT NULL,
        watcher_ids ${t.json} NOT NULL,
        created_by_user_id TEXT NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      // The default list (archived left out, newest first) and its total read one index range.
      `CREATE INDEX tasks_live ON tasks (org_id, is_archived, created_at, id)`,
      `CREATE INDEX tasks_status ON tasks (org_id, status)`,
      `CREATE INDEX tasks_project ON tasks (org_id, project_id)`,
      `CREATE INDEX tasks_updated ON tasks (org_id, updated_at)`,
      // The visibility filter and assignee_id read the ids of one user's tasks from the key.
      `CREATE TABLE task_members (
        org_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        task_id TEXT NOT NULL,
        role TEXT NOT NULL,
        PRIMARY KEY (org_id, user_id, task_id, role)
      )`,
      `CREATE INDEX task_members_task ON task_members (org_id, task_id)`,
      // Organizations created before tasks were served get the default dictionary here; new
      // ones get it from the module's onOrganizationCreated.
      ...DEFAULT_STATUSES.map(
        (s) => `INSERT INTO task_statuses (org_id, name, sort_order, is_initial, is_final, next)
          SELECT id, ${quoted(s.name)}, ${s.order}, ${s.initial ? t.true : t.false}, ${s.final ? t.true : t.false}, ${quoted(JSON.stringify(s.next))} FROM organizations`,
      ),
    ],
  },
  {
    // A task a workflow hands to its executor (a business process stage): who else may decide it.
    name: '0701_task_stewards',
    statements: () => [`ALTER TABLE tasks ADD COLUMN steward_right TEXT`, `ALTER TABLE tasks ADD COLUMN steward_scope TEXT`],
  },
  {
    // GET /tasks?status= reads its own range in list order: a page reads its rows, the total the status's.
    name: '0702_task_status_list_index',
    statements: () => [`CREATE INDEX tasks_status_live ON tasks (org_id, is_archived, status, created_at, id)`],
  },
  {
    // updated_since lists by (updated_at, id): one index range from the time asked, however old the
    // collection (is_archived at the end: the page and its total skip archived rows in the index).
    // It replaces (org_id, updated_at), which left ties in updated_at to a sort.
    name: '0703_tasks_sync_index',
    statements: () => [`CREATE INDEX tasks_sync ON tasks (org_id, updated_at, id, is_archived)`, `DROP INDEX tasks_updated`],
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '0704_task_list_counts',
    statements: (t) => t.listCounts({ table: 'tasks', archived: 'is_archived', by: ['status'] }),
  },
];
