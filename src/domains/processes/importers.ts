/**
 * The import collection processTemplates: each record passes its schema and the graph checks
 * (graph.ts); a problem names `processTemplates[<index>].<field>` and rejects the whole file.
 */
import { asAppError, validationError } from '../../http/errors.ts';
import type { AppError, FieldProblem } from '../../http/errors.ts';
import { bodyValidator } from '../../http/validation.ts';
import type { Importer } from '../module.ts';
import { ProcessTemplateImport } from './schemas.ts';
import type { ProcessTemplateImportInput } from './schemas.ts';
import { importTemplate } from './templates.ts';

const COLLECTION = 'processTemplates';

/** `stages.0.next.1` (the schema's path) is written `stages[0].next[1]`, as the graph checks name fields. */
const bracketed = (field: string) => field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

function located(index: number, problems: FieldProblem[]): AppError {
  const where = `${COLLECTION}[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === 'body' || p.field === '' ? where : `${where}.${bracketed(p.field)}`, message: p.message }));
  return validationError(fields.map((f) => `${f.field} ${f.message}`).join('; '), fields);
}

const templatesImporter: Importer = {
  collection: COLLECTION,
  async importRecords(tx, ctx, records) {
    const validate = bodyValidator(ProcessTemplateImport);
    records.forEach((record, index) => {
      const problems = validate(record);
      if (problems.length > 0) throw located(index, problems);
    });
    for (const [index, record] of (records as ProcessTemplateImportInput[]).entries()) {
      try {
        await importTemplate(tx, ctx.org.id, record);
      } catch (caught) {
        const error = asAppError(caught);
        if (!error) throw caught;
        const fields = error.details.fields as FieldProblem[] | undefined;
        throw located(index, fields && fields.length > 0 ? fields : [{ field: error.code === 'duplicate_id' ? 'id' : 'body', message: error.message }]);
      }
    }
    return records.length;
  },
};

export const processesImporters: Importer[] = [templatesImporter];
