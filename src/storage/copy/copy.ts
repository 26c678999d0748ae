/**
 * Copies a migrated database into an empty one of either engine. The source is read in one
 * snapshot; the target is written in one transaction that is committed only after every table's
 * row count and digest match the source's. Every refusal comes before anything is written.
 */
import { resolve } from 'node:path';
import type { Migration } from '../migrations.ts';
import { countedTableOf, recountAllStatements } from '../list-count-triggers.ts';
import { DERIVED_COUNT_TABLES } from '../list-counts.ts';
import { schemaStatements } from '../migrations.ts';
import type { Dialect } from '../storage.ts';
import { CopyError } from './ends.ts';
import type { SourceEnd, TableShape, TargetEnd } from './ends.ts';
import { postgresSource, postgresTarget } from './postgres-end.ts';
import { sqliteSource, sqliteTarget } from './sqlite-end.ts';
import { TableDigest, forTarget, plain } from './values.ts';
import type { ColumnKind, PlainValue } from './values.ts';

export { CopyError } from './ends.ts';
export type { PlainValue } from './values.ts';

export type CopiedRow = Record<string, PlainValue>;

/** Reads one of the source's tables from the snapshot being copied. */
export type Peek = (table: string) => Promise<CopiedRow[]>;

/** What the copy changes on the way: rows rewritten (secrets sealed again) or left out (undefined), and rows added. */
export interface CopyChanges {
  rewrite?: Record<string, (row: CopiedRow) => CopiedRow | undefined>;
  add?: Array<{ table: string; row: CopiedRow }>;
}

export interface CopyProgress {
  phase: 'copying' | 'checking';
  table: string;
  /** 1-based position of the table among all. */
  index: number;
  tables: number;
  rows: number;
}

export interface CopyOptions {
  from: string;
  to: string;
  /** The setting that named `to` (e.g. --to), for the refusal of a new SQLite file in a folder that does not exist. */
  toNamedBy: string;
  /** This build's migrations: the target's schema, and what the source must have applied. */
  migrations: readonly Migration[];
  /** Runs on the source snapshot before anything is written; may refuse by throwing. */
  prepare?: (peek: Peek) => Promise<CopyChanges>;
  onProgress?: (progress: CopyProgress) => void;
}

export interface TableCheck {
  rows: number;
  digest: string;
}

export interface CopySummary {
  from: Dialect;
  to: Dialect;
  tables: number;
  rows: number;
  migrations: number;
  /** Row count and digest of every table, equal on both sides. */
  checked: Record<string, TableCheck>;
}

type End = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

function endOf(url: string, role: 'source' | 'target'): End {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '' || path === ':memory:') throw new CopyError(`the ${role} must be a database file (sqlite:PATH) or a PostgreSQL URL, got "${url}"`);
    return { kind: 'sqlite', path };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  throw new CopyError(`the ${role} database URL must start with sqlite: or postgres://, got "${url}"`);
}

function sameDatabase(a: End, b: End): boolean {
  if (a.kind === 'sqlite' && b.kind === 'sqlite') return resolve(a.path) === resolve(b.path);
  return a.kind === 'postgres' && b.kind === 'postgres' && a.url === b.url;
}

async function checkMigrations(source: SourceEnd, migrations: readonly Migration[]): Promise<number> {
  const applied = await source.migrations();
  if (applied.length === 0) throw new CopyError('the source is not a bizplat database (it has no schema_migrations table or no migration recorded)');
  const known = new Set(migrations.map((m) => m.name));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new CopyError(`the source database has a newer schema than this build of bizplat (migrations it does not know: ${unknown.slice(0, 5).join(', ')}): run the copy with the bizplat version that last migrated it, or a newer one. Nothing was written`);
  }
  const missing = [...known].filter((name) => !applied.includes(name));
  if (missing.length > 0) {
    throw new CopyError(`the source database is not up to date (${missing.length} migrations not applied, first ${missing[0]}): run "bizplat migrate --db SOURCE" (or start a server on it once), then copy. Nothing was written`);
  }
  return applied.length;
}

function notEmpty(tables: string[]): CopyError {
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
  return new CopyError(`the target database is not empty (${tables.length} tables: ${shown}): copy writes only into an empty database (a new SQLite file, or a PostgreSQL database or ?schema= with no table). Nothing was written`);
}

