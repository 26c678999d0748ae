/**
 * The shared way to write an import-file collection: every record passes the collection's
 * schema before any is written, then each goes through the domain's write; a problem, from
 * the schema or from the write, names `<collection>[<index>].<field>` and rejects the whole file.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { asAppError, invalidFields } from '../http/errors.ts';
import type { AppError, FieldProblem } from '../http/errors.ts';
import { bodyValidator } from '../http/validation.ts';
import { inSavepoint } from '../storage/savepoint.ts';
import { settleWritesAhead } from '../storage/statements.ts';
import type { Tx } from '../storage/storage.ts';
import type { ImportContext, Importer } from './module.ts';

/** How a problem's field is written after the record's place, e.g. a schema path in brackets. */
export type FieldName = (field: string) => string;

const asIs: FieldName = (field) => field;

/** A validation_error naming `<collection>[<index>].<field>`; the field '' or 'body' names the whole record. */
export function locatedError(collection: string, index: number, problems: FieldProblem[], fieldName: FieldName = asIs): AppError {
  const where = `${collection}[${index}]`;
  const fields = problems.map((p) => ({ field: p.field === '' || p.field === 'body' ? where : `${where}.${fieldName(p.field)}`, message: p.message }));
  return invalidFields(fields);
}

/**
 * Writes record `index` of `collection` with `write`, a failure located at the record
 * (locatedWriteError). The writes it sent ahead are settled before the next record's, so their
 * failure is told as this record's.
 */
export async function writeRecord(tx: Tx, collection: string, index: number, write: () => Promise<unknown>, fieldName: FieldName = asIs): Promise<void> {
  try {
    await write();
    await settleWritesAhead(tx.db);
  } catch (caught) {
    throw locatedWriteError(collection, index, caught, fieldName);
  }
}

/**
 * What to throw for an error a record's write raised: an AppError moves to the record (its
 * fields, `id` for a duplicate id, else the whole record); anything else is thrown as it is.
 */
function locatedWriteError(collection: string, index: number, caught: unknown, fieldName: FieldName = asIs): unknown {
  const error = asAppError(caught);
  if (!error) return caught;
  const fields = error.details.fields as FieldProblem[] | undefined;
  const whole = [{ field: error.code === 'duplicate_id' ? 'id' : '', message: error.message }];
  return locatedError(collection, index, fields && fields.length > 0 ? fields : whole, fieldName);
}

export interface RecordImporterOptions<T = unknown> {
  /** Output-only fields an exported record carries, dropped before validation (derived again on import). */
  omit?: readonly string[];
  fieldName?: FieldName;
  /** Runs once after every record is written, e.g. checks across the records. */
  after?: (tx: Tx, ctx: ImportContext, records: unknown[]) => Promise<void>;
  /**
   * Writes several records at once with shared statements, leaving each as the one-by-one write
   * would, or throws (see writeInChunks).
   */
  many?: (tx: Tx, ctx: ImportContext, records: T[]) => Promise<unknown>;
}

function withoutFields(record: unknown, omit: readonly string[]): unknown {
  if (omit.length === 0 || record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const key of omit) delete copy[key];
  return copy;
}

/** Every record of the collection, checked by `validate` (a `bodyValidator`) after dropping `omit`; the first problem is thrown, located. */
export function validRecords<T>(
  collection: string,
  validate: (record: unknown) => FieldProblem[],
  records: unknown[],
  options: Pick<RecordImporterOptions, 'omit' | 'fieldName'> = {},
): T[] {
  return records.map((raw, index) => {
    const record = withoutFields(raw, options.omit ?? []);
    const problems = validate(record);
    if (problems.length > 0) throw locatedError(collection, index, problems, options.fieldName);
    return record as T;
  });
}

/** The importer of a collection whose records are written one by one through `write`. */
export function recordImporter<S extends TSchema, T = Static<S>>(
  collection: string,
  schema: S,
  write: (tx: Tx, ctx: ImportContext, record: T) => Promise<unknown>,
  options: RecordImporterOptions<T> = {},
): Importer {
  // Compiled at the first import, not when the module loads: every other command starts sooner.
  let validate: ((record: unknown) => FieldProblem[]) | undefined;
  return {
    collection,
    async importRecords(tx, ctx, records) {
      validate ??= bodyValidator(schema);
      const valid = validRecords<T>(collection, validate, records, options);
      const one = (record: T, index: number) => writeRecord(tx, collection, index, () => write(tx, ctx, record), options.fieldName);
      const { many } = options;
      if (many === undefined) {
        for (const [index, record] of valid.entries()) {
          await one(record, index);
          if ((index + 1) % IMPORT_CHUNK === 0) ctx.progress?.(collection, index + 1, valid.length);
        }
      } else {
        await writeInChunks(tx, valid, (nested, chunk) => many(nested, ctx, chunk), one, (done) => ctx.progress?.(collection, done, valid.length));
      }
      if (options.after) await options.after(tx, ctx, records);
      return records.length;
    },
  };
}

/** The distinct ids `pick` finds in the records (a link's id, or a list of them; null and absent skipped): what a `many` write reads at once. */
export function namedIds<T>(records: readonly T[], pick: (record: T) => unknown): string[] {
  const ids = new Set<string>();
  for (const record of records) {
    const value = pick(record);
    for (const id of Array.isArray(value) ? (value as unknown[]) : [value]) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

/** Records written together by a `many` write: few statements, and one savepoint, a chunk. */
export const IMPORT_CHUNK = 500;

/**
 * Writes `records` a chunk at a time with `many`, each chunk in a savepoint. A chunk `many`
 * cannot write is rolled back and written again record by record with `one`, which either
 * writes it (the records were fine alone) or throws the located problem of the first record
 * that fails. `progress` hears how many records are written after each chunk.
 */
export async function writeInChunks<T>(
  tx: Tx,
  records: readonly T[],
  many: (tx: Tx, chunk: T[]) => Promise<unknown>,
  one: (record: T, index: number) => Promise<void>,
  progress?: (done: number) => void,
): Promise<void> {
  for (let start = 0; start < records.length; start += IMPORT_CHUNK) {
    const chunk = records.slice(start, start + IMPORT_CHUNK);
    try {
      await inSavepoint(tx, async (nested) => {
        await many(nested, chunk);
        await settleWritesAhead(nested.db);
      });
    } catch {
      for (const [i, record] of chunk.entries()) await one(record, start + i);
    }
    progress?.(start + chunk.length);
  }
}
