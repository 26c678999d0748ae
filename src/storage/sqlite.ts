import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDatabase, SqliteStatement } from 'kysely';
import type { SqliteSynchronous } from '../config.ts';
import type { Database } from './schema.ts';

/** Write transactions take the write lock at BEGIN, so two writers never deadlock upgrading a read lock. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
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
function cachingDatabase(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string): BetterSqlite3.Statement => {
    let stmt = cache.get(sql);
    if (stmt === undefined) {
      stmt = raw.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const stmt = prepare(sql);
      return {
        reader: stmt.reader,
        all: (parameters) => stmt.all(bindable(parameters)),
        run: (parameters) => {
          const r = stmt.run(bindable(parameters));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (parameters) => stmt.iterate(bindable(parameters)),
      };
    },
  };
}

export interface SqliteHandle {
  db: Kysely<Database>;
  raw: BetterSqlite3.Database;
}

export function openSqlite(path: string, synchronous: SqliteSynchronous): SqliteHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma(`synchronous = ${synchronous}`);
  raw.pragma('busy_timeout = 10000');
  raw.pragma('foreign_keys = ON');
  // Reads served from memory: a bigger page cache and memory-mapped reads save a system call per
  // page, which on some hosts costs more than the query itself.
  raw.pragma('cache_size = -65536');
  raw.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(cachingDatabase(raw)) });
  return { db, raw };
}
