import type { Expression, SqlBool } from 'kysely';
import type { Storage, Tx } from '../../storage/storage.ts';

/** The columns every job table has (see `jobColumnsDdl`); a domain's table adds its own. */
export interface JobColumns {
  org_id: string;
  id: string;
  /** pending → succeeded | failed (a domain may add its own final states, e.g. cancelled). */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  /** Lease: a dispatcher holds the job until then; after it, another may try again. */
  locked_until: string | null;
  /** Who holds the lease: only that holder's outcome moves the job on. */
  lease_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A claimed job: at least its key and how many attempts it has had. */
export interface Job {
  org_id: string;
  id: string;
  attempts: number;
}

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The receiver asked not to be tried again before this many ms (e.g. Telegram's retry_after). */
  retryAfterMs?: number;
  /** No retry whatever the schedule says (e.g. the receiver refuses for good). */
  final?: boolean;
}

/** One attempt made, ready to be recorded. */
export interface Outcome<J extends Job, R extends AttemptResult = AttemptResult> {
  job: J;
  token: string;
  result: R;
  startedAt: string;
  finishedAt: string;
  attempt: number;
  /** When it is due again (epoch ms), or null when it is settled (success, refused for good, or the last retry failed). */
  retryAt: number | null;
}

/**
 * A domain's kind of job: its table (with the `JobColumns`), how due jobs are selected and
 * sent, and what else is written when attempts are recorded.
 */
export interface JobQueue<J extends Job, R extends AttemptResult = AttemptResult> {
  /** The job table; it has every column of `JobColumns`. */
  table: string;
  /** Selects up to `limit` due jobs (`dueCondition`, `tx.claimSkippingLocked`) with what sending needs; the kernel leases them. */
  selectDue(tx: Tx, now: string, limit: number): Promise<J[]>;
  /** Makes one attempt; never throws (a failure is a result). */
  send(job: J): Promise<R>;
  /** Writes the domain's own records of these outcomes (an attempt log, statistics) in the recording transaction. */
  recorded?(tx: Tx, outcomes: Array<Outcome<J, R>>): Promise<void>;
  /** Pending jobs the domain settles without sending them (e.g. what a deleted webhook subscription had queued). */
  unsent?: UnsentJobs;
}

/**
 * Settling jobs that will never be sent, in bounded batches a dispatcher runs before it claims,
 * as many as there are, one transaction each.
 */
export interface UnsentJobs {
  /** True when some wait to be settled: asked in the dispatcher's next-due statement, so an idle server sends no statement more. */
  waiting: Expression<SqlBool>;
  /** Settles one batch in its own short transaction; returns how much it did (0: nothing was waiting). */
  settle(storage: Storage): Promise<number>;
}

export interface DispatchSettings {
  /** Named in log lines, e.g. "webhook dispatcher". */
  name: string;
  /** Notified when jobs commit: dispatchers in every process wake on it. */
  channel: string;
  /** Attempts in flight at once per process. */
  concurrency: number;
  /** An attempt's time-out: the lease lasts this plus a margin for recording. */
  timeoutMs: number;
  /** How often to look for due jobs when nothing woke the dispatcher. */
  pollMs: number;
  /** Delay in seconds before retry n (from 1); a failure past its end is final. */
  retryScheduleSeconds: readonly number[];
}
