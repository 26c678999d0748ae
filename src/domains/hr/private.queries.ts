/**
 * The only SQL that touches hr_employee_private: writing an imported employee's private fields,
 * and the operator's explicit export. No route calls anything in this file.
 */
import { readJson, toJson } from '../../storage/codecs.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../storage/statements.ts';
import type { HrEmployeesTable } from './tables.ts';

export async function insertEmployeePrivate(db: Db, orgId: string, employeeId: string, data: Record<string, unknown>): Promise<void> {
  await db.insertInto('hr_employee_private').values({ org_id: orgId, employee_id: employeeId, data: toJson(data) }).execute();
}

export interface EmployeeExportRow {
  employee: Selectable<HrEmployeesTable>;
  /** The private fields, when asked for; {} for an employee imported without any. */
  privateData?: Record<string, unknown>;
}

/** Every employee of the organization (archived too), in directory order; with their private fields only when asked. */
export async function employeesForExport(db: Db, orgId: string, includePrivate: boolean): Promise<EmployeeExportRow[]> {
  const rows = await db.selectFrom('hr_employees').selectAll().where('org_id', '=', orgId).orderBy('full_name').orderBy('id').execute();
  if (!includePrivate) return rows.map((employee) => ({ employee }));
  const privateRows = await db.selectFrom('hr_employee_private').select(['employee_id', 'data']).where('org_id', '=', orgId).execute();
  const byId = new Map(privateRows.map((r) => [r.employee_id, readJson<Record<string, unknown>>(r.data)]));
  return rows.map((employee) => ({ employee, privateData: byId.get(employee.id) ?? {} }));
}
