/** Employee directory use cases: the list (whitelist projection), the import, the operator export. */
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { memberUserIds } from '../../platform/members.ts';
import { nowIso, readBool, searchText } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { HrActor } from './actor.ts';
import { employeesForExport, insertEmployeePrivate } from './private.queries.ts';
import { employees } from './queries.ts';
import type { EmployeeImportInput, EmployeeListInput, EmployeeOut } from './schemas.ts';


export function listEmployees(db: Db, actor: HrActor, query: EmployeeListInput): Promise<Page<EmployeeOut>> {
  return employees.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    search: query.search,
    where: { department_id: query.department_id, status: query.status },
  });
}

/**
 * Writes one imported employee: the projection to hr_employees, the private fields (if any) to
 * their own table. A user_id must be a member of the organization. Emits no event: there is
 * nothing about an employee an event consumer needs, and nothing private may travel.
 */
export async function importEmployee(tx: Tx, actor: HrActor, input: EmployeeImportInput, privateData: Record<string, unknown>): Promise<EmployeeOut> {
  const userId = input.user_id ?? null;
  if (userId !== null && !(await memberUserIds(tx.db, actor.orgId, [userId])).has(userId)) {
    throw invalidField('user_id', 'is not a user of the organization');
  }
  const now = nowIso();
  const id = input.id ?? newId();
  const created = await employees.insert(tx.db, {
    org_id: actor.orgId,
    id,
    user_id: userId,
    full_name: input.full_name,
    position: input.position ?? null,
    department_id: input.department_id ?? null,
    status: input.status ?? 'active',
    is_archived: input.is_archived ?? false,
    search_text: searchText(input.full_name),
    created_at: now,
    updated_at: now,
  });
  if (Object.keys(privateData).length > 0) await insertEmployeePrivate(tx.db, actor.orgId, id, privateData);
  return created;
}

/**
 * The operator's export, in import-file form (an `employees` collection that imports again):
 * the whitelisted fields and is_archived, and the private fields only with `includePrivate`.
 */
export async function exportEmployees(db: Db, actor: HrActor, includePrivate: boolean): Promise<Array<Record<string, unknown>>> {
  const rows = await employeesForExport(db, actor.orgId, includePrivate);
  return rows.map(({ employee: e, privateData }) => ({
    ...(privateData ?? {}),
    id: e.id,
    user_id: e.user_id,
    full_name: e.full_name,
    position: e.position,
    department_id: e.department_id,
    status: e.status,
    is_archived: readBool(e.is_archived),
  }));
}
