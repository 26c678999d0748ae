/** Text as the API takes it: surrounding blanks never count. */
import { invalidField } from './errors.ts';

/** Trimmed text; absent, null or blank is null (an empty string clears an optional field). */
export function trimmedOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Trimmed text that must say something: blank is 422 on `field`. */
export function requiredText(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalidField(field, 'must not be empty');
  return trimmed;
}
