/** Driver errors recognised by code, never by message. */

/** The `code` a driver or system error carries (SQLSTATE, SQLITE_…, EPIPE…), if any. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A second row with the same primary key: on PostgreSQL the constraint is the table's `<table>_pkey`. */
export function isPrimaryKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  if (code !== '23505' || typeof error !== 'object' || error === null || !('constraint' in error)) return false;
  const constraint = (error as { constraint: unknown }).constraint;
  return typeof constraint === 'string' && constraint.endsWith('_pkey');
}

/** A create whose supplied id is already used in the organization: 409 `duplicate_id` at the API. */
export class DuplicateIdError extends Error {
  constructor(readonly id: string) {
    super(`a record with id ${id} already exists`);
  }
}

/** A record read by id that the organization does not have: 404 `not_found` at the API, "<noun> not found". */
export class RecordNotFoundError extends Error {
  constructor(readonly noun: string) {
    super(`${noun} not found`);
  }
}

/** An optimistic update that found the record at another version: 409 `stale_version` at the API. */
export class StaleVersionError extends Error {
  constructor(readonly expected: number) {
    super(`the record is no longer at version ${expected}`);
  }
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A write that lost a race and may simply be tried again (PostgreSQL serialization or deadlock, SQLite busy). */
export function isTransientConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

export function isCheckViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}

const MAX_ATTEMPTS = 5;

/** Runs `work` again (up to five times in all) while it fails with a transient conflict. */
export async function retryingTransientConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && isTransientConflict(error)) continue;
      throw error;
    }
  }
}

/**
 * SQLSTATEs and system codes saying the database cannot be reached or cannot take work now:
 * a connection lost or refused (class 08, and PgBouncer's "cannot connect to server"), a server
 * shutting down or starting up (57P01–57P03), out of connection slots (53300), a standby not
 * yet promoted during a failover (25006).
 */
const UNAVAILABLE_CODES = new Set([
  '08000', '08001', '08003', '08004', '08006', '08P01', '57P01', '57P02', '57P03', '53300', '25006',
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost connection, a connect that timed out and a pool with no free
 * connection in time without a code: these are its messages, the one exception to "by code".
 */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
]);

/** The database cannot be reached now (or its pool had no connection free in time): 503 `database_unavailable` at the API. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
  return error instanceof Error && code === undefined && UNAVAILABLE_MESSAGES.has(error.message);
}

/** The disk holding the database is full (SQLite's file, PostgreSQL's data directory): 507 `storage_full` at the API. */
export function isStorageFull(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC';
}

/**
 * PostgreSQL stopped a statement that ran past statement_timeout (BIZPLAT_DATABASE_STATEMENT_TIMEOUT_MS),
 * or one an operator cancelled (query_canceled): the database is there, this work was too long.
 */
export function isStatementTimeout(error: unknown): boolean {
  return codeOf(error) === '57014';
}

/** A list's cursor (or a parameter beside it) that cannot be followed: 422 on `field` at the API. */
export class InvalidCursorError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
  }
}
