import type { TestContext } from '../helpers/harness.ts';
export { importError } from '../helpers/envelope.ts';

export const EMPLOYEE_KEYS = ['department_id', 'full_name', 'id', 'position', 'status', 'user_id'];

export interface EmployeeItem {
  id: string;
  user_id: string | null;
  full_name: string;
  position: string | null;
  department_id: string | null;
  status: string;
}

export interface EmployeePage {
  items: EmployeeItem[];
  total: number;
  limit: number;
  offset: number;
}

export async function countRows(ctx: TestContext, table: 'hr_employees' | 'hr_employee_private', orgId: string): Promise<number> {
  const row = await ctx.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A 36-character id of the test's own series: `e` + the number, padded. */
export function employeeId(n: number): string {
  return `0190a1b2-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}