/** Tables in an order where each comes after those it refers to. */
function referencesFirst(tables: readonly TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (table: TableShape, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const name of table.refersTo) {
      const referred = byName.get(name);
      if (referred !== undefined) place(referred, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => (a.name < b.name ? -1 : 1))) place(table, new Set());
  return ordered;
}

/** Each column's kind, from the PostgreSQL side when there is one. */
function kindsOf(source: TableShape, target: TableShape, sourceDialect: Dialect): Map<string, ColumnKind> {
  const authority = sourceDialect === 'postgres' ? source : target;
  return new Map(authority.columns.map((c) => [c.name, c.kind]));
}

function sameShape(source: TableShape | undefined, target: TableShape): boolean {
  if (source === undefined) return false;
  const names = (t: TableShape) => t.columns.map((c) => c.name).sort().join(',');
  return names(source) === names(target);
}

async function openSource(end: End): Promise<SourceEnd> {
  return end.kind === 'sqlite' ? sqliteSource(end.path) : postgresSource(end.url);
}

async function openTarget(end: End, namedBy: string): Promise<TargetEnd> {
  return end.kind === 'sqlite' ? sqliteTarget(end.path, namedBy) : postgresTarget(end.url);
}

function peekFrom(source: SourceEnd, tables: readonly TableShape[]): Peek {
  return async (name) => {
    const table = tables.find((t) => t.name === name);
    if (table === undefined) return [];
    const rows: CopiedRow[] = [];
    for await (const batch of source.rows(table)) {
      for (const raw of batch) rows.push(Object.fromEntries(table.columns.map((c, i) => [c.name, plain(c.kind, raw[i] ?? null)])));
    }
    return rows;
  };
}

export async function copyDatabase(options: CopyOptions): Promise<CopySummary> {
  const from = endOf(options.from, 'source');
  const to = endOf(options.to, 'target');
  if (sameDatabase(from, to)) throw new CopyError('the target is the source database: give another database with --to');
  const source = await openSource(from);
  try {
    const migrations = await checkMigrations(source, options.migrations);
    const sourceTables = withoutDerived(await source.tables());
    const changes = (await options.prepare?.(peekFrom(source, sourceTables))) ?? {};
    const target = await openTarget(to, options.toNamedBy);
    let committed = false;
    try {
      const existing = await target.existingTables();
      if (existing.length > 0) throw notEmpty(existing);
      await target.begin(schemaStatements(target.dialect, options.migrations));
      const checked = await copyTables(source, target, sourceTables, changes, options.onProgress);
      await target.commit();
      committed = true;
      return {
        from: source.dialect,
        to: target.dialect,
        tables: Object.keys(checked).length,
        rows: Object.values(checked).reduce((n, c) => n + c.rows, 0),
        migrations,
        checked,
      };
    } finally {
      if (committed) await target.close();
      else await target.abandon();
    }
  } finally {
    await source.close();
  }
}

function rewritten(table: TableShape, rows: PlainValue[][], rewrite: (row: CopiedRow) => CopiedRow | undefined): PlainValue[][] {
  return rows.flatMap((values) => {
    const row = rewrite(Object.fromEntries(table.columns.map((c, i) => [c.name, values[i] ?? null])));
    return row === undefined ? [] : [table.columns.map((c) => row[c.name] ?? null)];
  });
}

