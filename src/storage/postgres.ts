import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { answerAhead } from './pipelined.ts';
import type { Database } from './schema.ts';

const { Pool, types } = pg;

const parseTimestampTz = types.getTypeParser(types.builtins.TIMESTAMPTZ);

/** Both dialects hand services the same JS values: counts and big integers as numbers, timestamps as ISO strings. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case types.builtins.INT8:
        return (v: string) => Number(v);
      case types.builtins.NUMERIC:
        return (v: string) => v;
      case types.builtins.DATE:
        return (v: string) => v;
      // JSON stays text, as on SQLite, so readJson() decodes both alike (a JSON string value
      // such as "x" would otherwise arrive already decoded and be parsed a second time).
      case types.builtins.JSON:
      case types.builtins.JSONB:
        return (v: string) => v;
      case types.builtins.TIMESTAMPTZ:
        return (v: string) => (parseTimestampTz(v) as Date).toISOString();
      default:
        return types.getTypeParser(oid, format);
    }
  },
} as pg.CustomTypesConfig;

export interface PostgresTarget {
  connectionString: string;
  /** Optional schema (from `?schema=` in the URL): every connection's search_path. */
  schema: string | undefined;
}

export function parsePostgresUrl(url: string): PostgresTarget {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`schema "${schema}" must be a plain lower-case identifier`);
  }
  return { connectionString: parsed.toString(), schema };
}

export function postgresClientConfig(target: PostgresTarget): pg.ClientConfig {
  const options = ['-c TimeZone=UTC'];
  if (target.schema) options.push(`-c search_path=${target.schema}`);
  return { connectionString: target.connectionString, options: options.join(' '), types: typeParsers };
}

/**
 * A connection of its own (not from a pool), whose loss never crashes the process: node-postgres
 * emits `error` when the connection is lost, besides failing the query under way with the cause.
 */
export function postgresClient(config: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  client.on('error', () => {});
  return client;
}

/**
 * A pool's connections send no start-up `options` (PgBouncer takes none). Through a transaction
 * pooler consecutive transactions may run on different server connections, so nothing may be
 * left in the session: the schema is set inside every transaction (see scopedToSchema). A direct
 * session connection sets its own once connected (sessionSettings).
 */
function plainClientConfig(target: PostgresTarget): pg.ClientConfig {
  return { connectionString: target.connectionString, types: typeParsers };
}

/** SQL texts that run as named prepared statements: see preparedOnPostgres. */
const statementNames = new Map<string, string>();

/**
 * Marks a SQL text that is run often with changing parameters: every pooled connection parses
 * and plans it once and then only binds and executes it (the movement statement: ~0.9 ms
 * instead of ~1.9). Returns the text, for use as a constant.
 */
export function preparedOnPostgres(text: string): string {
  if (!statementNames.has(text)) statementNames.set(text, `bizplat_${statementNames.size + 1}`);
  return text;
}

/** Kysely sends (text, values); a marked text goes out as a named statement instead. */
function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const named = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const name = typeof config === 'string' && Array.isArray(values) ? statementNames.get(config) : undefined;
    return name === undefined ? query(config, values, callback) : query({ name, text: config, values }, callback);
  };
  client.query = named as typeof client.query;
}

/**
 * Through a transaction pooler, a session setting would leak to whichever client gets the server
 * connection next; so with a `?schema=` the search path is set for the transaction only, and a
 * statement outside a transaction is wrapped in one that sets it (two statements more, written
 * together with it: a schema per database is meant for tests; in production the role's
 * search_path does this). The setting goes in the BEGIN's own message (a simple query of two
 * statements), so it costs no statement of its own.
 */
