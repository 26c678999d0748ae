import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePostgresUrl, postgresClient, postgresClientConfig } from '../postgres.ts';
import { postgresSearchExtensions, trigramSchemaNamed } from '../search-index.ts';
import type { BackupSummary, RestoreSummary } from './backup.ts';
import { BackupError, notEmpty, partialFileFor, publish } from './files.ts';
import { finished, runTool } from './tools.ts';

/** How the PostgreSQL client programs reach the database: the URL without the password (kept off the command line) and the schema. */
interface ToolTarget {
  url: string;
  env: NodeJS.ProcessEnv;
}

/** An identifier in double quotes: schema names come from the server and from the backup file. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function toolTarget(url: string): ToolTarget {
  const connection = new URL(parsePostgresUrl(url).connectionString);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (connection.password !== '') env.PGPASSWORD = decodeURIComponent(connection.password);
  connection.password = '';
  return { url: connection.toString(), env };
}

interface SchemaState {
  /** The schema the server's tables live in: `?schema=`, else the first of the search path (public). */
  schema: string;
  tables: string[];
  migrations: number;
}

async function schemaState(url: string): Promise<SchemaState> {
  const target = parsePostgresUrl(url);
  const client = postgresClient(postgresClientConfig(target));
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the PostgreSQL database: ${(error as Error).message}`);
  }
  try {
    const current = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    const schema = target.schema ?? current.rows[0]?.schema ?? 'public';
    const tables = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [schema]);
    const names = tables.rows.map((r) => r.name);
    let migrations = 0;
    if (names.includes('schema_migrations')) {
      const count = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoted(schema)}.schema_migrations`);
      migrations = count.rows[0]?.n ?? 0;
    }
    return { schema, tables: names, migrations };
  } finally {
    await client.end().catch(() => {});
  }
}

async function schemaExists(url: string, schema: string): Promise<boolean> {
  const client = postgresClient(postgresClientConfig(parsePostgresUrl(url)));
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    return found.rowCount === 1;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_dump of the server's schema in the custom format. pg_dump reads one snapshot (a repeatable
 * read transaction), so the copy is consistent while the server goes on writing.
 */
export async function backupPostgres(url: string, out: string): Promise<BackupSummary> {
  const state = await schemaState(url);
  if (!state.tables.includes('schema_migrations')) throw new BackupError(`schema "${state.schema}" of the PostgreSQL database holds no bizplat database (no schema_migrations table)`);
  const tool = toolTarget(url);
  const partial = await partialFileFor(out);
  try {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', '--no-comments', `--schema=${quoted(state.schema)}`, `--file=${partial}`, `--dbname=${tool.url}`],
      tool.env,
    );
    const bytes = await publish(partial, out);
    return { database: 'postgres', file: out, bytes, tables: state.tables.length, migrations: state.migrations };
  } finally {
    await rm(partial, { force: true });
  }
}

const TOC_TABLE = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /;
const TOC_SCHEMA = /^\d+; \d+ \d+ SCHEMA /;

/**
 * Restores a pg_dump archive into the URL's schema, which must hold no table, in one
 * transaction: pg_restore writes the SQL, psql runs it between our BEGIN and COMMIT, and the
 * COMMIT is sent only once pg_restore has succeeded. A backup of another schema is restored
 * under the target schema's name.
 */
export async function restorePostgres(from: string, url: string): Promise<RestoreSummary> {
  const tool = toolTarget(url);
  const toc = (await runTool('pg_restore', ['--list', from], tool.env)).split('\n');
  const tables = toc.flatMap((line) => {
    const m = TOC_TABLE.exec(line);
    return m ? [{ schema: m[1]!, name: m[2]! }] : [];
  });
  const source = tables.find((t) => t.name === 'schema_migrations')?.schema;
  if (source === undefined) throw new BackupError(`${from} is not a bizplat backup (it has no schema_migrations table)`);
  const target = await schemaState(url);
  if (target.tables.length > 0) throw notEmpty(`(schema "${target.schema}")`, target.tables);
  const renamed = source !== target.schema;
  if (renamed && (await schemaExists(url, source))) {
    throw new BackupError(`the backup holds schema "${source}" and the target database already has a schema of that name: restore into ?schema=${source}, or into another database`);
  }
  // The search indexes name pg_trgm's schema: the extensions are made there when the database has none.
  const indexes = await runTool('pg_restore', ['--section=post-data', '--file=-', from], tool.env);
  const prologue = `BEGIN;\n${postgresSearchExtensions(trigramSchemaNamed(indexes))};\nCREATE SCHEMA IF NOT EXISTS ${quoted(source)};\n`;
  const epilogue = renamed ? `DROP SCHEMA IF EXISTS ${quoted(target.schema)};\nALTER SCHEMA ${quoted(source)} RENAME TO ${quoted(target.schema)};\nCOMMIT;\n` : 'COMMIT;\n';

  const dir = await mkdtemp(join(tmpdir(), 'bizplat-restore-'));
  try {
    // Everything but the schema itself, which may exist already (empty) and is made above.
    const list = join(dir, 'toc.list');
    await writeFile(list, toc.filter((line) => !TOC_SCHEMA.test(line)).join('\n'), { mode: 0o600 });
    await pipeIntoPsql(tool, prologue, ['--no-owner', '--no-privileges', `--use-list=${list}`, '--file=-', from], epilogue);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const restored = await schemaState(url);
  return { database: 'postgres', file: from, tables: restored.tables.length, migrations: restored.migrations };
}

async function pipeIntoPsql(tool: ToolTarget, prologue: string, restoreArgs: string[], epilogue: string): Promise<void> {
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--file=-', `--dbname=${tool.url}`], { env: tool.env, stdio: ['pipe', 'ignore', 'pipe'] });
  const psqlDone = finished('psql', psql);
  psql.stdin.on('error', () => {});
  const restore = spawn('pg_restore', restoreArgs, { env: tool.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const restoreDone = finished('pg_restore', restore);
  // psql stopped at an error: pg_restore would wait forever on a pipe nobody reads.
  psqlDone.catch(() => restore.kill());
  psql.stdin.write(prologue);
  restore.stdout.pipe(psql.stdin, { end: false });
  try {
    await restoreDone;
  } catch (restoreError) {
    // Without COMMIT the transaction is rolled back when psql disconnects.
    psql.stdin.end();
    throw (await psqlDone.then(() => undefined, (psqlError: unknown) => psqlError)) ?? restoreError;
  }
  psql.stdin.end(epilogue);
  await psqlDone;
}
