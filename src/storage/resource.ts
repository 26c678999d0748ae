/**
 * One way to store a routine resource: a table of one organization's records, keyed by
 * (org_id, id), with a version. A domain declares its table, the columns of its answer and how
 * each becomes an API field; storage gives the list page, the read by id, create with a
 * supplied id and the optimistic update, all typed against that table. Every write bumps the
 * collection's change counter in the same transaction (see change-counters.ts). SQL texts are built once
 * per shape from the declaration (never from input); rows are read as arrays and turned into
 * API records in one step.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { bumpCollection } from './change-counters.ts';
import type { Collection } from './change-counters.ts';
import { DuplicateIdError, isPrimaryKeyViolation, RecordNotFoundError, StaleVersionError } from './errors.ts';
import { keysetCondition, keysetParams, listFingerprint, pageAndCursor, refuseUnreadableCursor, startOf } from './keyset.ts';
import type { Direction, OrderColumns, Position } from './keyset.ts';
import { changedFields } from './changed-fields.ts';
import { countedTotal, countedViewOf } from './list-counts.ts';
import type { CountedTable } from './list-counts.ts';
import { filterText } from './list-filters.ts';
import type { FilterText, Through } from './list-filters.ts';
import type { Database } from './schema.ts';
import { searchCondition } from './search-index.ts';
import { ident, RowReader, runUnansweredWrite, runWrite, usesNumberedPlaceholders } from './statements.ts';
import type { FailureReading } from './pipelined.ts';
import type { Db } from './statements.ts';

export type TableName = keyof Database & string;
type Row<T extends TableName> = Selectable<Database[T]>;
export type ColumnOf<T extends TableName> = keyof Row<T> & string;

/** A field read from a column of the main table through `read` (JSON, booleans, timestamps, …). */
export interface Converted<T extends TableName, C extends ColumnOf<T>, R> {
  readonly column: C;
  read(value: Row<T>[C]): R;
}

/** A field read from a column of the joined table. */
export interface Joined<J extends TableName, C extends ColumnOf<J>> {
  readonly joined: C;
}

export type FieldSpec<T extends TableName, J extends TableName> = ColumnOf<T> | Converted<T, ColumnOf<T>, unknown> | Joined<J, ColumnOf<J>>;

/** The API record a field spec produces. */
export type RecordOf<T extends TableName, J extends TableName, F extends Record<string, FieldSpec<T, J>>> = {
  -readonly [K in keyof F]: F[K] extends ColumnOf<T>
    ? Row<T>[F[K]]
    : F[K] extends Converted<T, ColumnOf<T>, infer R>
      ? R
      : F[K] extends Joined<J, infer C>
        ? Row<J>[C]
        : never;
};

/** Builders for a table's field specs, typed so that `read` receives the column's own type. */
export function fieldsOf<T extends TableName, J extends TableName = never>() {
  return {
    via<C extends ColumnOf<T>, R>(column: C, read: (value: Row<T>[C]) => R): Converted<T, C, R> {
      return { column, read };
    },
    joined<C extends ColumnOf<J>>(column: C): Joined<J, C> {
      return { joined: column };
    },
  };
}

/** The one join a resource may have: a row of `table` of the same organization, matched on `on`. */
export interface JoinSpec<T extends TableName, J extends TableName> {
  table: J;
  /** Pairs [joined column, main column] that must be equal (org_id is matched too). */
  on: ReadonlyArray<readonly [ColumnOf<J>, ColumnOf<T>]>;
}

export type { Direction } from './keyset.ts';

export { through } from './list-filters.ts';
export type { Through } from './list-filters.ts';

export type FilterSpec<T extends TableName, J extends TableName> = ColumnOf<T> | Joined<J, ColumnOf<J>> | Through;

