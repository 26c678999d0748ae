/**
 * Per-organization list counters: a list's `total` read from a few counter rows instead of
 * counting the collection. A counted table keeps, per organization, the number of its rows in
 * each view: its base view split by the archived flag ("*0" live, "*1" archived, "*" for a
 * table that is never archived) and, per counted column, each value's view ("status=open*0").
 * Triggers keep them in the writers' transactions (list-count-triggers.ts), so a total read
 * with a page is as exact as the page, whatever path wrote the rows (the API, an import, SQL by
 * hand). A copy leaves them out and recounts them from the rows it wrote (copy.ts).
 */
import type { CountedTable } from './list-count-triggers.ts';
import { RowReader } from './statements.ts';
import type { Db } from './statements.ts';

export type { CountedTable } from './list-count-triggers.ts';

/** The counters, and the tables counted (written by each table's migration). Copies leave list_counts out and recount. */
export const listCountsMigration = (t: { bigint: string }): string[] => [
  `CREATE TABLE list_counts (
    org_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    view TEXT NOT NULL,
    slot INTEGER NOT NULL,
    n ${t.bigint} NOT NULL,
    PRIMARY KEY (org_id, collection, view, slot)
  )`,
  `CREATE TABLE list_count_specs (
    collection TEXT PRIMARY KEY,
    archived_column TEXT,
    by_columns TEXT NOT NULL
  )`,
];

/** Tables a copy leaves out: the specs are written by the target's own migrations, the counters recounted (recountAllStatements). */
export const DERIVED_COUNT_TABLES: readonly string[] = ['list_counts', 'list_count_specs'];

/** What a list asks to count: archived records too or not, and at most one counted column's value. */
export interface CountedView {
  includeArchived: boolean;
  column?: { name: string; value: string } | undefined;
}

/** The view keys whose counters add up to the list's total. */
export function viewKeys(spec: CountedTable, view: CountedView): string[] {
  const prefix = view.column === undefined ? '' : `${view.column.name}=${view.column.value}`;
  if (spec.archived === undefined) return [`${prefix}*`];
  return view.includeArchived ? [`${prefix}*0`, `${prefix}*1`] : [`${prefix}*0`];
}

const reader = new RowReader();
const READ_ONE = 'select coalesce(sum(n), 0) from list_counts where org_id = ? and collection = ? and view = ?';
const READ_TWO = 'select coalesce(sum(n), 0) from list_counts where org_id = ? and collection = ? and view in (?, ?)';

/** The list's total from its counters: a handful of rows of the counters' primary key. */
export async function countedTotal(db: Db, orgId: string, spec: CountedTable, view: CountedView): Promise<number> {
  const keys = viewKeys(spec, view);
  const rows = await reader.rows(db, keys.length === 1 ? READ_ONE : READ_TWO, [orgId, spec.table, ...keys]);
  return Number(rows[0]?.[0] ?? 0);
}

/**
 * The counted view a list request reads its total from, or undefined when its filters have no
 * counter (a search, updated_since, a filter not counted, or more than one filter): that total
 * is counted, bounded by the filter's index. `columns` maps a counted filter to its column.
 */
export function countedViewOf(
  request: { includeArchived?: boolean | undefined; search?: string | undefined; updatedSince?: string | undefined; where?: Readonly<Record<string, unknown>> | undefined },
  columns: ReadonlyMap<string, string>,
): CountedView | undefined {
  if (request.search || request.updatedSince !== undefined) return undefined;
  const filters = Object.entries(request.where ?? {}).filter(([, value]) => value !== undefined);
  const includeArchived = request.includeArchived === true;
  if (filters.length === 0) return { includeArchived };
  const [only] = filters;
  if (filters.length > 1 || only === undefined) return undefined;
  const [name, value] = only;
  const column = columns.get(name);
  return column === undefined || typeof value !== 'string' ? undefined : { includeArchived, column: { name: column, value } };
}
