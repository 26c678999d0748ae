/**
 * The `employees` import collection. A record's whitelisted fields pass the import schema; every
 * other field is private and stored apart. A problem names `employees[<index>].<field>` and
 * never quotes a value.
 */
import { asAppError, validationError } from '../../http/errors.ts';
import type { AppError, FieldProblem } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import type { Importer } from '../module.ts';
import { importEmployee } from './employees.ts';
import { privateProblems, splitRecord } from './private-fields.ts';
import { EmployeeImport } from './schemas.ts';
import type { EmployeeImportInput } from './schemas.ts';

const COLLECTION = 'employees';
const validate = bodyValidator(EmployeeImport);

function located(index: number, problems: FieldProblem[]): AppError {
  const where = `${COLLECTION}[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === 'body' || p.field === '' ? where : `${where}.${p.field}`, message: p.message }));
  return validationError(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

const employeesImporter: Importer = {
  collection: COLLECTION,
  async importRecords(tx, ctx, records) {
    const actor = { orgId: ctx.org.id };
    for (const [index, raw] of records.entries()) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw located(index, [{ field: '', message: 'must be an object' }]);
      const { open, hidden } = splitRecord(raw as Record<string, unknown>);
      const problems = [...validate(open), ...privateProblems(hidden)];
      if (problems.length > 0) throw located(index, problems);
      try {
        await importEmployee(tx, actor, open as EmployeeImportInput, hidden);
      } catch (caught) {
        const error = asAppError(caught);
        if (!error) throw caught;
        const fields = error.details.fields as FieldProblem[] | undefined;
        const field = error.code === 'duplicate_id' ? 'id' : '';
        throw located(index, fields && fields.length > 0 ? fields : [{ field, message: error.message }]);
      }
    }
    return records.length;
  },
};

export const hrImporters: Importer[] = [employeesImporter];
