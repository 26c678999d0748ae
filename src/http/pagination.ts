import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { named } from './components.ts';

/** limit 1–200 (default 50) and offset ≥ 0 (default 0): the common list parameters. */
export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50, description: 'page size, 1 to 200' }),
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000_000, default: 0, description: 'records to skip' }),
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
}
