import { sql } from 'kysely';
import type { Storage } from '../../src/storage/storage.ts';

export type Row = Record<string, unknown>;

/** Every table of the database the storage works in (its schema on PostgreSQL), SQLite's own sqlite_sequence included. */
export async function tableNames(storage: Storage): Promise<string[]> {
  const query =
    storage.dialect === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name`
      : sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
  return (await query.execute(storage.db)).rows.map((r) => r.name);
}

async function primaryKey(storage: Storage, table: string): Promise<string[]> {
  const query =
    storage.dialect === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`
      : sql<{ name: string }>`SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident(${table}))::regclass AND i.indisprimary
          ORDER BY array_position(i.indkey::int2[], a.attnum)`;
  return (await query.execute(storage.db)).rows.map((r) => r.name);
}

/** A table's rows by primary key (by the whole row where it has none). */
export async function tableRows(storage: Storage, table: string): Promise<Map<string, Row>> {
  // SQLite's counter table has no declared key: one row per table name.
  const key = table === 'sqlite_sequence' ? ['name'] : await primaryKey(storage, table);
  const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(storage.db);
  return new Map(rows.map((row) => [JSON.stringify(key.length > 0 ? key.map((k) => row[k]) : row), row]));
}
