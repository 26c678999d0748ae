import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { listCountStatements } from './list-count-triggers.ts';
import type { CountedTable } from './list-count-triggers.ts';
import { searchIndexStatements } from './search-index.ts';
import type { Dialect } from './storage.ts';

/** Column types spelled per dialect, so one migration text serves both. */
export interface DdlTypes {
  bool: string;
  json: string;
  timestamp: string;
  bigint: string;
  date: string;
  true: string;
  false: string;
  /** An auto-incrementing integer primary key: a commit-independent tie-breaker for ordering. */
  autoId: string;
  /**
   * A column default: the writing transaction's id (PostgreSQL), a constant 0 on SQLite, where
   * transactions never overlap. See storage/commit-horizon.ts.
   */
  currentTxId: string;
  /** The statements that index a searchText() column for a resource's `search` (search-index.ts), filling it from the rows there. */
  searchIndex(table: string, column: string): string[];
  /** The triggers that keep a resource's list counters (list-counts.ts), and its rows counted. */
  listCounts(spec: CountedTable): string[];
}

export interface Migration {
  name: string;
  statements(t: DdlTypes): string[];
}

const TYPES: Record<Dialect, DdlTypes> = {
  sqlite: {
    bool: 'INTEGER',
    json: 'TEXT',
    timestamp: 'TEXT',
    bigint: 'INTEGER',
    date: 'TEXT',
    true: '1',
    false: '0',
    autoId: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    currentTxId: '0',
    searchIndex: (table, column) => searchIndexStatements(false, table, column),
    listCounts: (spec) => listCountStatements(false, spec),
  },
  postgres: {
    bool: 'BOOLEAN',
    json: 'JSONB',
    timestamp: 'TIMESTAMPTZ',
    bigint: 'BIGINT',
    date: 'DATE',
    true: 'TRUE',
    false: 'FALSE',
    autoId: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    currentTxId: '(pg_current_xact_id()::text::bigint)',
    searchIndex: (table, column) => searchIndexStatements(true, table, column),
    listCounts: (spec) => listCountStatements(true, spec),
  },
};

/** Migrations run in the order of their names, whichever module declares them. */
export function byName(a: Migration, b: Migration): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runner works below the typed schema
type AnyDb = Kysely<any>;

async function applied(db: AnyDb): Promise<Set<string>> {
  const rows = await db.selectFrom('schema_migrations').select('name').execute();
  return new Set(rows.map((r: { name: string }) => r.name));
}

async function applyOne(db: AnyDb, dialect: Dialect, migration: Migration): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another process may have applied it meanwhile.
    if ((await applied(trx)).has(migration.name)) return false;
    for (const statement of migration.statements(TYPES[dialect])) {
      await sql.raw(statement).execute(trx);
    }
    await trx
      .insertInto('schema_migrations')
      .values({ name: migration.name, applied_at: new Date().toISOString() })
      .execute();
    return true;
  });
}

/** A `?schema=` that does not exist yet is created, so a fresh schema needs no manual step. */
async function createMissingSchema(conn: AnyDb): Promise<void> {
  const { rows } = await sql<{ schema: string | null; path: string }>`select current_schema() as schema, current_setting('search_path') as path`.execute(conn);
  const row = rows[0];
  if (!row || row.schema !== null) return;
  const first = row.path.split(',')[0]?.trim().replace(/^"|"$/g, '');
  if (!first || first === '$user') return;
  await sql`create schema if not exists ${sql.id(first)}`.execute(conn);
}

/**
 * Applies every migration not yet recorded, in the order of their names (whichever module
 * declares them), each in its own transaction. On PostgreSQL a
 * session advisory lock (per schema) makes two processes starting at once take turns; on
 * SQLite the write lock taken by BEGIN IMMEDIATE does the same.
 */
export async function runMigrations(db: AnyDb, dialect: Dialect, migrations: Migration[]): Promise<string[]> {
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`duplicate migration name ${m.name}`);
    names.add(m.name);
  }
  const ordered = [...migrations].sort(byName);
  const run = async (conn: AnyDb): Promise<string[]> => {
    await sql.raw(CREATE_TABLE).execute(conn);
    const done = await applied(conn);
    const result: string[] = [];
    for (const migration of ordered) {
      if (done.has(migration.name)) continue;
      if (await applyOne(conn, dialect, migration)) result.push(migration.name);
    }
    return result;
  };
  if (dialect === 'sqlite') return run(db);
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext('bizplat.migrations.' || current_setting('search_path'))`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      await createMissingSchema(conn);
      return await run(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/**
 * The whole schema as statements for one dialect, for a database built in one go rather than
 * migrated step by step (a copy): the migration table, then every migration in name order.
 */
export function schemaStatements(dialect: Dialect, migrations: readonly Migration[]): string[] {
  return [CREATE_TABLE, ...[...migrations].sort(byName).flatMap((m) => m.statements(TYPES[dialect]))];
}

/** The names among `expected` that the database has not applied (throws when it has no migration table yet). */
export async function missingMigrations(db: AnyDb, expected: readonly string[]): Promise<string[]> {
  const done = await applied(db);
  return expected.filter((name) => !done.has(name));
}
