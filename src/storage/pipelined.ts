/**
 * Round trips a PostgreSQL transaction does not wait for. The pool's connections run in
 * node-postgres's pipeline mode: a statement is written as soon as it is given, without waiting
 * for the answer to the one before. Kysely still waits for every answer, so here a statement
 * whose answer nobody reads (BEGIN, and the texts marked with unansweredOnPostgres) is answered
 * at once, and its real answer is awaited together with the next statement's: BEGIN goes out
 * with the first statement, a counter bump with the COMMIT. Nothing is lost by not waiting: a
 * failed statement aborts the transaction, every later statement then fails, and its error is
 * the one reported (by the next statement, or by the COMMIT, which PostgreSQL then turns into a
 * ROLLBACK).
 */
import type pg from 'pg';

/**
 * What a statement sent ahead fails with, as its caller would have thrown it: its failure
 * surfaces at a later statement, where the caller's own translation (a duplicate id's 409, say)
 * no longer applies. Given the driver's error and the values the statement was sent with.
 */
export type FailureReading = (error: unknown, values: readonly unknown[]) => unknown;

/** Failures of statements sent ahead, reported by a later statement: see failedAhead. */
const reportedLater = new WeakSet<object>();

/**
 * Whether `error` is the failure of a statement sent ahead, reported by a later one: it may
 * belong to an earlier step of the transaction than the one that got it.
 */
export function failedAhead(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reportedLater.has(error);
}

/** Texts whose answer is never read inside a transaction, with how their failure reads: see unansweredOnPostgres. */
const unanswered = new Map<string, FailureReading | undefined>();

/**
 * Marks a write's SQL text whose answer its callers never read (no rows, no count), so inside a
 * transaction it goes out without a round trip of its own. `reading` turns its failure into the
 * error its caller would have thrown. Returns the text.
 */
export function unansweredOnPostgres(text: string, reading?: FailureReading): string {
  unanswered.set(text, reading);
  return text;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => Promise<pg.QueryResult>;

/** What a statement answered at once is answered with; its caller reads nothing of it. */
const NOT_WAITED: pg.QueryResult = { command: '', rowCount: null, oid: 0, rows: [], fields: [] };

/** Installs the above on a pool client created with `pipeline: true`. */
export function answerAhead(client: pg.PoolClient): void {
  const query = corked(client);
  let inTransaction = false;
  /** Sent, not yet waited for: each is waited for with the next statement that is. */
  let pending: Array<Promise<pg.QueryResult>> = [];

  const sendUnwaited = (config: unknown, values?: unknown): Promise<pg.QueryResult> => {
    const reading = typeof config === 'string' ? unanswered.get(config) : undefined;
    const given = query(config, values);
    const sent = reading === undefined ? given : given.catch((error: unknown) => Promise.reject(reading(error, Array.isArray(values) ? values : [])));
    // Its failure is reported through the next statement; this only keeps it from being unhandled.
    sent.catch(() => {});
    pending.push(sent);
    return Promise.resolve(NOT_WAITED);
  };
  // Every answer is awaited and the first failure in the order sent is the one reported: once a
  // statement fails the later ones fail too ("transaction is aborted"), and their rejections may
  // settle first.
  const withPending = async (result: Promise<pg.QueryResult>): Promise<pg.QueryResult> => {
    const before = pending;
    pending = [];
    const settled = await Promise.allSettled([...before, result]);
    for (const [i, outcome] of settled.entries()) {
      if (outcome.status === 'fulfilled') continue;
      if (i < before.length && typeof outcome.reason === 'object' && outcome.reason !== null) reportedLater.add(outcome.reason as object);
      throw outcome.reason;
    }
    return (settled[settled.length - 1] as PromiseFulfilledResult<pg.QueryResult>).value;
  };

  const ahead = (config: unknown, values?: unknown, callback?: unknown): Promise<pg.QueryResult> => {
    if (typeof config !== 'string' || callback !== undefined) return query(config, values, callback);
    const verb = config.trimStart().slice(0, 17).toLowerCase();
    if (verb.startsWith('begin') || verb.startsWith('start transaction')) {
      inTransaction = true;
      return sendUnwaited(config, values);
    }
    if (verb.startsWith('commit')) {
      inTransaction = false;
      return withPending(query(config, values)).then((result) => {
        if (result.command === 'ROLLBACK') throw new Error('the transaction failed before its commit and was rolled back');
        return result;
      });
    }
    if (verb.startsWith('rollback') && !/^rollback\s+to\b/.test(verb)) {
      inTransaction = false;
      pending = [];
      return query(config, values);
    }
    // What failed after the savepoint is undone with it: only the rollback's own answer counts.
    if (verb.startsWith('rollback')) {
      const undone = pending;
      pending = [];
      return Promise.allSettled(undone).then(() => query(config, values));
    }
    if (inTransaction && unanswered.has(config)) return sendUnwaited(config, values);
    return pending.length === 0 ? query(config, values) : withPending(query(config, values));
  };
  client.query = ahead as typeof client.query;
}

/** The socket node-postgres writes to; not in its types. */
interface WithStream {
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/**
 * client.query with the socket corked while a statement is written: node-postgres writes each
 * protocol message (parse, bind, describe, execute, sync) with a write of its own, each a system
 * call and on the loopback a wake-up of the pooler or server; corked until the current turn ends,
 * what is written in it leaves in one.
 */
function corked(client: pg.PoolClient): Query {
  const query = client.query.bind(client) as Query;
  const stream = (client as unknown as WithStream).connection?.stream;
  const cork = stream?.cork?.bind(stream);
  const uncork = stream?.uncork?.bind(stream);
  if (cork === undefined || uncork === undefined) return query;
  let scheduled = false;
  const release = () => {
    scheduled = false;
    uncork();
  };
  return (config, values, callback) => {
    if (!scheduled) {
      scheduled = true;
      cork();
      process.nextTick(release);
    }
    return query(config, values, callback);
  };
}
