/** How a list filter of a resource reads: a column, a column of the joined table, or a side table (resource.ts). */
import type { ColumnOf, FilterSpec, TableName } from './resource.ts';
import { ident } from './statements.ts';

/**
 * A list filter through a side table of the same organization: the record's id is among the
 * `id` values of the side table's rows whose `match` column equals the value (and, with
 * `only`, whose column is one of the listed values). The side table should index
 * (org_id, match, id), which serves both the value's range and PostgreSQL's probe of one record:
 * the filter then reads the matching ids or a page's worth of probes, however large the table.
 */
export interface Through<S extends TableName = TableName> {
  readonly through: {
    readonly table: S;
    readonly id: ColumnOf<S>;
    readonly match: ColumnOf<S>;
    readonly only?: { readonly column: ColumnOf<S>; readonly values: readonly string[] };
  };
}

/** Builds a Through filter with its columns checked against the side table. */
export function through<S extends TableName>(spec: Through<S>['through']): Through {
  return { through: spec } as unknown as Through;
}

/** A list filter's condition (on SQLite, and on PostgreSQL where it differs) and the parameters it takes. */
export interface FilterText {
  condition: string;
  postgres: string;
  params: (orgId: string, value: unknown) => unknown[];
}

export function filterText<T extends TableName, J extends TableName>(filter: FilterSpec<T, J>): FilterText {
  const value = (_orgId: string, v: unknown) => [v];
  const same = (condition: string): FilterText => ({ condition, postgres: condition, params: value });
  if (typeof filter === 'string') return same(`t.${ident(filter)} = ?`);
  if ('joined' in filter) return same(`j.${ident(filter.joined)} = ?`);
  const { table, id, match, only } = filter.through;
  const restricted = only === undefined ? '' : ` and s.${ident(only.column)} in (${only.values.map(() => '?').join(', ')})`;
  const ids = `select s.${ident(id)} from ${ident(table)} s where s."org_id" = ? and s.${ident(match)} = ?${restricted}`;
  return {
    // SQLite drives the search from the listed ids (primary-key lookups), then sorts them.
    // PostgreSQL plans the semi-join by the statistics: from the side table's (org_id, match, id)
    // range when it is short, or along the list's order index with one probe of the side table
    // per record when the match is common, so a page reads about its own rows.
    condition: `t."id" in (${ids})`,
    postgres: `exists (select 1 from ${ident(table)} s where s."org_id" = t."org_id" and s.${ident(id)} = t."id" and s."org_id" = ? and s.${ident(match)} = ?${restricted})`,
    params: (orgId, v) => [orgId, v, ...(only?.values ?? [])],
  };
}
