import { randomUUID } from 'node:crypto';
import type { Storage, Tx } from '../../storage/storage.ts';
import { countAttempt } from './metrics.ts';
import { leaseJobs, settleJob } from './queries.ts';
import type { AttemptResult, Job, JobQueue, Outcome } from './types.ts';

/** How long a claim holds a job: the attempt's time-out plus a margin for recording it. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs + 5000;
}

export interface Claim<J extends Job> {
  token: string;
  jobs: J[];
}

/** Claims due jobs in one short transaction (SKIP LOCKED on PostgreSQL, BEGIN IMMEDIATE on SQLite). */
export async function claimDue<J extends Job, R extends AttemptResult>(storage: Storage, queue: JobQueue<J, R>, limit: number, timeoutMs: number): Promise<Claim<J>> {
  const token = randomUUID();
  const now = new Date();
  const jobs = await storage.transaction(async (tx) => {
    const due = await queue.selectDue(tx, now.toISOString(), limit);
    if (due.length > 0) await leaseJobs(tx.db, queue.table, due, new Date(now.getTime() + leaseMs(timeoutMs)).toISOString(), token);
    return due;
  });
  return { token, jobs };
}

/**
 * When a failed attempt is made again (epoch ms), or null when the job is settled: after a
 * success, a final refusal, or a failure past the end of the schedule. A receiver's
 * retry-after moves the next attempt later, never earlier.
 */
export function retryAt(schedule: readonly number[], attempt: number, result: AttemptResult, finishedAt: number): number | null {
  if (result.ok || result.final === true) return null;
  const delaySeconds = schedule[attempt - 1];
  if (delaySeconds === undefined) return null;
  return finishedAt + Math.max(delaySeconds * 1000, result.retryAfterMs ?? 0);
}

/** Makes one attempt of a claimed job; the retry schedule decides what a failure leads to. */
export async function attempt<J extends Job, R extends AttemptResult>(queue: JobQueue<J, R>, schedule: readonly number[], token: string, job: J): Promise<Outcome<J, R>> {
  const startedAt = new Date().toISOString();
  const result = await queue.send(job);
  countAttempt(queue.table, result.ok);
  const finished = new Date();
  const n = job.attempts + 1;
  return { job, token, result, startedAt, finishedAt: finished.toISOString(), attempt: n, retryAt: retryAt(schedule, n, result, finished.getTime()) };
}

/** Each job's next state, only while the recorder's lease still holds it; with the domain's records, in the caller's transaction. */
async function writeOutcomes<J extends Job, R extends AttemptResult>(tx: Tx, queue: JobQueue<J, R>, outcomes: Array<Outcome<J, R>>): Promise<void> {
  await queue.recorded?.(tx, outcomes);
  for (const o of outcomes) {
    await settleJob(tx.db, queue.table, o.job.org_id, o.job.id, o.token, {
      status: o.result.ok ? 'succeeded' : o.retryAt === null ? 'failed' : 'pending',
      attempts: o.attempt,
      nextAttemptAt: o.retryAt === null ? null : new Date(o.retryAt).toISOString(),
      completedAt: o.retryAt === null ? o.finishedAt : null,
      statusCode: o.result.statusCode,
      error: o.result.error,
    });
  }
}

/** Records attempts in one transaction: many attempts share one commit, which is what lets SQLite keep up. */
export async function recordOutcomes<J extends Job, R extends AttemptResult>(storage: Storage, queue: JobQueue<J, R>, outcomes: Array<Outcome<J, R>>): Promise<void> {
  if (outcomes.length === 0) return;
  await storage.transaction((tx) => writeOutcomes(tx, queue, outcomes));
}

/** Makes one attempt of a claimed job now and records it (an operator's "attempt again"). */
export async function attemptNow<J extends Job, R extends AttemptResult>(storage: Storage, queue: JobQueue<J, R>, schedule: readonly number[], token: string, job: J): Promise<Outcome<J, R>> {
  const outcome = await attempt(queue, schedule, token, job);
  await recordOutcomes(storage, queue, [outcome]);
  return outcome;
}
