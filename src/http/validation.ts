import { Ajv } from 'ajv';
import type { ErrorObject, Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldProblem } from './errors.ts';
import { FIRST_YEAR, LAST_YEAR, addStrictTimeFormats } from './formats.ts';

// ajv-formats ships CommonJS; under ESM its function arrives as the default of the default.
type FormatsPlugin = typeof addFormatsModule.default;
const wrapped = addFormatsModule as unknown as { default?: FormatsPlugin };
const addFormats: FormatsPlugin = wrapped.default ?? (addFormatsModule as unknown as FormatsPlugin);

const common: Options = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false };

/** Bodies are taken as sent: a string where a number belongs is an error, never silently converted. */
const bodyAjv = new Ajv({ ...common, coerceTypes: false });
/** Query strings, params and headers are text by nature: "50" is the integer 50. */
const textAjv = new Ajv({ ...common, coerceTypes: 'array' });
for (const ajv of [bodyAjv, textAjv]) {
  addFormats(ajv);
  addStrictTimeFormats(ajv);
}

const YEARS = `years ${String(FIRST_YEAR).padStart(4, '0')}-${LAST_YEAR}`;
const FORMAT_MESSAGES: Record<string, string> = {
  'date-time': `must be an ISO 8601 timestamp with offset, e.g. 2030-03-25T10:00:00+02:00 (seconds 00-59, ${YEARS})`,
  date: `must be a date YYYY-MM-DD (${YEARS})`,
};

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object);
};

function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  return parts.join('.');
}

/** Ajv's errors as the API's field list: one entry per field, in a plain sentence. */
export function fieldProblems(errors: ErrorObject[], part: string): FieldProblem[] {
  const seen = new Map<string, string>();
  for (const e of errors) {
    let field = fieldPath(e.instancePath);
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      field = fieldPath(e.instancePath, String(e.params.missingProperty));
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      field = fieldPath(e.instancePath, String(e.params.additionalProperty));
      message = part === 'body' ? 'is not a field that may be set here' : 'is not a known parameter';
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    } else if (e.keyword === 'format') {
      message = FORMAT_MESSAGES[String(e.params.format)] ?? message;
    } else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      message = 'does not have an accepted type or value';
    }
    if (field === '') field = part;
    if (!seen.has(field)) seen.set(field, message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/**
 * A body schema checked exactly as a request body is (same Ajv, same messages): importers use
 * it so a file record and an API body pass one validation.
 */
export function bodyValidator(schema: object): (value: unknown) => FieldProblem[] {
  const validate = bodyAjv.compile(schema);
  return (value) => (validate(value) ? [] : fieldProblems(validate.errors ?? [], 'body'));
}
