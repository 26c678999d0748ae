import type { RuntimeContext } from '../module.ts';
import { PassLoop } from '../../events/pass-loop.ts';
import type { Storage } from '../../storage/storage.ts';
import { claimDue, recordOutcomes, send } from './attempt.ts';
import type { Outcome } from './attempt.ts';
import type { ClaimedDelivery } from './queries.ts';
import { DELIVERIES_CHANNEL } from './events.ts';
import { nextDueAt } from './queries.ts';
import { WebhookSender } from './sender.ts';

const RECORD_BATCH = 200;
const RECORD_WINDOW_MS = 10;

/**
 * Sends due deliveries with at most `webhookConcurrency` attempts in flight. It wakes when
 * deliveries commit (NOTIFY on PostgreSQL, in-process on SQLite), when the earliest retry falls
 * due, and every `webhookPollMs` as the fallback (deliveries of other SQLite processes, a
 * lease that expired). Several dispatchers may run on one database: claims never overlap.
 */
export class Dispatcher {
  readonly #storage: Storage;
  readonly #ctx: RuntimeContext;
  readonly #sender: WebhookSender;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #loop: PassLoop;
  /** The last pass stopped because every slot was taken: a finishing attempt looks again. */
  #starved = false;
  #stopping: Promise<void> | undefined;
  readonly #toRecord: Array<{ outcome: Outcome; resolve: () => void; reject: (error: unknown) => void }> = [];
  #flushing: Promise<void> | undefined;
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #recordings = new Set<Promise<void>>();
  #unsubscribe: (() => void) | undefined;

  constructor(ctx: RuntimeContext) {
    this.#ctx = ctx;
    this.#storage = ctx.storage;
    this.#sender = new WebhookSender(ctx.config, ctx.storage);
    // The database may be away for a while: a failed pass looks again at the next poll.
    this.#loop = new PassLoop(
      () => this.#pass(),
      (error) => this.#ctx.log.error({ err: error }, 'webhook dispatcher: claiming deliveries failed'),
      () => this.#ctx.config.webhookPollMs,
    );
  }

  async start(): Promise<void> {
    this.#unsubscribe = await this.#storage.subscribe(DELIVERIES_CHANNEL, () => this.wake());
    this.wake();
  }

  /** Looks for due deliveries now (coalesced: a wake during a pass runs one more pass). */
  wake(): void {
    this.#loop.wake();
  }

  async #pass(): Promise<void> {
    const { webhookConcurrency, webhookTimeoutMs, webhookPollMs } = this.#ctx.config;
    for (;;) {
      const free = webhookConcurrency - this.#inFlight.size;
      if (this.#loop.stopped) return;
      if (free <= 0) {
        this.#starved = true;
        return;
      }
      const claim = await claimDue(this.#storage, free, webhookTimeoutMs);
      for (const delivery of claim.deliveries) this.#track(this.#attempt(claim.token, delivery));
      if (claim.deliveries.length < free) break;
    }
    const due = await nextDueAt(this.#storage.db);
    const dueIn = due === undefined ? Infinity : Math.max(0, Date.parse(due) - Date.now());
    this.#loop.schedule(Math.min(dueIn, webhookPollMs));
  }

  /** The slot is free once the request is answered; recording joins the next batch. */
  async #attempt(token: string, delivery: ClaimedDelivery): Promise<void> {
    const outcome = await send(this.#sender, this.#ctx.config.webhookRetryScheduleSeconds, token, delivery);
    const recorded = this.#record(outcome).then(
      () => {
        if (outcome.retryAt !== null) this.#loop.schedule(Math.max(0, outcome.retryAt - Date.now()));
      },
      (error: unknown) => {
        // The lease runs out and the delivery is attempted again.
        this.#ctx.log.error({ err: error, delivery: delivery.id }, 'webhook dispatcher: recording an attempt failed');
      },
    );
    this.#recordings.add(recorded);
    void recorded.finally(() => this.#recordings.delete(recorded));
  }

  /**
   * Group commit: attempts are recorded in batches, flushed when RECORD_BATCH are waiting or
   * RECORD_WINDOW_MS after the first; one commit (one fsync on SQLite) serves many attempts.
   */
  #record(outcome: Outcome): Promise<void> {
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
        if (this.#toRecord.length > 0) this.#flushSoon(RECORD_WINDOW_MS);
      });
    }, delayMs);
  }

  async #flush(): Promise<void> {
    while (this.#toRecord.length > 0) {
      const batch = this.#toRecord.splice(0, RECORD_BATCH);
      try {
        await recordOutcomes(this.#storage, batch.map((b) => b.outcome));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
  }

  #track(work: Promise<void>): void {
    this.#inFlight.add(work);
    void work.finally(() => {
      this.#inFlight.delete(work);
      // With a backlog, claim again once half the slots are free (fewer, larger claims).
      if (this.#starved && this.#ctx.config.webhookConcurrency - this.#inFlight.size >= Math.max(1, this.#ctx.config.webhookConcurrency >> 1)) {
        this.#starved = false;
        this.wake();
      }
    });
  }

  /** Stops claiming, lets attempts in flight finish and record, then closes connections. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#unsubscribe?.();
      await this.#loop.stop();
      await Promise.allSettled([...this.#inFlight]);
      this.#flushSoon(0);
      await Promise.allSettled([...this.#recordings]);
      await this.#sender.close();
    })();
    return this.#stopping;
  }
}

/** The module's worker: starts a dispatcher and returns its stop. */
export async function startDispatcher(ctx: RuntimeContext): Promise<() => Promise<void>> {
  const dispatcher = new Dispatcher(ctx);
  await dispatcher.start();
  return () => dispatcher.stop();
}
