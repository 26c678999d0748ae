import type { DbBool, DbJson, DbTimestamp } from '../../storage/codecs.ts';

/** The employee directory's projection: only the fields the API may show, and what lists need. */
export interface HrEmployeesTable {
  org_id: string;
  id: string;
  user_id: string | null;
  full_name: string;
  position: string | null;
  department_id: string | null;
  status: string;
  is_archived: DbBool;
  /** searchText(full_name): the search parameter matches the full name only. */
  search_text: string;
  created_at: DbTimestamp;
  updated_at: DbTimestamp;
}

/**
 * The fields of an imported employee beyond the whitelist (salary, birth date, documents, …),
 * kept in a table of their own that no list or read of the directory joins: a route that
 * selects from hr_employees cannot reach them by accident.
 */
export interface HrEmployeePrivateTable {
  org_id: string;
  employee_id: string;
  data: DbJson;
}

export interface HrTables {
  hr_employees: HrEmployeesTable;
  hr_employee_private: HrEmployeePrivateTable;
}

declare module '../../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends HrTables {}
}
