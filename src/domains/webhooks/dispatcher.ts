import type { RuntimeContext } from '../module.ts';
import type { Storage } from '../../storage/storage.ts';
import { attemptDelivery, claimDue } from './attempt.ts';
import { EVENTS_CHANNEL } from './outbox.ts';
import { nextDueAt } from './queries.ts';
import { WebhookSender } from './sender.ts';

/**
 * Sends due deliveries with at most `webhookConcurrency` attempts in flight. It wakes when an
 * event commits (NOTIFY on PostgreSQL, in-process on SQLite), when the earliest retry falls
 * due, and every `webhookPollMs` as the fallback (deliveries of other SQLite processes, a
 * lease that expired). Several dispatchers may run on one database: claims never overlap.
 */
export class Dispatcher {
  readonly #storage: Storage;
  readonly #ctx: RuntimeContext;
  readonly #sender: WebhookSender;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #passing: Promise<void> | undefined;
  #again = false;
  /** The last pass stopped because every slot was taken: a finishing attempt looks again. */
  #starved = false;
  #stopped = false;
  #stopping: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(ctx: RuntimeContext) {
    this.#ctx = ctx;
    this.#storage = ctx.storage;
    this.#sender = new WebhookSender(ctx.config);
  }

  async start(): Promise<void> {
    this.#unsubscribe = await this.#storage.subscribe(EVENTS_CHANNEL, () => this.wake());
    this.wake();
  }

  /** Looks for due deliveries now (coalesced: a wake during a pass runs one more pass). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#passing) {
      this.#again = true;
      return;
    }
    this.#passing = this.#pass()
      .catch((error: unknown) => this.#ctx.log.error({ err: error }, 'webhook dispatcher: claiming deliveries failed'))
      .finally(() => {
        this.#passing = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  async #pass(): Promise<void> {
    const { webhookConcurrency, webhookTimeoutMs, webhookPollMs } = this.#ctx.config;
    for (;;) {
      const free = webhookConcurrency - this.#inFlight.size;
      if (this.#stopped) return;
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
    this.#schedule(Math.min(dueIn, webhookPollMs));
  }

  async #attempt(token: string, delivery: Parameters<typeof attemptDelivery>[4]): Promise<void> {
    try {
      const result = await attemptDelivery(this.#storage, this.#sender, this.#ctx.config.webhookRetryScheduleSeconds, token, delivery);
      if (result.retryAt !== null) this.#schedule(Math.max(0, result.retryAt - Date.now()));
    } catch (error) {
      // The lease runs out and the delivery is attempted again.
      this.#ctx.log.error({ err: error, delivery: delivery.id }, 'webhook dispatcher: recording an attempt failed');
    }
  }

  #track(work: Promise<void>): void {
    this.#inFlight.add(work);
    void work.finally(() => {
      this.#inFlight.delete(work);
      if (this.#starved) {
        this.#starved = false;
        this.wake();
      }
    });
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    const at = Date.now() + delayMs;
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.wake();
    }, delayMs);
  }

  /** Stops claiming, lets attempts in flight finish and record, then closes connections. */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#stopped = true;
      clearTimeout(this.#timer);
      this.#unsubscribe?.();
      await this.#passing;
      await Promise.allSettled([...this.#inFlight]);
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
