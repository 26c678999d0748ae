/**
 * Splits an `employees` import record into its whitelisted part and its private fields, and
 * checks the private values can be stored on both databases. A problem names the field, never
 * its value: private values must not reach an error message.
 */
import type { FieldProblem } from '../../http/errors.ts';
import { PUBLIC_IMPORT_FIELDS } from './schemas.ts';

export interface SplitRecord {
  /** The whitelisted fields, for the import schema. */
  open: Record<string, unknown>;
  /** Everything else, stored apart and never shown. */
  hidden: Record<string, unknown>;
}

export function splitRecord(record: Record<string, unknown>): SplitRecord {
  // fromEntries defines own properties: a field named __proto__ is kept as data, not as a prototype.
  const entries = Object.entries(record);
  return {
    open: Object.fromEntries(entries.filter(([key]) => PUBLIC_IMPORT_FIELDS.has(key))),
    hidden: Object.fromEntries(entries.filter(([key]) => !PUBLIC_IMPORT_FIELDS.has(key))),
  };
}

/**
 * NUL is refused in text and keys (PostgreSQL's JSONB cannot hold it) and so are lone UTF-16
 * surrogates (JSONB refuses them too, and its error would quote the text).
 */
export function privateProblems(hidden: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(hidden)) {
    if (!storable(key)) problems.push({ field: '', message: 'has a field name that contains NUL or an unpaired surrogate' });
    else if (!storable(value)) problems.push({ field: key, message: 'holds text with NUL or an unpaired surrogate, which cannot be stored' });
  }
  return problems;
}

/** With the u flag a surrogate pair is one code point: only an unpaired half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function storable(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(storable);
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([k, v]) => storable(k) && storable(v));
  return true;
}
