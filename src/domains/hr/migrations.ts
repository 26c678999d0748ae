import type { Migration } from '../../storage/migrations.ts';

export const hrMigrations: Migration[] = [
  {
    name: '0800_hr_employees',
    statements: (t) => [
      `CREATE TABLE hr_employees (
        org_id TEXT NOT NULL,
        id TEXT NOT NULL,
        user_id TEXT,
        full_name TEXT NOT NULL,
        position TEXT,
        department_id TEXT,
        status TEXT NOT NULL,
        is_archived ${t.bool} NOT NULL DEFAULT ${t.false},
        search_text TEXT NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        updated_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (org_id, id)
      )`,
      `CREATE INDEX hr_employees_list ON hr_employees (org_id, full_name, id)`,
      `CREATE INDEX hr_employees_department ON hr_employees (org_id, department_id)`,
      `CREATE TABLE hr_employee_private (
        org_id TEXT NOT NULL,
        employee_id TEXT NOT NULL,
        data ${t.json} NOT NULL,
        PRIMARY KEY (org_id, employee_id)
      )`,
    ],
  },
  {
    // search reads an index of the text's trigrams instead of every employee (storage/search-index.ts).
    name: '0810_hr_search_index',
    statements: (t) => t.searchIndex('hr_employees', 'search_text'),
  },
  {
    // A list's total reads per-organization counters kept by triggers instead of counting the rows (storage/list-counts.ts).
    name: '0811_hr_list_counts',
    statements: (t) => t.listCounts({ table: 'hr_employees', archived: 'is_archived', by: ['status'] }),
  },
];
