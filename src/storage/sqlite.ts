import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDatabase, SqliteStatement } from 'kysely';
import type { SqliteSynchronous } from '../config.ts';
import type { Database } from './schema.ts';
import { registerSqliteHandle } from './statements.ts';

/**
 * Write transactions take the write lock at BEGIN, so two writers never deadlock upgrading a
 * read lock. A failure that SQLite answers by rolling the whole transaction back itself (a full
 * disk, SQLITE_FULL) leaves nothing to roll back: the rollback is skipped, so the caller gets
 * that failure rather than "cannot rollback - no transaction is active".
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #raw: BetterSqlite3.Database;
  constructor(database: SqliteDatabase, raw: BetterSqlite3.Database) {
    super({ database });
    this.#raw = raw;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#raw.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  readonly #raw: BetterSqlite3.Database;
  constructor(database: SqliteDatabase, raw: BetterSqlite3.Database) {
    super({ database });
    this.#database = database;
    this.#raw = raw;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#database, this.#raw);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/** SQLite binds no booleans: they are stored as 1/0, exactly as PostgreSQL accepts them too. */
function bindable(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((p) => (p === true ? 1 : p === false ? 0 : p));
}

/**
 * Wraps better-sqlite3 for Kysely: prepared statements are cached by SQL text (Kysely would
 * prepare every query anew) and boolean parameters become 1/0.
 */
function cachingDatabase(raw: BetterSqlite3.Database, wrote: () => void): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  const wrap = (stmt: BetterSqlite3.Statement): SqliteStatement => {
    // Counted before it runs: a reader that sees the new count reads after the write.
    const before = stmt.readonly ? () => {} : wrote;
    return {
      reader: stmt.reader,
      all: (parameters) => (before(), stmt.all(bindable(parameters))),
      run: (parameters) => {
        before();
        const r = stmt.run(bindable(parameters));
        return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
      },
      iterate: (parameters) => (before(), stmt.iterate(bindable(parameters))),
    };
  };
  return {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare: (sql: string): SqliteStatement => {
      let stmt = cache.get(sql);
      if (stmt === undefined) {
        stmt = wrap(raw.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

export interface SqliteHandle {
  db: Kysely<Database>;
  raw: BetterSqlite3.Database;
  /**
   * With FULL durability: makes every commit so far durable, off the event loop. The connection
   * itself commits without waiting for the disk (synchronous=NORMAL), and the write-ahead log is
   * synced here before any write is acknowledged: the same guarantee as synchronous=FULL, but
   * the next batch runs while the disk works. Undefined when durability was relaxed.
   */
  syncLog: (() => Promise<void>) | undefined;
  /** How many statements that may write have run on this connection (see Storage.readStamp). */
  localWrites: () => number;
}

/** The file of an `sqlite:` URL; `sqlite:` alone is the default database. */
export function sqlitePathOf(url: string): string {
  return url.slice('sqlite:'.length) || './data/bizplat.db';
}

/** An SQLite path whose folder does not exist, named by a setting: refused rather than made. */
export class SqliteFolderMissing extends Error {}

/**
 * Makes sure the folder an SQLite database is to be made in exists. The default database's
 * folder (`./data` of `npm start`: `namedBy` undefined) is made; a folder named by a setting
 * (`namedBy`: DATABASE_URL, --db, --to) must exist already, or a typo would make a new, empty
 * database where the operator meant an existing one.
 */
export function ensureSqliteFolder(path: string, namedBy: string | undefined): void {
  const folder = dirname(resolve(path));
  if (existsSync(folder)) return;
  if (namedBy === undefined) {
    mkdirSync(folder, { recursive: true });
    return;
  }
  throw new SqliteFolderMissing(`${namedBy} names the SQLite database "${path}" in a folder that does not exist (${folder}): correct the path, or make the folder first`);
}

/**
 * The database and its -wal and -shm files are readable by their owner only. The file is made
 * (or an existing one tightened) before SQLite opens it: SQLite gives the -wal and -shm files
 * it creates the database file's mode, whatever the umask. Existing -wal/-shm are tightened too.
 */
function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export function openSqlite(path: string, synchronous: SqliteSynchronous): SqliteHandle {
  if (path !== ':memory:') ownerOnly(path);
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  const syncOurselves = synchronous === 'FULL' && path !== ':memory:';
  raw.pragma(`synchronous = ${syncOurselves ? 'NORMAL' : synchronous}`);
  raw.pragma('busy_timeout = 10000');
  raw.pragma('foreign_keys = ON');
  // Savepoint journals (one per grouped write) stay in memory instead of a temporary file: two
  // write system calls per changed page saved.
  raw.pragma('temp_store = MEMORY');
  let writes = 0;
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(cachingDatabase(raw, () => (writes += 1)), raw) });
  registerSqliteHandle(db, raw);
  return { db, raw, syncLog: syncOurselves ? () => syncFile(`${path}-wal`) : undefined, localWrites: () => writes };
}

/** fdatasync on a fresh descriptor: the log file may have been replaced since the last call. */
async function syncFile(path: string): Promise<void> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}
