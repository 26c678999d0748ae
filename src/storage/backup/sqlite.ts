import { closeSync, openSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { ensureSqliteFolder } from '../sqlite.ts';
import { BackupError, exists, notEmpty, partialFileFor, publish } from './files.ts';
import type { BackupSummary, RestoreSummary } from './backup.ts';

/** Every page in one step: the copy is read in one read transaction, a snapshot that concurrent writers (WAL) never restart. */
const ALL_PAGES = 0x7fffffff;

function openExisting(path: string, readonly: boolean): BetterSqlite3.Database {
  try {
    const db = new BetterSqlite3(path, { readonly, fileMustExist: true });
    db.pragma('busy_timeout = 10000');
    return db;
  } catch (error) {
    throw new BackupError(`cannot open the SQLite database ${path}: ${(error as Error).message}`);
  }
}

function tableNames(db: BetterSqlite3.Database): string[] {
  return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[];
}

/** Refuses a file that is not a sound bizplat database; returns its tables and recorded migrations. */
function inspect(db: BetterSqlite3.Database, what: string): { tables: number; migrations: number } {
  let check: string[];
  try {
    check = db.prepare('PRAGMA quick_check').pluck().all() as string[];
  } catch (error) {
    throw new BackupError(`${what} is not a readable SQLite database: ${(error as Error).message}`);
  }
  if (check.length !== 1 || check[0] !== 'ok') throw new BackupError(`${what} is damaged: ${check.slice(0, 5).join('; ')}`);
  const tables = tableNames(db);
  if (!tables.includes('schema_migrations')) throw new BackupError(`${what} is not a bizplat database (it has no schema_migrations table)`);
  const migrations = db.prepare('SELECT count(*) FROM schema_migrations').pluck().get() as number;
  return { tables: tables.length, migrations };
}

/** A consistent copy of a live database through SQLite's online backup API; writers go on meanwhile. */
export async function backupSqlite(path: string, out: string): Promise<BackupSummary> {
  const source = openExisting(path, true);
  let partial: string | undefined;
  try {
    partial = await partialFileFor(out);
    await source.backup(partial, { progress: () => ALL_PAGES });
    const copy = openExisting(partial, false);
    let summary;
    try {
      // A single self-contained file: the copy inherits WAL mode, whose side files would stay behind.
      copy.pragma('journal_mode = DELETE');
      summary = inspect(copy, `the copy of ${path}`);
    } finally {
      copy.close();
    }
    const bytes = await publish(partial, out);
    partial = undefined;
    return { database: 'sqlite', file: out, bytes, tables: summary.tables, migrations: summary.migrations };
  } finally {
    source.close();
    if (partial !== undefined) await rm(partial, { force: true });
  }
}

/**
 * Copies a backup into the database file at `path`, which must not exist yet or hold no table.
 * The backup API writes the destination in one transaction: a failure leaves it as it was.
 */
export async function restoreSqlite(from: string, path: string, namedBy: string | undefined): Promise<RestoreSummary> {
  const backup = openExisting(from, true);
  try {
    const summary = inspect(backup, from);
    const created = !(await exists(path));
    if (created) {
      ensureSqliteFolder(path, namedBy);
      closeSync(openSync(path, 'wx', 0o600));
    } else {
      const target = openExisting(path, true);
      try {
        const tables = tableNames(target);
        if (tables.length > 0) throw notEmpty(path, tables);
      } finally {
        target.close();
      }
    }
    try {
      await backup.backup(path, { progress: () => ALL_PAGES });
    } catch (error) {
      if (created) await rm(path, { force: true });
      throw new BackupError(`cannot restore into ${path}: ${(error as Error).message}`);
    }
    await chmod(path, 0o600);
    return { database: 'sqlite', file: from, tables: summary.tables, migrations: summary.migrations };
  } finally {
    backup.close();
  }
}
