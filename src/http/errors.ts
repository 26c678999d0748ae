import { DuplicateIdError, InvalidCursorError, isStatementTimeout, isStorageFull, RecordNotFoundError, StaleVersionError } from '../storage/errors.ts';

/**
 * Typed errors with a stable code, rendered into the one envelope
 * `{ error, message, request_id, details: { error: <code>, ... } }` by the error handler.
 */

/** One problem with one input field: `field` is a dotted path into the body or query ("lines.0.qty"). */
export interface FieldProblem {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** The error class: the envelope's top-level `error`. */
    readonly error: string,
    /** The domain code: the envelope's `details.error`. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function validationError(message: string, fields: FieldProblem[] = [], extra: Record<string, unknown> = {}): AppError {
  return new AppError(422, 'validation_error', 'validation_error', message, { ...extra, fields });
}

/** The one way field problems read in a message: `field: message`, joined by `; `. */
export function describeProblems(problems: readonly FieldProblem[]): string {
  return problems.map((p) => `${p.field}: ${p.message}`).join('; ');
}

/** A validation error listing every problem found (its message from describeProblems, after `prefix` when given). */
export function invalidFields(problems: FieldProblem[], prefix = '', extra: Record<string, unknown> = {}): AppError {
  return validationError(`${prefix}${describeProblems(problems)}`, problems, extra);
}

/** A single-field validation error: the common case. */
export function invalidField(field: string, message: string): AppError {
  return invalidFields([{ field, message }]);
}

export function notFound(what: string): AppError {
  return new AppError(404, 'not_found', 'not_found', `${what} not found`);
}

export function conflict(code: string, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(409, 'conflict', code, message, details);
}

function staleVersion(expected: number): AppError {
  return conflict('stale_version', `the record is no longer at version ${expected}: read it again with GET and repeat the change`, {
    expected_version: expected,
  });
}

export function unauthorized(message = 'a valid X-API-Token header is required'): AppError {
  return new AppError(401, 'unauthorized', 'api_token_required', message);
}

/**
 * 403 with its code: `insufficient_scope` when the token lacks a scope or its owner a role right
 * (the spec's code); a business rule refusing this caller whatever their token and role carry
 * reports its own (say, executor_only: only a task's executor may decide it).
 */
export function forbidden(code: string, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(403, 'forbidden', code, message, details);
}

/** What the request names is no longer kept (an events feed cursor past the retention period). */
export function gone(code: string, message: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(410, 'gone', code, message, details);
}

/** The same id supplied twice in one organization: one code for every resource. */
export function duplicateId(id: string): AppError {
  return conflict('duplicate_id', `a record with id ${id} already exists in this organization`, { id });
}

/** The error as the API answers it: an AppError, or a storage conflict turned into one; undefined for anything else. */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DuplicateIdError) return duplicateId(error.id);
  if (error instanceof StaleVersionError) return staleVersion(error.expected);
  if (error instanceof RecordNotFoundError) return notFound(error.noun);
  if (error instanceof InvalidCursorError) return invalidField(error.field, error.reason);
  return undefined;
}

/** Seconds a client is asked to wait before repeating a request refused by an outage. */
const RETRY_AFTER_UNREACHABLE_S = 2;
const RETRY_AFTER_FULL_S = 30;
/** Seconds before repeating a request the database stopped for running too long (a lock it waited on may be free by then). */
const RETRY_AFTER_TIMEOUT_S = 5;

/**
 * An outage as the API answers it: 507 `storage_full` for a full disk (repeating helps only once
 * an operator has made room), else 503 `database_unavailable`; both with Retry-After. A write
 * cut off at its commit may or may not have taken effect: repeated with its Idempotency-Key, it
 * takes effect once either way.
 */
export function outageError(error: unknown): AppError {
  if (isStorageFull(error)) {
    return new AppError(507, 'insufficient_storage', 'storage_full', 'the disk holding the database is full; retry once the operator has made room (a write repeated with its Idempotency-Key takes effect once)', {}, { 'retry-after': String(RETRY_AFTER_FULL_S) });
  }
  return new AppError(503, 'service_unavailable', 'database_unavailable', 'the database cannot be reached right now; retry after the seconds in Retry-After (a write repeated with its Idempotency-Key takes effect once)', {}, { 'retry-after': String(RETRY_AFTER_UNREACHABLE_S) });
}

/**
 * A request whose statement ran past the database's statement time-out, as the API answers it:
 * 503 `statement_timeout` with Retry-After. Not an outage (the database answered); nothing of the
 * request was kept, as its transaction rolled back. Undefined for any other error.
 */
export function statementTimeoutError(error: unknown): AppError | undefined {
  if (!isStatementTimeout(error)) return undefined;
  return new AppError(503, 'service_unavailable', 'statement_timeout', 'the request took too long in the database and was stopped, with nothing of it kept; retry after the seconds in Retry-After (a write repeated with its Idempotency-Key takes effect once)', {}, { 'retry-after': String(RETRY_AFTER_TIMEOUT_S) });
}
