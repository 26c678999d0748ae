import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { named } from './components.ts';
import { DateTime, Nullable } from './schemas.ts';

/** Longest cursor accepted: the values of a record's order columns, encoded. */
const CURSOR_LENGTH = 4096;

/**
 * limit 1–200 (default 50) and offset ≥ 0 (default 0): the common list parameters; cursor (an
 * extension) pages by keyset instead of offset.
 */
export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'page size, 1 to 200' }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'records to skip (each page costs the records skipped: prefer cursor for deep pages)' }),
  cursor: Type.Optional(
    Type.String({
      maxLength: CURSOR_LENGTH,
      description:
        'extension: the next_cursor of the previous page, to read the page after it (offset must then be 0). Pass the same filters as that page; a cursor of another list or other filters answers 422. Each page costs the same however deep it is, and a walk by cursor neither repeats nor skips a record while others are created or archived.',
    }),
  ),
};

/** Extension of the lists that serve synchronization: records changed at or after a time, oldest change first. */
export const UpdatedSince = {
  updated_since: Type.Optional(
    DateTime({
      description:
        'extension: only records created or changed at or after this ISO 8601 time, ordered by (updated_at, id) ascending, so a walk by cursor meets every change; to synchronize, start the next run at the greatest updated_at seen minus a minute (with include_archived=true where there is one)',
    }),
  ),
};

export const IncludeArchived = {
  include_archived: Type.Boolean({ default: false, description: 'also list archived records' }),
};

/** A page of records; `name` makes it a named schema of the OpenAPI document (`ClientList`). */
export function ListOf<T extends TSchema>(item: T, name?: string) {
  const page = Type.Object(
    {
      items: Type.Array(item),
      total: Type.Integer({ minimum: 0, description: 'records matching, over all pages' }),
      limit: Type.Integer({ minimum: 1 }),
      offset: Type.Integer({ minimum: 0 }),
      next_cursor: Nullable(Type.String(), { description: 'extension: pass as cursor for the page after this one; null on the last page' }),
    },
    { description: 'One page of a list.' },
  );
  return name === undefined ? page : named(name, page);
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  next_cursor: string | null;
}
