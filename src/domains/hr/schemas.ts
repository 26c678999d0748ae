import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { named } from '../../http/components.ts';
import { ListOf, PageQuery } from '../../http/pagination.ts';
import { EnumText, Name, Nullable, NullableText, RefId, StringEnum, Text } from '../../http/schemas.ts';

/** An employee's status: `active` and the two states an HR directory needs besides it. */
const EMPLOYEE_STATUSES = ['active', 'on_leave', 'dismissed'] as const;

/** The whitelist projection: exactly these fields ever leave the server. */
export const Employee = named('Employee', Type.Object({
  id: Type.String(),
  user_id: Nullable(Type.String(), { description: 'the platform user of this employee, when linked' }),
  full_name: Type.String(),
  position: Nullable(Type.String()),
  department_id: Nullable(Type.String()),
  status: EnumText(EMPLOYEE_STATUSES),
}, {
  additionalProperties: false,
  description: 'An employee of the directory (safe fields only).',
  examples: [{
    id: '0190a1b2-0000-7000-8000-000000000e01',
    user_id: null,
    full_name: 'Aziza Rahimova',
    position: 'Accountant',
    department_id: 'finance',
    status: 'active',
  }],
}));
export type EmployeeOut = Static<typeof Employee>;
export const EmployeeList = ListOf(Employee, 'EmployeeList');

export const EmployeeListQuery = Type.Object({
  ...PageQuery,
  department_id: Type.Optional(RefId({ description: 'employees of this department' })),
  status: Type.Optional(StringEnum(EMPLOYEE_STATUSES, { description: 'employees in this status' })),
  search: Type.Optional(Text({ maxLength: 200, description: 'part of the full name' })),
}, { additionalProperties: false });
export type EmployeeListInput = Static<typeof EmployeeListQuery>;

/**
 * The whitelisted part of an `employees` import record (the API's field names, plus is_archived).
 * Every other field of the record is private: stored apart, never shown.
 */
export const EmployeeImport = Type.Object({
  id: Type.Optional(RefId({ description: 'kept; generated when absent' })),
  user_id: Type.Optional(Nullable(RefId())),
  full_name: Name(300),
  position: Type.Optional(NullableText({ maxLength: 300 })),
  department_id: Type.Optional(Nullable(RefId())),
  status: Type.Optional(StringEnum(EMPLOYEE_STATUSES)),
  is_archived: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type EmployeeImportInput = Static<typeof EmployeeImport>;

/** The field names of an import record that are not private. */
export const PUBLIC_IMPORT_FIELDS: ReadonlySet<string> = new Set(Object.keys(EmployeeImport.properties));
