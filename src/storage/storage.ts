import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import type { Expression, Kysely, QueryResult, SelectQueryBuilder, SqlBool, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import { postgresCapabilities, sqliteCapabilities } from './database-capabilities.ts';
import type { DatabaseCapabilities } from './database-capabilities.ts';
import { withDeferredWrites } from './before-commit.ts';
import { retryingTransientConflicts } from './errors.ts';
import { noticeChannelNaming } from './notice-channels.ts';
import { openPostgres, parsePostgresUrl } from './postgres.ts';
import type { PoolOptions } from './postgres.ts';
import type { Database } from './schema.ts';
import { groupCommitter, runAfterCommitHooks } from './group-commit.ts';
import { postCommitNotifier } from './post-commit-notify.ts';
import { Availability, roomBeside } from './availability.ts';
import { ListenConnection } from './listen-connection.ts';
import { sharedWrites } from './shared-writes.ts';
import type { SharedWrite } from './shared-writes.ts';
import type { ReusableStatement } from './reusable.ts';
import { ensureSqliteFolder, openSqlite, sqlitePathOf } from './sqlite.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * What a use case writes through: the transaction, what its database does to lock rows and
 * reuse statements (never which database it is: see database-capabilities.ts), and hooks that
 * run only once it has committed.
 */
export interface Tx {
  readonly db: Transaction<Database>;
  /** `query` locking the rows it reads until this transaction ends (see DatabaseCapabilities.lockForUpdate). */
  lockForUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** `query` keeping the rows it reads from being deleted until this transaction ends (see DatabaseCapabilities.lockAgainstDelete). */
  lockAgainstDelete<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** `query` claiming the rows it reads, skipping those another claimer holds (see DatabaseCapabilities.claimSkippingLocked). */
  claimSkippingLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, of?: TB & string): SelectQueryBuilder<DB, TB, O>;
  /** Locks `name` till this transaction ends, or false at once when another transaction holds it. */
  tryLock(name: string): Promise<boolean>;
  /** tryLock as a condition of a statement (see DatabaseCapabilities.lockCondition). */
  lockCondition(name: string): Expression<SqlBool>;
  /** See DatabaseCapabilities.lastGeneratedKey. */
  lastGeneratedKey(table: string, column: string): Expression<number> | undefined;
  /** Runs a statement compiled once (reusable.ts) in this transaction. */
  run<A extends unknown[], R>(statement: ReusableStatement<A, R>, ...args: A): Promise<QueryResult<R>>;
  /** Runs after a successful commit (never on rollback). */
  afterCommit(hook: () => void): void;
  /** Tells every listener of `channel` (in every server process on PostgreSQL) once this commits. */
  notify(channel: string, payload?: string): Promise<void>;
}

/** A Tx on `db` with the capabilities of its database. */
function transactionScope(db: Transaction<Database>, capabilities: DatabaseCapabilities, hooks: Pick<Tx, 'afterCommit' | 'notify'>): Tx {
  return {
    db,
    lockForUpdate: (query) => capabilities.lockForUpdate(query),
    lockAgainstDelete: (query) => capabilities.lockAgainstDelete(query),
    claimSkippingLocked: (query, of) => capabilities.claimSkippingLocked(query, of),
    tryLock: (name) => capabilities.tryLockForTransaction(db, name),
    lockCondition: (name) => capabilities.lockCondition(name),
    lastGeneratedKey: (table, column) => capabilities.lastGeneratedKey(table, column),
    run: (statement, ...args) => statement.run(db, capabilities, args),
    afterCommit: hooks.afterCommit,
    notify: hooks.notify,
  };
}

/** What a single-statement write runs on: see Storage.oneStatement. */
export interface StatementScope {
  readonly db: Kysely<Database>;
}

export type Listener = (payload: string) => void;

