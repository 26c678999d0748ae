import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/storage.ts';
import { noteDispatchedQueue } from '../backlog.ts';
import { PassLoop } from '../pass-loop.ts';
import { attempt, claimDue, recordOutcomes } from './attempt.ts';
import { OUTBOX_RESUMED_CHANNEL } from './pause.ts';
import { parkPausedJobs, unparkResumed } from './parking.ts';
import { nextDueAt } from './queries.ts';
import type { AttemptResult, DispatchSettings, Job, JobQueue, Outcome } from './types.ts';

const RECORD_BATCH = 200;
const RECORD_WINDOW_MS = 10;
/** While the database is away, how often outcomes kept in memory are offered to it again. */
const HELD_RETRY_MS = 500;

/**
 * Sends a queue's due jobs with at most `concurrency` attempts in flight. It wakes when jobs
 * commit (NOTIFY on `channel` on PostgreSQL, in-process on SQLite), when the earliest retry
 * falls due, and every `pollMs` as the fallback (jobs of other SQLite processes, a lease that
 * expired). Several dispatchers may run on one database: claims never overlap.
 */
export class JobDispatcher<J extends Job, R extends AttemptResult = AttemptResult> {
  readonly #storage: Storage;
  readonly #log: Pick<FastifyBaseLogger, 'error'>;
  readonly #queue: JobQueue<J, R>;
  readonly #settings: DispatchSettings;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #loop: PassLoop;
  /** The last pass stopped because every slot was taken: a finishing attempt looks again. */
  #starved = false;
  #stopping: Promise<void> | undefined;
  readonly #toRecord: Array<{ outcome: Outcome<J, R>; resolve: () => void; reject: (error: unknown) => void }> = [];
  #flushing: Promise<void> | undefined;
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #recordings = new Set<Promise<void>>();
  #unsubscribe: Array<() => void> = [];
  /** Outcomes wait in #toRecord because the database was away when they were to be recorded. */
  #held = false;
  /** The last pass saw an organization paused (or none has run yet): this pass parks what fell due of theirs. */
  #pausesSeen = true;
  /** The last pass saw parked jobs of a resumed organization (or none has run yet, or a resume was told): this pass puts them back. */
  #resumesSeen = true;
  /** The last pass saw jobs waiting to be settled unsent (or none has run yet): this pass settles them. */
  #unsentSeen = true;