function scopedToSchema(client: pg.PoolClient, schema: string): void {
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  // The schema is a plain identifier (parsePostgresUrl), so it can be written into the text.
  const scope = `select set_config('search_path', '${schema}', true), set_config('TimeZone', 'UTC', true)`;
  const begin = (text: string): Promise<pg.QueryResult> => query(`${text}; ${scope}`);
  let inTransaction = false;
  const scoped = async (config: unknown, values?: unknown): Promise<pg.QueryResult> => {
    if (typeof config !== 'string' || (values !== undefined && !Array.isArray(values))) throw new Error('a pooled connection runs (text, values) queries only');
    const params = values as unknown[] | undefined;
    const verb = config.trimStart().slice(0, 17).toLowerCase();
    if (verb.startsWith('begin') || verb.startsWith('start transaction')) {
      if (params !== undefined && params.length > 0) throw new Error('BEGIN takes no parameters');
      inTransaction = true;
      return begin(config);
    }
    // `rollback to <savepoint>` goes on inside the transaction.
    if (verb.startsWith('commit') || (verb.startsWith('rollback') && !/^rollback\s+to\b/.test(verb))) {
      inTransaction = false;
      return query(config, params);
    }
    if (inTransaction) return query(config, params);
    // A failed statement turns the COMMIT into a ROLLBACK; its own error is the one reported.
    // Written together (pipeline mode: see pipelined.ts), answered in one round trip.
    const [, result, done] = await Promise.all([begin('begin'), query(config, params), query('commit')]);
    if (done.command === 'ROLLBACK') throw new Error('the statement failed and was rolled back');
    return result;
  };
  client.query = scoped as typeof client.query;
}


export interface PostgresHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
}

export interface PoolOptions {
  size: number;
  /** Milliseconds; 0: none. Sent at connection start, so not through a pooler (see operations.md). */
  statementTimeoutMs: number;
  /** `url` is a transaction pooler: no session state, no named statements (PgBouncer before 1.21 has none). */
  pooled: boolean;
  /** Milliseconds a caller waits at most for a connection (a free one, or a new one connecting); 0: no limit. */
  acquireTimeoutMs: number;
  /**
   * A direct connection's time zone, schema and statement time-out: as start-up parameters (the
   * one URL of a server without a pooler: a transaction pooler named there by mistake refuses
   * them, so the mistake stops the start), or as statements once connected (`DATABASE_SESSION_URL`
   * beside a pooled `DATABASE_URL`, which may be a session-mode PgBouncer that refuses them).
   */
  settingsAt: 'startup' | 'connect';
}

/**
 * What a direct session connection sets before its first statement: the time zone, the schema
 * (a `?schema=`) and the statement time-out. Sent as statements rather than start-up parameters,
 * which a session-mode PgBouncer (the session URL of a failover set-up) refuses.
 */
function sessionSettings(target: PostgresTarget, statementTimeoutMs: number): string {
  const settings = [`SET TimeZone TO 'UTC'`];
  // The schema is a plain identifier (parsePostgresUrl), so it can be written into the text.
  if (target.schema !== undefined) settings.push(`SET search_path TO ${target.schema}`);
  if (statementTimeoutMs > 0) settings.push(`SET statement_timeout TO ${Math.floor(statementTimeoutMs)}`);
  return settings.join('; ');
}

export function openPostgres(url: string, options: PoolOptions): PostgresHandle {
  const target = parsePostgresUrl(url);
  const atStartup = !options.pooled && options.settingsAt === 'startup';
  const base = atStartup ? postgresClientConfig(target) : plainClientConfig(target);
  const timeout = atStartup && options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {};
  const pool = new Pool({
    ...base,
    ...timeout,
    max: options.size,
    pipeline: true,
    // A dead peer (a failed-over host that vanished) is noticed by the kernel, not after hours.
    keepAlive: true,
    ...(options.acquireTimeoutMs > 0 ? { connectionTimeoutMillis: options.acquireTimeoutMs } : {}),
  });
  // A connection lost while idle (a server restart) must not crash the process: the pool drops it.
  pool.on('error', () => {});
  // Nor while lent out: the pool listens to idle connections only, and a lost one emits 'error'
  // besides failing the query under way, which is what reports it (to the request, the worker).
  pool.on('connect', (client) => client.on('error', () => {}));
  if (!options.pooled && !atStartup) {
    // Queued before the caller's first statement on this connection, so it runs first. A failure
    // (a lost connection) fails the caller's statement too.
    const settings = sessionSettings(target, options.statementTimeoutMs);
    pool.on('connect', (client) => void client.query(settings).catch(() => {}));
  }
  const schema = target.schema;
  if (!options.pooled) pool.on('connect', useNamedStatements);
  else if (schema !== undefined) pool.on('connect', (client) => scopedToSchema(client, schema));
  // Last, so it sees Kysely's statements first.
  pool.on('connect', answerAhead);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