export interface ResourceSpec<T extends TableName, J extends TableName, F extends Record<string, FieldSpec<T, J>>, Q extends string> {
  table: T;
  /** What a missing record is called in the 404 of `get` ("<noun> not found"). */
  noun?: string;
  join?: JoinSpec<T, J>;
  fields: F;
  /** Filters of the list: query name → column (equality), { joined: column } or through(side table). */
  filters?: Record<Q, FilterSpec<T, J>>;
  /** Listed unless include_archived; none means the resource is never archived. */
  archivedColumn?: ColumnOf<T>;
  /**
   * A searchText() column `search` matches as a substring (LIKE containsPattern(search)), through
   * the column's search index: the table needs a migration with t.searchIndex(table, column).
   */
  searchColumn?: ColumnOf<T>;
  /**
   * How a failed insert reads besides a duplicate id, for a table with a unique column of its own
   * (a product's SKU): the error to throw, or undefined for the driver's. The insert goes out with
   * the transaction's next statement (statements.ts's runUnansweredWrite), so its failure surfaces
   * there and is read here, not where insert() was called.
   */
  insertConflict?: (error: unknown, row: Readonly<Record<string, unknown>>) => Error | undefined;
  /**
   * The list order; `created_at desc, id desc` unless given. It must end with a unique column and
   * its columns are never NULL: a cursor is the last record's values of these columns.
   */
  order?: ReadonlyArray<readonly [ColumnOf<T>, Direction]>;
  /**
   * The column a write stamps with its time (`updated_at`): a list with `updatedSince` keeps the
   * records at or after it, ordered by (this column, id) ascending so a cursor walk meets every
   * change in the order it was stamped. Index (org_id, column, id) to make that a range.
   */
  updatedColumn?: ColumnOf<T>;
  /**
   * The total read from per-organization counters (list-counts.ts), unfiltered or by one of these
   * column filters alone: a migration with t.listCounts({ table, archived: archivedColumn, by: their columns }).
   */
  counted?: { filters?: ReadonlyArray<NoInfer<Q>> };
}

export interface ListRequest<Q extends string> {
  limit: number;
  offset: number;
  /** The next_cursor of a previous page of the same list and filters: the page starts after its last record. */
  cursor?: string | undefined;
  includeArchived?: boolean;
  search?: string | undefined;
  /** Only records whose updatedColumn is at or after this ISO time, oldest change first. */
  updatedSince?: string | undefined;
  /** Filters to apply; undefined values are ignored. */
  where?: Partial<Record<Q, string | number | boolean | undefined>>;
}

export interface ListPage<R> {
  items: R[];
  total: number;
  limit: number;
  offset: number;
  /** The cursor of the page after this one; null on the last page. */
  next_cursor: string | null;
}

export interface UpdateOutcome<R> {
  record: R;
  /** The record as `plan` last received it, before the change. */
  before: R;
  /** The API fields whose value differs from the record before (version and updated_at aside). */
  changed: string[];
}

export interface Resource<T extends TableName, R, Q extends string> extends Collection {
  readonly table: T;
  /** The API record of a row read elsewhere (say, the row just inserted). */
  toRecord(row: Row<T>): R;
  find(db: Db, orgId: string, id: string): Promise<R | undefined>;
  /** find() through requireFound: 404 "<noun> not found" when there is no such record or `sees` refuses it. */
  get(db: Db, orgId: string, id: string, sees?: Sees<R>): Promise<R>;
  list(db: Db, orgId: string, request: ListRequest<Q>): Promise<ListPage<R>>;
  /** Every record the filters match, in list order (for the few lists the API does not page). */
  all(db: Db, orgId: string, request?: Filters<Q>): Promise<R[]>;
  /** Inserts a new record; an id already used in the organization throws DuplicateIdError (409 `duplicate_id`). */
  insert(db: Db, row: Insertable<Database[T]> & { org_id: string; id: string }): Promise<R>;
  /**
   * The optimistic update: reads the record, asks `plan` for the column changes, and writes them
   * with the version bumped only if the record is still at the version read. `plan` receives the
   * record and the stored row it came from (every column, those the answer does not show too).
   * With `expected` (If-Match) the record must be at that version, else StaleVersionError;
   * without it a concurrent change makes `plan` run again on the fresh row (up to five times), so
   * `plan` must decide from what it receives and leave side effects until update returns.
   * A missing record throws RecordNotFoundError, as get() does.
   */
  update(db: Db, orgId: string, id: string, expected: number | undefined, plan: UpdatePlan<T, R>): Promise<UpdateOutcome<R>>;
}

/** What selects a list's records, paging aside. */
export type Filters<Q extends string> = Omit<ListRequest<Q>, 'limit' | 'offset' | 'cursor'>;

/** Whether the caller may see a record; one it may not answers exactly as a missing one. */
export type Sees<R> = (record: R) => boolean | Promise<boolean>;