async function copyTables(
  source: SourceEnd,
  target: TargetEnd,
  sourceTables: readonly TableShape[],
  changes: CopyChanges,
  onProgress: CopyOptions['onProgress'],
): Promise<Record<string, TableCheck>> {
  const targetTables = referencesFirst(withoutDerived(await target.tables()));
  const sourceByName = new Map(sourceTables.map((t) => [t.name, t]));
  const unmatched = [...targetTables.filter((t) => !sameShape(sourceByName.get(t.name), t)).map((t) => t.name), ...sourceTables.filter((t) => !targetTables.some((u) => u.name === t.name)).map((t) => t.name)];
  if (unmatched.length > 0) throw new CopyError(`the source's tables differ from this build's schema (${unmatched.slice(0, 5).join(', ')}): was the source changed by hand? Nothing was written`);
  const counters = await source.counters(sourceTables);
  const expected = new Map<string, TableDigest>();
  for (const [index, table] of targetTables.entries()) {
    const from = sourceByName.get(table.name)!;
    const kinds = kindsOf(from, table, source.dialect);
    const columnKinds = table.columns.map((c) => kinds.get(c.name) ?? c.kind);
    const positions = table.columns.map((c) => from.columns.findIndex((s) => s.name === c.name));
    const rewrite = changes.rewrite?.[table.name];
    const digest = new TableDigest(columnKinds);
    const counterAt = table.counter === undefined ? -1 : table.columns.findIndex((c) => c.name === table.counter);
    let last = counters.get(table.name) ?? 0n;
    // One batch is written while the next is read and hashed: the target's work overlaps ours.
    let writing: Promise<void> | undefined;
    const write = async (rows: PlainValue[][]) => {
      for (const row of rows) {
        digest.add(row);
        const id = counterAt >= 0 ? row[counterAt] : undefined;
        if (typeof id === 'bigint' && id > last) last = id;
      }
      const converted = rows.map((row) => row.map((v, i) => forTarget(columnKinds[i]!, v, target.dialect)));
      await writing;
      writing = target.insert(table, converted);
      // Its failure is reported where it is awaited (the next write, or the table's end), not as an unhandled rejection meanwhile.
      writing.catch(() => {});
    };
    for await (const batch of source.rows(from)) {
      let rows = batch.map((raw) => positions.map((p, i) => plain(columnKinds[i]!, raw[p] ?? null)));
      if (rewrite !== undefined) rows = rewritten(table, rows, rewrite);
      await write(rows);
      onProgress?.({ phase: 'copying', table: table.name, index: index + 1, tables: targetTables.length, rows: digest.rows });
    }
    const added = (changes.add ?? []).filter((a) => a.table === table.name).map((a) => table.columns.map((c) => a.row[c.name] ?? null));
    if (added.length > 0) await write(added);
    await writing;
    if (table.counter !== undefined) await target.setCounter(table, last);
    expected.set(table.name, digest);
    onProgress?.({ phase: 'copying', table: table.name, index: index + 1, tables: targetTables.length, rows: digest.rows });
  }
  await target.rowsWritten();
  await recountLists(target);
  return checkTables(target, targetTables, expected, source.dialect, sourceByName, onProgress);
}

/** The tables a copy rebuilds rather than copies: the list counters (whatever the target's triggers did as rows went in) and their specs (made by its migrations). */
function withoutDerived(tables: readonly TableShape[]): TableShape[] {
  return tables.filter((t) => !DERIVED_COUNT_TABLES.includes(t.name));
}

/** The target's list counters counted from its rows, in the copy's transaction: exact however the rows went in. */
async function recountLists(target: TargetEnd): Promise<void> {
  const specs = await target.run('SELECT collection, archived_column, by_columns FROM list_count_specs ORDER BY collection');
  for (const statement of recountAllStatements(specs.map((row) => countedTableOf({ collection: row.collection, archived_column: row.archived_column, by_columns: row.by_columns })))) await target.run(statement);
}

/** Reads every table back from the target, inside the copy's transaction, and compares it with what was read from the source. */
async function checkTables(
  target: TargetEnd,
  tables: readonly TableShape[],
  expected: ReadonlyMap<string, TableDigest>,
  sourceDialect: Dialect,
  sourceByName: ReadonlyMap<string, TableShape>,
  onProgress: CopyOptions['onProgress'],
): Promise<Record<string, TableCheck>> {
  const checked: Record<string, TableCheck> = {};
  for (const [index, table] of tables.entries()) {
    const kinds = kindsOf(sourceByName.get(table.name)!, table, sourceDialect);
    const columnKinds = table.columns.map((c) => kinds.get(c.name) ?? c.kind);
    const digest = new TableDigest(columnKinds);
    for await (const batch of target.rows(table)) for (const raw of batch) digest.add(raw.map((v, i) => plain(columnKinds[i]!, v)));
    const wanted = expected.get(table.name)!;
    if (digest.rows !== wanted.rows || digest.hex() !== wanted.hex()) {
      throw new CopyError(`table ${table.name} differs after copying (${wanted.rows} rows read, ${digest.rows} written, digests ${wanted.hex().slice(0, 12)} and ${digest.hex().slice(0, 12)}): nothing was committed; report this with both database kinds`);
    }
    checked[table.name] = { rows: digest.rows, digest: digest.hex() };
    onProgress?.({ phase: 'checking', table: table.name, index: index + 1, tables: tables.length, rows: digest.rows });
  }
  return checked;
}
