/**
 * The planner's statistics, gathered after a bulk load (`import`, `copy`): a database that has
 * just received many rows plans its first queries on what it knows, and without statistics
 * PostgreSQL guesses (a claim on the event backlog took seconds instead of milliseconds).
 */
import { sql } from 'kysely';
import type { Storage } from './storage.ts';

/** Rows SQLite reads per index for its statistics: bounded work whatever the size, close enough for plans. */
const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * The statements that gather statistics: on SQLite for the whole file, sampled; on PostgreSQL
 * for the given tables only (schema-qualified and quoted), not every schema of the database.
 */
export function statisticsStatements(dialect: Storage['dialect'], qualifiedTables: readonly string[]): string[] {
  if (dialect === 'sqlite') return [`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`, 'ANALYZE'];
  return qualifiedTables.length === 0 ? [] : [`ANALYZE ${qualifiedTables.join(', ')}`];
}

/** Gathers statistics for every table of the storage's schema. */
export async function gatherStatistics(storage: Pick<Storage, 'db' | 'dialect'>): Promise<void> {
  const tables =
    storage.dialect === 'sqlite'
      ? []
      : (await sql<{ name: string }>`select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by tablename`.execute(storage.db)).rows.map((r) => r.name);
  for (const statement of statisticsStatements(storage.dialect, tables)) await sql.raw(statement).execute(storage.db);
}
