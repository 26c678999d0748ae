/**
 * Many new rows written with multi-row statements (an import). insertRows writes rows of any
 * table; insertMany writes new records of one resource: the rows resource.insert() would write
 * one by one, in the same order, with the collection's change counter bumped once per
 * organization. A duplicate id, or any other refusal, fails the whole call: the caller writes the
 * records one by one to learn which (see domains/importing.ts).
 */
import type { Insertable } from 'kysely';
import type { Resource, TableName } from './resource.ts';
import type { Database } from './schema.ts';
import { ident, runWrite } from './statements.ts';
import type { Db } from './statements.ts';

/** Values per statement, below SQLite's bound on parameters (32,766) and PostgreSQL's (65,535). */
const MAX_PARAMETERS = 30_000;

type NewRow<T extends TableName> = Insertable<Database[T]> & { org_id: string; id: string };

function definedColumns(row: object): string[] {
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/** Writes `rows` into `table` in order, as few statements as the bound on parameters allows. */
export async function insertRows<T extends TableName>(db: Db, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  let start = 0;
  while (start < rows.length) {
    // Rows in a row with the same columns given share a statement (an absent column takes its default).
    const columns = definedColumns(rows[start]!);
    const shape = columns.join(',');
    const most = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    let end = start + 1;
    while (end < rows.length && end - start < most && definedColumns(rows[end]!).join(',') === shape) end += 1;
    const chunk = rows.slice(start, end);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const text = `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values ${chunk.map(() => tuple).join(', ')}`;
    await runWrite(db, text, chunk.flatMap((row) => columns.map((c) => (row as Record<string, unknown>)[c])));
    start = end;
  }
}

/**
 * The records of the rows written, as resource.toRecord reads a row: of a resource with a join,
 * a joined field comes back undefined and the caller, who knows it, fills it in.
 */
export async function insertMany<T extends TableName, R, Q extends string>(db: Db, resource: Resource<T, R, Q>, rows: ReadonlyArray<NewRow<T>>): Promise<R[]> {
  await insertRows(db, resource.table, rows);
  for (const orgId of new Set(rows.map((row) => row.org_id))) await resource.bump(db, orgId);
  return rows.map((row) => resource.toRecord(row as unknown as Parameters<typeof resource.toRecord>[0]));
}
