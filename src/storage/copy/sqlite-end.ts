import { closeSync, openSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { ensureSqliteFolder } from '../sqlite.ts';
import { exists } from '../backup/files.ts';
import { SQLITE_SEARCH_INSERT_TRIGGERS, sqliteSearchRebuild } from '../search-index.ts';
import { statisticsStatements } from '../statistics.ts';
import { BATCH_ROWS, CopyError } from './ends.ts';
import type { RowBatches, SourceEnd, TableShape, TargetEnd } from './ends.ts';
import { kindOfSqliteType } from './values.ts';
import type { PlainValue, RawValue } from './values.ts';

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function openFile(path: string, readonly: boolean, what: string): BetterSqlite3.Database {
  try {
    const db = new BetterSqlite3(path, { readonly, fileMustExist: true });
    db.pragma('busy_timeout = 10000');
    return db;
  } catch (error) {
    throw new CopyError(`cannot open the ${what} SQLite database ${path}: ${(error as Error).message}`);
  }
}

/**
 * The tables that hold data. Virtual tables and their shadow tables (the search indexes, see
 * storage/search-index.ts) are left out: they are derived from the others, and the target's
 * triggers fill its own as the rows go in.
 */
function tableNames(db: BetterSqlite3.Database): string[] {
  return db
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
}

function shapes(db: BetterSqlite3.Database): TableShape[] {
  return tableNames(db).map((name) => {
    const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid`).all(name) as Array<{ name: string; type: string; pk: number }>;
    const definition = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) as string;
    const refersTo = db.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(name) as string[];
    return {
      name,
      columns: info.map((c) => ({ name: c.name, kind: kindOfSqliteType(c.type) })),
      counter: /AUTOINCREMENT/i.test(definition) ? info.find((c) => c.pk === 1)?.name : undefined,
      refersTo,
    };
  });
}

async function* batchesOf(db: BetterSqlite3.Database, table: TableShape): RowBatches {
  const statement = db.prepare(`SELECT ${table.columns.map((c) => quoted(c.name)).join(', ')} FROM ${quoted(table.name)}`).raw(true).safeIntegers(true);
  let batch: RawValue[][] = [];
  for (const row of statement.iterate() as IterableIterator<RawValue[]>) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Reads the database file at `path` in one read transaction: a snapshot that writers (WAL) go on beside. */
export async function sqliteSource(path: string): Promise<SourceEnd> {
  if (!(await exists(path))) throw new CopyError(`the source database ${path} does not exist: give the database to copy with --db sqlite:PATH`);
  const db = openFile(path, true, 'source');
  try {
    db.exec('BEGIN');
    // The snapshot starts at the first read, and lasts until COMMIT.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    db.close();
    throw new CopyError(`cannot read the source SQLite database ${path}: ${(error as Error).message}`);
  }
  return {
    dialect: 'sqlite',
    tables: async () => shapes(db),
    migrations: async () => (tableNames(db).includes('schema_migrations') ? (db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all() as string[]) : []),
    rows: (table) => batchesOf(db, table),
    counters: async () => {
      const hasCounters = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
      const rows = hasCounters ? (db.prepare('SELECT name, seq FROM sqlite_sequence').safeIntegers(true).all() as Array<{ name: string; seq: bigint }>) : [];
      return new Map(rows.map((r) => [r.name, r.seq]));
    },
    close: async () => {
      if (db.inTransaction) db.exec('COMMIT');
      db.close();
    },
  };
}

/** Writes into the SQLite file at `path`, made when missing (its folder must exist: `namedBy` names the setting), in one transaction. */
export async function sqliteTarget(path: string, namedBy: string): Promise<TargetEnd> {
  const created = !(await exists(path));
  if (created) {
    ensureSqliteFolder(path, namedBy);
    try {
      closeSync(openSync(path, 'wx', 0o600));
    } catch (error) {
      throw new CopyError(`cannot create the target database ${path}: ${(error as Error).message}`);
    }
  }
  const db = openFile(path, false, 'target');
  const inserts = new Map<string, BetterSqlite3.Statement>();
  let searchTriggers: Array<{ name: string; sql: string }> = [];
  const removeCreated = async () => {
    if (!created) return;
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${path}${suffix}`, { force: true });
  };
  return {
    dialect: 'sqlite',
    existingTables: async () => tableNames(db),
    begin: async (schema) => {
      // As a server opens it: settings that cannot change inside a transaction.
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      db.exec('BEGIN IMMEDIATE');
      // Rows go in table by table: references are checked at COMMIT.
      db.pragma('defer_foreign_keys = ON');
      for (const statement of schema) db.exec(statement);
      // The search indexes are filled once at the end, in one pass each, not row by row.
      searchTriggers = db.prepare(SQLITE_SEARCH_INSERT_TRIGGERS).all() as Array<{ name: string; sql: string }>;
      for (const trigger of searchTriggers) db.exec(`DROP TRIGGER ${quoted(trigger.name)}`);
    },
    tables: async () => shapes(db),
    insert: async (table, rows) => {
      let statement = inserts.get(table.name);
      if (statement === undefined) {
        const columns = table.columns.map((c) => quoted(c.name));
        statement = db.prepare(`INSERT INTO ${quoted(table.name)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        inserts.set(table.name, statement);
      }
      for (const row of rows) statement.run(row as Array<Exclude<PlainValue, boolean>>);
    },
    rows: (table) => batchesOf(db, table),
    run: async (statement) => {
      const prepared = db.prepare(statement);
      if (prepared.reader) return prepared.all() as Array<Record<string, unknown>>;
      prepared.run();
      return [];
    },
    setCounter: async (table, last) => {
      const raised = db.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?').run(last, table.name);
      if (raised.changes === 0) db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table.name, last);
    },
    rowsWritten: async () => {
      for (const trigger of searchTriggers) {
        db.exec(trigger.sql);
        db.exec(sqliteSearchRebuild(trigger.name));
      }
      searchTriggers = [];
    },
    commit: async () => {
      db.exec('COMMIT');
      // A server starting on the copy plans with statistics, not guesses.
      for (const statement of statisticsStatements('sqlite', [])) db.exec(statement);
      await chmod(path, 0o600);
    },
    abandon: async () => {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
      await removeCreated();
    },
    close: async () => {
      if (db.open) db.close();
    },
  };
}
