import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { parsePostgresUrl } from '../postgres.ts';
import { statisticsStatements } from '../statistics.ts';
import { BATCH_ROWS, CopyError } from './ends.ts';
import type { RowBatches, SourceEnd, TableShape, TargetEnd } from './ends.ts';
import { kindOfPostgresType } from './values.ts';
import type { PlainValue, RawValue } from './values.ts';

/** Every value arrives as PostgreSQL's text form: values.ts reads it per column kind. */
const TEXT_ONLY = { getTypeParser: () => (text: string) => text } as pg.CustomTypesConfig;

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface Connection {
  client: pg.Client;
  /** The schema the server's tables live in: `?schema=`, else the first of the search path. */
  schema: string;
  /** Whether the URL named the schema (then a copy makes it when missing). */
  named: boolean;
}

async function connect(url: string, role: 'source' | 'target'): Promise<Connection> {
  const target = parsePostgresUrl(url);
  // No start-up options (a transaction pooler refuses them): each transaction scopes its own
  // search path and time zone (scopeTransaction), so a copy works through PgBouncer as well.
  const client = new pg.Client({ connectionString: target.connectionString, types: TEXT_ONLY });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    const host = new URL(target.connectionString).host;
    throw new CopyError(`cannot connect to the ${role} PostgreSQL database at ${host}: ${(error as Error).message}. Check the URL, that the server runs and that it accepts this user`);
  }
  const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  return { client, schema: target.schema ?? rows[0]?.schema ?? 'public', named: target.schema !== undefined };
}

/** Right after BEGIN: the URL's schema first on the search path, and timestamps read in UTC, for this transaction only. */
async function scopeTransaction({ client, schema, named }: Connection): Promise<void> {
  if (named) await client.query("SELECT set_config('search_path', $1, true), set_config('TimeZone', 'UTC', true)", [schema]);
  else await client.query("SELECT set_config('TimeZone', 'UTC', true)");
}

async function tableNames({ client, schema }: Connection): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [schema]);
  return rows.map((r) => r.name);
}

async function shapes(connection: Connection): Promise<TableShape[]> {
  const { client, schema } = connection;
  const columns = await client.query<{ table: string; name: string; type: string; identity: string }>(
    `SELECT c.table_name AS table, c.column_name AS name, c.data_type AS type, c.is_identity AS identity
       FROM information_schema.columns c JOIN pg_tables t ON t.schemaname = c.table_schema AND t.tablename = c.table_name
      WHERE c.table_schema = $1 ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  const references = await client.query<{ table: string; refers: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS refers
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = $1`,
    [schema],
  );
  const bare = (name: string) => name.replace(/^.*\./, '').replace(/^"|"$/g, '');
  const tables = new Map<string, TableShape>();
  for (const c of columns.rows) {
    const table = tables.get(c.table) ?? { name: c.table, columns: [], counter: undefined, refersTo: [] };
    table.columns.push({ name: c.name, kind: kindOfPostgresType(c.type) });
    if (c.identity === 'YES') table.counter = c.name;
    tables.set(c.table, table);
  }
  for (const r of references.rows) tables.get(bare(r.table))?.refersTo.push(bare(r.refers));
  return [...tables.values()];
}

function qualified(connection: Connection, table: string): string {
  return `${quoted(connection.schema)}.${quoted(table)}`;
}

async function* batchesOf(connection: Connection, table: TableShape): RowBatches {
  const { client } = connection;
  await client.query(`DECLARE copy_rows NO SCROLL CURSOR FOR SELECT ${table.columns.map((c) => quoted(c.name)).join(', ')} FROM ${qualified(connection, table.name)}`);
  const fetch = (): Promise<pg.QueryResult<RawValue[]>> => client.query<RawValue[]>({ text: `FETCH ${BATCH_ROWS} FROM copy_rows`, rowMode: 'array' });
  // The next batch is asked for before this one is handed over: the server reads while the copy hashes and writes.
  let next: Promise<pg.QueryResult<RawValue[]>> | undefined = fetch();
  try {
    while (next !== undefined) {
      const { rows }: pg.QueryResult<RawValue[]> = await next;
      next = rows.length < BATCH_ROWS ? undefined : fetch();
      next?.catch(() => {});
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that stopped early leaves a fetch under way: the connection answers it before the CLOSE.
    await next?.catch(() => {});
    await client.query('CLOSE copy_rows');
  }
}

/** Reads the database in one REPEATABLE READ, READ ONLY transaction: one snapshot while servers go on writing. */
export async function postgresSource(url: string): Promise<SourceEnd> {
  const connection = await connect(url, 'source');
  await connection.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  // The snapshot is taken at the first statement after BEGIN.
  await scopeTransaction(connection);
  return {
    dialect: 'postgres',
    tables: () => shapes(connection),
    migrations: async () => {
      if (!(await tableNames(connection)).includes('schema_migrations')) return [];
      const { rows } = await connection.client.query<{ name: string }>(`SELECT name FROM ${qualified(connection, 'schema_migrations')} ORDER BY name`);
      return rows.map((r) => r.name);
    },
    rows: (table) => batchesOf(connection, table),
    counters: async (tables) => {
      const counters = new Map<string, bigint>();
      for (const table of tables) {
        if (table.counter === undefined) continue;
        const { rows } = await connection.client.query<{ last: string | null }>('SELECT pg_sequence_last_value(pg_get_serial_sequence($1, $2)) AS last', [qualified(connection, table.name), table.counter]);
        const last = rows[0]?.last;
        if (last !== null && last !== undefined) counters.set(table.name, BigInt(last));
      }
      return counters;
    },
    close: async () => {
      await connection.client.query('COMMIT').catch(() => {});
      await connection.client.end().catch(() => {});
    },
  };
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format. */
function copyField(value: PlainValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'bigint' || typeof value === 'number') return String(value);
  // bytea's hex form, its backslash escaped for COPY.
  if (Buffer.isBuffer(value)) return `\\\\x${value.toString('hex')}`;
  return value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!);
}

