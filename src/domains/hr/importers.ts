/**
 * The `employees` import collection. A record's whitelisted fields pass the import schema; every
 * other field is private and stored apart. A problem names `employees[<index>].<field>` and
 * never quotes a value.
 */
import { bodyValidator } from '../../http/validation.ts';
import { locatedError, writeRecord } from '../importing.ts';
import type { Importer } from '../module.ts';
import { importEmployee } from './employees.ts';
import { privateProblems, splitRecord } from './private-fields.ts';
import { EmployeeImport } from './schemas.ts';
import type { EmployeeImportInput } from './schemas.ts';

const COLLECTION = 'employees';
const validate = bodyValidator(EmployeeImport);

const employeesImporter: Importer = {
  collection: COLLECTION,
  async importRecords(tx, ctx, records) {
    const actor = { orgId: ctx.org.id };
    for (const [index, raw] of records.entries()) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw locatedError(COLLECTION, index, [{ field: '', message: 'must be an object' }]);
      const { open, hidden } = splitRecord(raw as Record<string, unknown>);
      const problems = [...validate(open), ...privateProblems(hidden)];
      if (problems.length > 0) throw locatedError(COLLECTION, index, problems);
      await writeRecord(tx, COLLECTION, index, () => importEmployee(tx, actor, open as EmployeeImportInput, hidden));
    }
    return records.length;
  },
};

export const hrImporters: Importer[] = [employeesImporter];