/**
 * The one find-or-404: the record read, or RecordNotFoundError (404 `not_found`, "<noun> not
 * found") when there is none or `sees` refuses it, so a record out of the caller's sight answers
 * exactly as a missing one. A resource's get() is this over its find(); a read of another shape (a
 * locked row, a member, a movement) passes its result here.
 */
export async function requireFound<R>(record: R | undefined, noun: string, sees?: Sees<R>): Promise<R> {
  if (record === undefined || (sees !== undefined && !(await sees(record)))) throw new RecordNotFoundError(noun);
  return record;
}

/** The column changes an update makes, decided from the record and its stored row. */
export type UpdatePlan<T extends TableName, R> = (current: R, stored: Row<T>) => Updateable<Database[T]> | Promise<Updateable<Database[T]>>;

const DEFAULT_ORDER = [
  ['created_at', 'desc'],
  ['id', 'desc'],
] as const;

/** Without If-Match an update reads the record again this often when a concurrent writer moved its version. */
const MAX_UPDATE_ATTEMPTS = 5;

export function defineResource<T extends TableName, F extends Record<string, FieldSpec<T, J>>, Q extends string = never, J extends TableName = never>(
  spec: ResourceSpec<T, J, F, Q>,
): Resource<T, RecordOf<T, J, F>, Q> {
  type R = RecordOf<T, J, F>;
  const reader = new RowReader();
  const names = Object.keys(spec.fields);
  const specs = names.map((name) => spec.fields[name] as FieldSpec<T, J>);
  const selected = specs.map((f) => (typeof f === 'string' ? `t.${ident(f)}` : 'joined' in f ? `j.${ident(f.joined)}` : `t.${ident(f.column)}`));
  const readers = specs.map((f) => (typeof f === 'object' && 'read' in f ? (v: unknown) => f.read(v as never) : undefined));
  const mainColumns: Array<string | undefined> = specs.map((f) => (typeof f === 'string' ? f : 'column' in f ? f.column : undefined));

  const fromArray = (values: unknown[]): R => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const read = readers[i];
      out[names[i] as string] = read === undefined ? values[i] : read(values[i]);
    }
    return out as R;
  };
  const toRecord = (row: Row<T>): R => fromArray(mainColumns.map((c) => (c === undefined ? undefined : (row as Record<string, unknown>)[c])));

  const table = ident(spec.table);
  const join = spec.join
    ? ` join ${ident(spec.join.table)} j on j."org_id" = t."org_id"${spec.join.on.map(([a, b]) => ` and j.${ident(a)} = t.${ident(b)}`).join('')}`
    : '';
  const from = `from ${table} t${join} where t."org_id" = ?`;
  const select = `select ${selected.map((s, i) => `${s} as c${i}`).join(', ')} `;
  const findText = `${select}${from} and t."id" = ?`;
  // The stored row with the joined fields beside it, read by update.
  const joinedAs = specs.map((f, i) => (typeof f === 'object' && 'joined' in f ? `, j.${ident(f.joined)} as "joined_${i}"` : '')).join('');
  const storedText = `select t.*${joinedAs} ${from} and t."id" = ?`;
  const noun = spec.noun ?? 'record';

  /** Per filter: its condition text and the parameters it takes besides the value (before it). */
  const filterTexts = new Map<string, FilterText>();
  for (const [name, filter] of Object.entries(spec.filters ?? {}) as Array<[string, FilterSpec<T, J>]>) {
    filterTexts.set(name, filterText(filter));
  }
  const listTexts = new Map<string, ListTexts>();
  const countedColumns = new Map((spec.counted?.filters ?? []).flatMap((name) => (typeof spec.filters?.[name] === 'string' ? [[name, spec.filters[name]] as const] : [])));
  const counters: CountedTable = { table: spec.table, archived: spec.archivedColumn, by: [...countedColumns.values()] };
  const listOrder: OrderColumns = spec.order ?? DEFAULT_ORDER;
  const updated = spec.updatedColumn;
  const syncOrder: OrderColumns | undefined = updated === undefined ? undefined : [[updated, 'asc'], ['id', 'asc']];

  const filtered = async (db: Db, orgId: string, request: Filters<Q>) => {
    const postgres = usesNumberedPlaceholders(db);
    const conditions: string[] = [];
    const params: unknown[] = [orgId];
    let order = listOrder;
    if (request.updatedSince !== undefined) {
      if (updated === undefined || syncOrder === undefined) throw new Error(`${spec.table}: no updatedColumn to list by updatedSince`);
      conditions.push(`t.${ident(updated)} >= ?`);
      // Stored times are ISO text in UTC (…Z) on SQLite: the bound compares as one of them.
      params.push(new Date(request.updatedSince).toISOString());
      order = syncOrder;
    }
    if (spec.archivedColumn !== undefined && !request.includeArchived) {
      conditions.push(`t.${ident(spec.archivedColumn)} = ?`);
      params.push(false);
    }
    if (spec.searchColumn !== undefined && request.search) {
      const search = await searchCondition(db, spec.table, spec.searchColumn, request.search);
      conditions.push(search.condition);
      params.push(...search.params);
    }
    for (const [name, value] of Object.entries(request.where ?? {})) {
      if (value === undefined) continue;
      const filter = filterTexts.get(name);
      if (filter === undefined) throw new Error(`${spec.table}: no list filter ${name}`);
      conditions.push(postgres ? filter.postgres : filter.condition);
      params.push(...filter.params(orgId, value));
    }
    const shape = `${postgres}:${conditions.join(' and ')}`;
    let texts = listTexts.get(shape);
    if (texts === undefined) {
      texts = listTextsFor(conditions, order);
      listTexts.set(shape, texts);
    }
    return { texts, params, order };
  };
  const listTextsFor = (conditions: readonly string[], order: OrderColumns): ListTexts => {
    const where = conditions.map((c) => ` and ${c}`).join('');
    const orderBy = ` order by ${order.map(([c, d]) => `t.${ident(c)} ${d}`).join(', ')}`;
    // A page also reads its order columns: the last row's values make the next page's cursor.
    const keys = order.map(([c], i) => `, t.${ident(c)} as c${names.length + i}`).join('');
    const pageSelect = `${select.trimEnd()}${keys} ${from}${where}`;
    return {
      all: `${select}${from}${where}${orderBy}`,
      page: `${pageSelect}${orderBy} limit ? offset ?`,
      pageAfter: `${pageSelect} and ${keysetCondition(order)}${orderBy} limit ?`,
      count: `select count(*) ${from}${where}`,
    };
  };
  /** What binds a cursor to its list: the table, the organization and every filter. */
  const fingerprintOf = (orgId: string, request: Filters<Q>): string => {
    const where = Object.entries(request.where ?? {}).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return listFingerprint([spec.table, orgId, request.includeArchived === true, request.search ?? '', request.updatedSince ?? null, where]);
  };

  const list = async (db: Db, orgId: string, request: ListRequest<Q>): Promise<ListPage<R>> => {
    const { texts, params, order } = await filtered(db, orgId, request);
    const fingerprint = fingerprintOf(orgId, request);
    const after = startOf(request, fingerprint, order.length);
    // One row beyond the page tells whether there is a next one.
    const width = names.length + order.length;
    const rowsRead =
      after === undefined
        ? reader.wideRows(db, texts.page, [...params, request.limit + 1, request.offset], width)
        : reader.wideRows(db, texts.pageAfter, [...params, ...keysetParams(order, after), request.limit + 1], width).catch(refuseUnreadableCursor);
    const view = spec.counted === undefined ? undefined : countedViewOf(request, countedColumns);
    const counting = view === undefined ? reader.rows(db, texts.count, params).then((r) => Number(r[0]?.[0] ?? 0)) : countedTotal(db, orgId, counters, view);
    const [total, rows] = await Promise.all([counting, rowsRead]);
    const { page, next } = pageAndCursor(rows, request.limit, fingerprint, (row) => row.slice(names.length) as Position);
    return { items: page.map(fromArray), total, limit: request.limit, offset: request.offset, next_cursor: next };
  };

  const all = async (db: Db, orgId: string, request: Filters<Q> = {}): Promise<R[]> => {
    const { texts, params } = await filtered(db, orgId, request);
    return (await reader.wideRows(db, texts.all, params, names.length)).map(fromArray);
  };

  const find = async (db: Db, orgId: string, id: string): Promise<R | undefined> => {
    const rows = await reader.rows(db, findText, [orgId, id]);
    return rows[0] === undefined ? undefined : fromArray(rows[0]);
  };

  const get = async (db: Db, orgId: string, id: string, sees?: Sees<R>): Promise<R> => requireFound(await find(db, orgId, id), noun, sees);

  const readStored = async (db: Db, orgId: string, id: string): Promise<{ row: Row<T>; record: R & { version: number } } | undefined> => {
    const stored = (await runWrite(db, storedText, [orgId, id], true)).rows[0];
    if (stored === undefined) return undefined;
    const values = mainColumns.map((c, i) => (c === undefined ? stored[`joined_${i}`] : stored[c]));
    return { row: stored as Row<T>, record: fromArray(values) as R & { version: number } };
  };

  const insertTexts = new Map<string, { text: string; reading: FailureReading }>();
  /** The error an insert of `columns` fails with: a duplicate id, or the spec's reading of it. */
  const failedInsert = (columns: string[]): FailureReading => (error, values) => {
    const row = Object.fromEntries(columns.map((column, i) => [column, values[i]]));
    if (isPrimaryKeyViolation(error)) return new DuplicateIdError(String(row.id));
    return spec.insertConflict?.(error, row) ?? error;
  };
  const insert = async (db: Db, row: Insertable<Database[T]> & { org_id: string; id: string }): Promise<R> => {
    const columns = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    const shape = columns.join(',');
    let statement = insertTexts.get(shape);
    if (statement === undefined) {
      statement = { text: `insert into ${table} (${columns.map(ident).join(', ')}) values (${columns.map(() => '?').join(', ')})`, reading: failedInsert(columns) };
      insertTexts.set(shape, statement);
    }
    if (spec.join !== undefined && (await find(db, row.org_id, row.id))) throw new DuplicateIdError(row.id);
    // Nothing is read back: the row written is the record (or is read by find() below).
    await runUnansweredWrite(db, statement.text, columns.map((c) => (row as Record<string, unknown>)[c]), statement.reading);
    await bumpCollection(db, row.org_id, spec.table);
    // Without a join the row written is the whole record; a joined field needs the read.
    if (spec.join === undefined) return toRecord(row as unknown as Row<T>);
    const written = await find(db, row.org_id, row.id);
    if (written === undefined) throw new Error(`${spec.table}: the row just written was not found`);
    return written;
  };

  const returning = mainColumns.filter((c): c is string => c !== undefined);
  const writeAt = async (db: Db, orgId: string, id: string, version: number, changes: Updateable<Database[T]>): Promise<R | undefined> => {
    const values = changes as Record<string, unknown>;
    const columns = Object.keys(values).filter((k) => values[k] !== undefined && k !== 'version');
    const sets = [...columns.map((c) => `${ident(c)} = ?`), `"version" = "version" + 1`].join(', ');
    const back = spec.join === undefined ? ` returning ${returning.map(ident).join(', ')}` : '';
    const text = `update ${table} set ${sets} where "org_id" = ? and "id" = ? and "version" = ?${back}`;
    const result = await runWrite(db, text, [...columns.map((c) => values[c]), orgId, id, version]);
    if ((spec.join === undefined ? result.rows.length : result.changed) > 0) await bumpCollection(db, orgId, spec.table);
    if (spec.join === undefined) return result.rows[0] === undefined ? undefined : toRecord(result.rows[0] as Row<T>);
    return result.changed > 0 ? find(db, orgId, id) : undefined;
  };
  const update = async (
    db: Db,
    orgId: string,
    id: string,
    expected: number | undefined,
    plan: UpdatePlan<T, R>,
  ): Promise<UpdateOutcome<R>> => {
    for (let attempt = 1; ; attempt++) {
      const stored = await readStored(db, orgId, id);
      if (stored === undefined) throw new RecordNotFoundError(noun);
      const current = stored.record;
      if (expected !== undefined && current.version !== expected) throw new StaleVersionError(expected);
      const record = await writeAt(db, orgId, id, current.version, await plan(current, stored.row));
      if (record !== undefined) return { record, before: current, changed: changedFields(current, record) };
      if (expected !== undefined || attempt >= MAX_UPDATE_ATTEMPTS) throw new StaleVersionError(expected ?? current.version);
    }
  };

  const bump = (db: Db, orgId: string) => bumpCollection(db, orgId, spec.table);
  return { table: spec.table, bump, toRecord, find, get, list, all, insert, update };
}

type ListTexts = Record<'all' | 'page' | 'pageAfter' | 'count', string>;