/** Rows in COPY's text format: fields split by tabs, each row ended by a newline. */
function copyRows(rows: readonly PlainValue[][]): string {
  let text = '';
  for (const row of rows) text += `${row.map(copyField).join('\t')}\n`;
  return text;
}

/** The schema's indexes that back no constraint (a primary key's, a unique constraint's stay), by name. */
async function secondaryIndexes({ client, schema }: Connection): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY c.relname`,
    [schema],
  );
  return rows;
}

/**
 * One COPY … FROM STDIN per table, fed batch after batch: the server takes rows in while the
 * next batch is read and hashed. A failure (a refused value, a broken constraint) is reported
 * by the write or the end that follows it; nothing is committed either way.
 */
class CopyIn {
  readonly #stream: ReturnType<typeof copyFrom>;
  readonly #done: Promise<void>;

  constructor(
    client: pg.Client,
    readonly table: string,
    statement: string,
  ) {
    this.#stream = client.query(copyFrom(statement));
    this.#done = finished(this.#stream).catch((error: unknown) => {
      throw new Error(`table ${table}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    this.#done.catch(() => {});
  }

  async write(text: string): Promise<void> {
    if (!this.#stream.write(text)) await Promise.race([once(this.#stream, 'drain'), this.#done]);
  }

  async end(): Promise<void> {
    this.#stream.end();
    await this.#done;
  }

  /** Fails the COPY (the server is sent CopyFail), so the connection can roll back. */
  async abandon(): Promise<void> {
    this.#stream.destroy(new Error('copy abandoned'));
    await this.#done.catch(() => {});
  }
}

/** `batches`, once `before` has run. */
async function* batchesAfter(before: () => Promise<void>, batches: RowBatches): RowBatches {
  await before();
  yield* batches;
}

/** Writes into the URL's schema in one transaction: the schema made, the rows written and checked, then COMMIT. */
export async function postgresTarget(url: string): Promise<TargetEnd> {
  const connection = await connect(url, 'target');
  const { client } = connection;
  // Built once all rows are in: one sort per index instead of an index entry per row (the trigram GIN above all).
  let deferred: Array<{ name: string; definition: string }> = [];
  let copying: CopyIn | undefined;
  /** The COPY under way, ended: the connection runs nothing else meanwhile. */
  const endCopy = async () => {
    const open = copying;
    copying = undefined;
    await open?.end();
  };
  return {
    dialect: 'postgres',
    existingTables: () => tableNames(connection),
    begin: async (schema) => {
      await client.query('BEGIN');
      await scopeTransaction(connection);
      if (connection.named) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(connection.schema)}`);
      for (const statement of schema) await client.query(statement);
      deferred = await secondaryIndexes(connection);
      for (const index of deferred) await client.query(`DROP INDEX ${qualified(connection, index.name)}`);
    },
    rowsWritten: async () => {
      await endCopy();
      // A unique index's definition fails here on duplicate rows: the copy is refused.
      for (const index of deferred) await client.query(index.definition);
      deferred = [];
    },
    tables: async () => {
      await endCopy();
      return shapes(connection);
    },
    insert: async (table, rows) => {
      if (copying?.table !== table.name) {
        await endCopy();
        // COPY keeps the copied numbers of GENERATED ALWAYS identity columns (no OVERRIDING needed).
        const columns = table.columns.map((c) => quoted(c.name)).join(', ');
        copying = new CopyIn(client, table.name, `COPY ${qualified(connection, table.name)} (${columns}) FROM STDIN`);
      }
      await copying.write(copyRows(rows));
    },
    rows: (table) => batchesAfter(endCopy, batchesOf(connection, table)),
    run: async (statement) => {
      await endCopy();
      return (await client.query<Record<string, unknown>>(statement)).rows;
    },
    setCounter: async (table, last) => {
      await endCopy();
      if (table.counter === undefined || last < 1n) return;
      await client.query('SELECT setval(pg_get_serial_sequence($1, $2), $3, true)', [qualified(connection, table.name), table.counter, last.toString()]);
    },
    commit: async () => {
      await endCopy();
      await client.query('COMMIT');
      // A server starting on the copy plans with statistics, not guesses.
      for (const statement of statisticsStatements('postgres', (await tableNames(connection)).map((t) => qualified(connection, t)))) await client.query(statement);
    },
    abandon: async () => {
      await copying?.abandon();
      copying = undefined;
      await client.query('ROLLBACK').catch(() => {});
      await client.end().catch(() => {});
    },
    close: async () => {
      await client.end().catch(() => {});
    },
  };
}