  constructor(storage: Storage, log: Pick<FastifyBaseLogger, 'error'>, queue: JobQueue<J, R>, settings: DispatchSettings) {
    this.#storage = storage;
    this.#log = log;
    this.#queue = queue;
    this.#settings = settings;
    noteDispatchedQueue(storage, queue.table);
    // The database may be away for a while: a failed pass looks again at the next poll.
    this.#loop = new PassLoop(
      () => this.#pass(),
      (error) => {
        if (!storage.availability.report(error)) this.#log.error({ err: error }, `${settings.name}: claiming jobs failed`);
      },
      () => settings.pollMs,
    );
  }

  async start(): Promise<void> {
    this.#unsubscribe.push(await this.#storage.subscribe(this.#settings.channel, () => this.wake()));
    this.#unsubscribe.push(
      await this.#storage.subscribe(OUTBOX_RESUMED_CHANNEL, () => {
        this.#resumesSeen = true;
        this.wake();
      }),
    );
    this.wake();
  }

  /** This loop's passes so far, and whether one is under way (see PassLoop). */
  get passes(): { count: number; passing: boolean } {
    return { count: this.#loop.passes, passing: this.#loop.passing };
  }

  /** Looks for due jobs now (coalesced: a wake during a pass runs one more pass). */
  wake(): void {
    this.#loop.wake();
  }

  async #pass(): Promise<void> {
    const { concurrency, timeoutMs, pollMs } = this.#settings;
    // Attempts made before an outage are recorded first: claiming before would send again a job
    // whose lease ran out while its outcome waited here.
    if (this.#held) {
      await this.#flushing;
      if (this.#held) await this.#flush();
      if (this.#held) return;
    }
    // Due jobs of paused organizations are moved aside first, and those of resumed ones put back,
    // a transaction at a time, so claims never step over them.
    while (this.#pausesSeen && (await parkPausedJobs(this.#storage, this.#queue.table, new Date().toISOString())) > 0) {
      if (this.#loop.stopped) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Jobs that will never be sent are settled next (before anything is put back), a batch per transaction, so no claim steps over them either.
    const unsent = this.#queue.unsent;
    while (unsent !== undefined && this.#unsentSeen && (await unsent.settle(this.#storage)) > 0) {
      if (this.#loop.stopped) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (this.#resumesSeen && (await unparkResumed(this.#storage, this.#queue.table)) > 0) {
      if (this.#loop.stopped) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.#resumesSeen = false;
    for (;;) {
      const free = concurrency - this.#inFlight.size;
      if (this.#loop.stopped) return;
      if (free <= 0) {
        this.#starved = true;
        return;
      }
      const claim = await claimDue(this.#storage, this.#queue, free, timeoutMs);
      for (const job of claim.jobs) this.#track(this.#attempt(claim.token, job));
      if (claim.jobs.length < free) break;
    }
    const next = await nextDueAt(this.#storage.db, this.#queue.table, unsent?.waiting);
    this.#pausesSeen = next.anyPaused;
    // A resume told in another process (SQLite has no cross-process notices) is seen here, and jobs
    // that came to wait unsent after this pass settled (a commit woke it while the last pass saw
    // none): the next pass starts at once.
    this.#resumesSeen = next.anyResumed;
    this.#unsentSeen = next.unsentWaiting;
    const dueIn = next.anyResumed || next.unsentWaiting ? 0 : next.at === undefined ? Infinity : Math.max(0, Date.parse(next.at) - Date.now());
    this.#loop.schedule(Math.min(dueIn, pollMs));
  }

  /** The slot is free once the attempt is answered; recording joins the next batch. */
  async #attempt(token: string, job: J): Promise<void> {
    const outcome = await attempt(this.#queue, this.#settings.retryScheduleSeconds, token, job);
    const recorded = this.#record(outcome).then(
      () => {
        if (outcome.retryAt !== null) this.#loop.schedule(Math.max(0, outcome.retryAt - Date.now()));
      },
      (error: unknown) => {
        // The lease runs out and the job is attempted again.
        this.#log.error({ err: error, job: job.id }, `${this.#settings.name}: recording an attempt failed`);
      },
    );
    this.#recordings.add(recorded);
    void recorded.finally(() => this.#recordings.delete(recorded));
  }

  /**
   * Group commit: attempts are recorded in batches, flushed when RECORD_BATCH are waiting or
   * RECORD_WINDOW_MS after the first; one commit (one fsync on SQLite) serves many attempts.
   */
  #record(outcome: Outcome<J, R>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#toRecord.push({ outcome, resolve, reject });
      if (this.#toRecord.length >= RECORD_BATCH) this.#flushSoon(0);
      else this.#flushSoon(RECORD_WINDOW_MS);
    });
  }

  #flushSoon(delayMs: number): void {
    if (this.#flushing) return; // the running flush loops until the queue is empty
    if (this.#flushTimer !== undefined && delayMs > 0) return;
    clearTimeout(this.#flushTimer);
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined;
      this.#flushing = this.#flush().finally(() => {
        this.#flushing = undefined;
        if (this.#toRecord.length > 0) this.#flushSoon(this.#held ? HELD_RETRY_MS : RECORD_WINDOW_MS);
      });
    }, delayMs);
  }

  async #flush(): Promise<void> {
    while (this.#toRecord.length > 0) {
      const batch = this.#toRecord.splice(0, RECORD_BATCH);
      try {
        await recordOutcomes(this.#storage, this.#queue, batch.map((b) => b.outcome));
        for (const b of batch) b.resolve();
        if (this.#held) {
          // Back: the jobs due meanwhile are claimed now.
          this.#held = false;
          this.wake();
        }
      } catch (error) {
        // The database is away: the outcomes are kept and recorded once it is back, so a job
        // already sent is not sent again (when stopping, its lease runs out instead).
        if (this.#storage.availability.report(error) && this.#stopping === undefined) {
          this.#toRecord.unshift(...batch);
          this.#held = true;
          return;
        }
        for (const b of batch) b.reject(error);
      }
    }
  }

  #track(work: Promise<void>): void {
    this.#inFlight.add(work);
    const { concurrency } = this.#settings;
    void work.finally(() => {
      this.#inFlight.delete(work);
      // With a backlog, claim again once half the slots are free (fewer, larger claims).
      if (this.#starved && concurrency - this.#inFlight.size >= Math.max(1, concurrency >> 1)) {
        this.#starved = false;
        this.wake();
      }
    });
  }

  /** Stops claiming, lets attempts in flight finish and record; the caller then closes its sender. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      for (const unsubscribe of this.#unsubscribe) unsubscribe();
      await this.#loop.stop();
      await Promise.allSettled([...this.#inFlight]);
      this.#flushSoon(0);
      await Promise.allSettled([...this.#recordings]);
    })();
    return this.#stopping;
  }
}