export interface Storage {
  readonly dialect: Dialect;
  readonly db: Kysely<Database>;
  /**
   * Where what needs a session runs (session advisory locks: migrations): `DATABASE_SESSION_URL`
   * on PostgreSQL when set, else the same as `db`.
   */
  readonly sessionDb: Kysely<Database>;
  /**
   * Where the short read that every conditional request shares runs (the change counters):
   * behind a transaction pooler, a direct connection of its own (`DATABASE_SESSION_URL`, with
   * the statement time-out), where its named statement is planned once and no pooler hop is
   * paid; else the same as `db`.
   */
  readonly sharedReadDb: Kysely<Database>;
  readonly url: string;
  /**
   * A write transaction, retried when it loses a serialization race. On SQLite, writes arriving
   * together share one BEGIN IMMEDIATE … COMMIT, each in its own savepoint (see group-commit.ts).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Writes `input` in a transaction shared with the other inputs of `write` arriving together,
   * with statements shared where `write` allows (see shared-writes.ts): one commit, and few round
   * trips, for many requests. A refused input is rolled back alone and gets its own error;
   * every caller is answered only once its write is committed.
   */
  shared<I, O>(write: SharedWrite<I, O>, input: I): Promise<O>;
  /**
   * Runs a bookkeeping statement of the kernel that emits nothing (an idempotency claim). On
   * PostgreSQL no BEGIN/COMMIT is sent (a statement is atomic on its own; a transaction would
   * add two round trips); on SQLite it is an ordinary transaction. Use cases write through
   * transaction() or shared(), where they can emit events.
   */
  oneStatement<T>(work: (scope: StatementScope) => Promise<T>): Promise<T>;
  /** Listens for notify() on `channel`; returns the function that stops listening. */
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  /** True once after another connection (another process) has committed a change (SQLite); false on PostgreSQL, where NOTIFY covers it. */
  changedElsewhere(): boolean;
  /**
   * Whether change notices are arriving now, so that a cache dropped on them stays exact:
   * always on SQLite (the data version, plus in-process notices after commit); on PostgreSQL
   * while the LISTEN connection is up (a process's own commits are noticed at once, other
   * processes' within the NOTIFY delivery time). When false, read through.
   */
  changeNoticesLive(): boolean;
  /**
   * A number that changes whenever committed data may have changed since it was last read: any
   * write statement on this process's connection, or a commit by another connection (seen at most
   * once per turn of the event loop, like changedElsewhere). A value derived from the database
   * while the stamp stays the same is still current. Undefined where no such stamp is cheap
   * (PostgreSQL): read through.
   */
  readStamp(): number | undefined;
  /** The connections this process holds, for metrics. */
  connections(): ConnectionStats;
  /** Write transactions run one at a time (SQLite): a later writer waits and then sees the earlier one's commit. */
  readonly oneWriterAtATime: boolean;
  /** Whether the database can be reached and written now: failures are reported to it (see availability.ts). */
  readonly availability: Availability;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the pool's connections, those lent out, and callers waiting for one. SQLite: one
 * writing connection, in use while a batch of writes runs, and the writes queued for it (reads
 * run at once on the same connection and never wait).
 */
export interface ConnectionStats {
  size: number;
  inUse: number;
  waiting: number;
}

export interface OpenOptions {
  /** Overrides the configured pool size (a CLI command needs few connections). */
  poolSize?: number;
}

type StorageConfig = Pick<Config, 'databaseUrl' | 'sqliteSynchronous'> &
  Partial<Pick<Config, 'databaseSessionUrl' | 'databaseUrlFrom' | 'databasePoolSize' | 'databaseStatementTimeoutMs' | 'databaseAcquireTimeoutMs'>>;

export function openStorage(config: StorageConfig, options: OpenOptions = {}): Storage {
  const url = config.databaseUrl;
  if (url.startsWith('sqlite:')) {
    const path = sqlitePathOf(url);
    if (path !== ':memory:') ensureSqliteFolder(path, namingSetting(config.databaseUrlFrom));
    return sqliteStorage(url, path, config.sqliteSynchronous);
  }
  if (isPostgresUrl(url)) {
    const sessionUrl = config.databaseSessionUrl ?? url;
    if (!isPostgresUrl(sessionUrl)) throw new Error(`DATABASE_SESSION_URL must start with postgres://, got "${sessionUrl}"`);
    const pool: PoolOptions = {
      size: options.poolSize ?? config.databasePoolSize ?? 10,
      statementTimeoutMs: config.databaseStatementTimeoutMs ?? 30_000,
      acquireTimeoutMs: config.databaseAcquireTimeoutMs ?? 3000,
      // A session URL of its own means DATABASE_URL is a transaction pooler.
      pooled: sessionUrl !== url,
      settingsAt: 'startup',
    };
    return postgresStorage(url, sessionUrl, pool);
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

/** The setting that named the database, for messages; undefined for the default database. */
export function namingSetting(from: Config['databaseUrlFrom'] | undefined): string | undefined {
  return from === 'default' ? undefined : (from ?? 'DATABASE_URL');
}

function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/**
 * A PostgreSQL transaction: its own connection from the pool, retried on serialization failure
 * or deadlock. Notices are sent after the commit, never inside it: a NOTIFY in a writing
 * transaction takes a database-wide lock at commit and makes every writer commit in turn.
 */
function runTransaction<T>(
  db: Kysely<Database>,
  afterCommit: (notices: ReadonlyMap<string, string>) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return retryingTransientConflicts(async () => {
    const hooks: Array<() => void> = [];
    // One notice per distinct (channel, payload): PostgreSQL would fold repeats anyway.
    const notices = new Map<string, string>();
    const result = await db.transaction().execute((trx) =>
      withDeferredWrites(trx, () =>
        work(
          transactionScope(trx, postgresCapabilities, {
            afterCommit: (hook) => hooks.push(hook),
            notify: async (channel, payload = '') => {
              notices.set(`${channel}\u0000${payload}`, channel);
            },
          }),
        ),
      ),
    );
    afterCommit(notices);
    runAfterCommitHooks(hooks);
    return result;
  });
}

function sqliteStorage(url: string, path: string, synchronous: Config['sqliteSynchronous']): Storage {
  const { db, raw, syncLog, localWrites } = openSqlite(path, synchronous);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Prepared once: pragma() would prepare a statement on every call, and this runs per request.
  const dataVersionStatement = raw.prepare('PRAGMA data_version').pluck();
  const readDataVersion = () => dataVersionStatement.get() as number;
  let dataVersion = readDataVersion();
  /** Commits by other connections seen so far, and how many of them changedElsewhere() has reported. */
  let externalChanges = 0;
  let reportedChanges = 0;
  let checkedThisTurn = false;
  // Once per turn of the event loop: reading the data version takes file locks (system calls),
  // and requests handled in one turn are concurrent with a commit made meanwhile.
  const lookElsewhere = () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(() => (checkedThisTurn = false));
    const current = readDataVersion();
    if (current === dataVersion) return;
    dataVersion = current;
    externalChanges += 1;
  };
  const grouped = groupCommitter(db, syncLog);
  const availability = new Availability(
    async () => void readDataVersion(),
    () => roomBeside(path),
  );
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    availability.watch(() =>
      grouped((trx, hooks) =>
        work(
          transactionScope(trx, sqliteCapabilities, {
            afterCommit: (hook) => hooks.push(hook),
            notify: async (channel, payload = '') => {
              hooks.push(() => local.emit(channel, payload));
            },
          }),
        ),
      ),
    );
  return {
    dialect: 'sqlite',
    db,
    sessionDb: db,
    sharedReadDb: db,
    url,
    transaction,
    shared: sharedWrites(transaction),
    oneStatement: transaction,
    subscribe: async (channel, listener) => {
      local.on(channel, listener);
      return () => local.off(channel, listener);
    },
    changeNoticesLive: () => true,
    connections: () => ({ size: 1, inUse: grouped.busy() ? 1 : 0, waiting: grouped.waiting() }),
    oneWriterAtATime: true,
    availability,
    changedElsewhere: () => {
      lookElsewhere();
      if (externalChanges === reportedChanges) return false;
      reportedChanges = externalChanges;
      return true;
    },
    readStamp: () => {
      lookElsewhere();
      // Both only grow: their sum changes whenever either does.
      return localWrites() + externalChanges;
    },
    close: async () => {
      availability.close();
      local.removeAllListeners();
      await db.destroy();
    },
  };
}

function postgresStorage(url: string, sessionUrl: string, poolOptions: PoolOptions): Storage {
  const { db, pool } = openPostgres(url, poolOptions);
  // Migrations hold a session advisory lock across statements; one connection is enough.
  const session = sessionUrl === url ? undefined : openPostgres(sessionUrl, { size: 1, statementTimeoutMs: 0, pooled: false, acquireTimeoutMs: poolOptions.acquireTimeoutMs, settingsAt: 'connect' });
  // The change counters' shared read (change-counters.ts): opened at the first conditional read.
  const sharedReads = sessionUrl === url ? undefined : openPostgres(sessionUrl, { ...poolOptions, size: 1, pooled: false, settingsAt: 'connect' });
  const channels = new Map<string, Set<Listener>>();
  let closed = false;

  // Notices are database-wide: a server on one schema of a shared database must not wake for
  // commits in another, so on a URL with ?schema= each channel is named after its schema too.
  const onChannel = noticeChannelNaming(parsePostgresUrl(url).schema);
  const hear = (channel: string, payload: string) => {
    for (const listener of channels.get(channel) ?? []) listener(payload);
  };
  // Listeners are told with an empty payload that they may have missed something: they look for themselves.
  const hearAll = () => {
    for (const set of channels.values()) for (const l of set) l('');
  };
  const listening = new ListenConnection(
    // No start-up options (a session-mode PgBouncer refuses them): LISTEN needs no time zone or schema.
    () => new pg.Client({ connectionString: parsePostgresUrl(sessionUrl).connectionString, keepAlive: true }),
    (physical, payload) => {
      const channel = onChannel.logical(physical);
      if (channel !== undefined) hear(channel, payload);
    },
    hearAll,
  );
  const availability = new Availability(async () => void (await sql`select 1`.execute(db)));
  // Back from an outage: the loops that failed meanwhile look again now, not at their next poll.
  availability.listen({
    up: () => {
      listening.retryNow();
      hearAll();
    },
  });

  const subscribe = async (channel: string, listener: Listener): Promise<() => void> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const set = channels.get(channel) ?? new Set<Listener>();
    set.add(listener);
    channels.set(channel, set);
    await listening.listen(onChannel.physical(channel));
    return () => {
      set.delete(listener);
    };
  };

  const notifyOthers = postCommitNotifier(db);
  const afterCommit = (notices: ReadonlyMap<string, string>) => {
    for (const [key, channel] of notices) {
      const payload = key.slice(channel.length + 1);
      // This process hears its own commit at once; the NOTIFY, after the commit, tells the others.
      notifyOthers.notify(onChannel.physical(channel), payload);
      hear(channel, payload);
    }
  };
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => availability.watch(() => runTransaction(db, afterCommit, work));

  return {
    dialect: 'postgres',
    db,
    sessionDb: session?.db ?? db,
    sharedReadDb: sharedReads?.db ?? db,
    url,
    transaction,
    shared: sharedWrites(transaction),
    // Autocommit: the statement is its own transaction, and committed (durably) once answered.
    oneStatement: (work) => availability.watch(() => retryingTransientConflicts(() => work({ db }))),
    subscribe,
    changedElsewhere: () => false,
    readStamp: () => undefined,
    changeNoticesLive: () => listening.live && !closed,
    connections: () => ({ size: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    oneWriterAtATime: false,
    availability,
    close: async () => {
      closed = true;
      availability.close();
      await listening.close();
      await notifyOthers.flush();
      await db.destroy();
      await session?.db.destroy();
      await sharedReads?.db.destroy();
    },
  };
}
