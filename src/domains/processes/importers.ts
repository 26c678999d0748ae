/**
 * The import collection processTemplates: each record passes its schema and the graph checks
 * (graph.ts); a problem names `processTemplates[<index>].<field>` and rejects the whole file.
 */
import { recordImporter } from '../importing.ts';
import type { Importer } from '../module.ts';
import { ProcessTemplateImport } from './schemas.ts';
import type { ProcessTemplateImportInput } from './schemas.ts';
import { importTemplate } from './templates.ts';

/** `stages.0.next.1` (the schema's path) is written `stages[0].next[1]`, as the graph checks name fields. */
const bracketed = (field: string) => field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

export const processesImporters: Importer[] = [
  recordImporter('processTemplates', ProcessTemplateImport, (tx, ctx, record: ProcessTemplateImportInput) => importTemplate(tx, ctx.org.id, record), { fieldName: bracketed }),
];
