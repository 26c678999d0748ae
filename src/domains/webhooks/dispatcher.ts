import type { RuntimeContext } from '../module.ts';
import { JobDispatcher } from '../../events/outbox/dispatcher.ts';
import type { ClaimedDelivery } from './queries.ts';
import { webhookQueue } from './attempt.ts';
import { DELIVERIES_CHANNEL } from './events.ts';
import { WebhookSender } from './sender.ts';
import type { SendResult } from './sender.ts';

/**
 * Sends due webhook deliveries with at most `webhookConcurrency` attempts in flight, on the
 * kernel's job dispatcher (src/events/outbox): woken by NOTIFY, the earliest retry and every
 * `webhookPollMs`. Several dispatchers may run on one database: claims never overlap.
 */
export class Dispatcher {
  readonly #sender: WebhookSender;
  readonly #jobs: JobDispatcher<ClaimedDelivery, SendResult>;
  #stopping: Promise<void> | undefined;

  constructor(ctx: RuntimeContext) {
    const { config } = ctx;
    this.#sender = new WebhookSender(config, ctx.storage);
    this.#jobs = new JobDispatcher(ctx.storage, ctx.log, webhookQueue(this.#sender), {
      name: 'webhook dispatcher',
      channel: DELIVERIES_CHANNEL,
      concurrency: config.webhookConcurrency,
      timeoutMs: config.webhookTimeoutMs,
      pollMs: config.webhookPollMs,
      retryScheduleSeconds: config.webhookRetryScheduleSeconds,
    });
  }

  start(): Promise<void> {
    return this.#jobs.start();
  }

  /** Looks for due deliveries now (coalesced: a wake during a pass runs one more pass). */
  wake(): void {
    this.#jobs.wake();
  }

  /** Stops claiming, lets attempts in flight finish and record, then closes connections. */
  stop(): Promise<void> {
    this.#stopping ??= this.#jobs.stop().then(() => this.#sender.close());
    return this.#stopping;
  }
}

/** The module's worker: starts a dispatcher and returns its stop. */
export async function startDispatcher(ctx: RuntimeContext): Promise<() => Promise<void>> {
  const dispatcher = new Dispatcher(ctx);
  await dispatcher.start();
  return () => dispatcher.stop();
}
