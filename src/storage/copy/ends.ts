import type { Dialect } from '../storage.ts';
import type { ColumnKind, PlainValue, RawValue } from './values.ts';

export interface ColumnShape {
  name: string;
  kind: ColumnKind;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  /** The column an engine numbers by itself (an identity column, an SQLite AUTOINCREMENT key). */
  counter: string | undefined;
  /** Tables this one refers to by foreign key: written first. */
  refersTo: string[];
}

/** Rows read in batches, each row in the order of the table's columns. */
export type RowBatches = AsyncIterable<RawValue[][]>;

/** The database copied from: everything it answers comes from one snapshot, taken by open(). */
export interface SourceEnd {
  readonly dialect: Dialect;
  tables(): Promise<TableShape[]>;
  migrations(): Promise<string[]>;
  rows(table: TableShape): RowBatches;
  /** The last number each counting table handed out, by table (it may be past the highest kept). */
  counters(tables: readonly TableShape[]): Promise<Map<string, bigint>>;
  close(): Promise<void>;
}

/** The database copied into: written in one transaction, committed only once checked. */
export interface TargetEnd {
  readonly dialect: Dialect;
  /** The tables it holds now: the copy writes only into a target that has none. */
  existingTables(): Promise<string[]>;
  /** Opens the transaction and creates the schema in it. */
  begin(schema: readonly string[]): Promise<void>;
  tables(): Promise<TableShape[]>;
  insert(table: TableShape, rows: PlainValue[][]): Promise<void>;
  /** Every table's rows are in: builds what begin put off until then (PostgreSQL's secondary indexes), before the rows are read back. */
  rowsWritten(): Promise<void>;
  rows(table: TableShape): RowBatches;
  /** Runs one statement of storage's own text (no parameter) in the copy's transaction; its rows by column name. */
  run(statement: string): Promise<Array<Record<string, unknown>>>;
  /** Makes the table's counter hand out numbers past `last`. */
  setCounter(table: TableShape, last: bigint): Promise<void>;
  commit(): Promise<void>;
  /** Rolls back, and removes what opening the target made (a new SQLite file). */
  abandon(): Promise<void>;
  close(): Promise<void>;
}

/** Rows per read: large enough to keep round trips few, small enough to keep memory flat. */
export const BATCH_ROWS = 500;

/** A copy refused or failed: the message says what to do. */
export class CopyError extends Error {}
