import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/storage.ts';
import { EVENTS_CHANNEL } from './emit.ts';
import { handleDue } from './handling.ts';
import { nextDueAt } from './queries.ts';
import { pruneEvents, retentionCutoff } from './retention.ts';
import type { Pruner } from './retention.ts';
import type { Consumer } from './types.ts';
import { PassLoop } from './pass-loop.ts';

export interface RunnerContext {
  storage: Storage;
  config: Pick<Config, 'eventPollMs' | 'eventRetryBaseMs' | 'eventRetentionDays'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/** Progress rows one transaction claims at most: where a pass runs in slices (SQLite), and where it does not. */
const BATCH = 100;
const UNSLICED_BATCH = 500;
/** Rows a pass claims at least, however short its slices have been. */
const MIN_BATCH = 10;
/**
 * Where statements run on the event loop (SQLite), how long one pass may handle events before
 * it commits what it has done and lets requests run: a backlog drains in slices of this length.
 */
const SLICE_MS = 4;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PRUNE_AFTER_MS = 60 * 1000;

/**
 * Runs this process's consumers: wakes when an event commits (NOTIFY on PostgreSQL, in-process
 * on SQLite), when the earliest retry falls due, and every `eventPollMs` (events other SQLite
 * processes wrote). One pass at a time; a wake during a pass runs one more. Several runners
 * may share a database: claims never overlap. It also prunes, hourly, what the retention
 * period no longer keeps.
 */
export class ConsumerRunner {
  readonly #ctx: RunnerContext;
  readonly #consumers: readonly Consumer[];
  readonly #pruners: readonly Pruner[];
  readonly #loop: PassLoop;
  #pruneTimer: NodeJS.Timeout | undefined;
  #pruning: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(ctx: RunnerContext, consumers: readonly Consumer[], pruners: readonly Pruner[] = []) {
    this.#ctx = ctx;
    this.#consumers = consumers;
    this.#pruners = pruners;
    this.#loop = new PassLoop(
      () => this.#pass(),
      (error) => {
        if (!this.#ctx.storage.availability.report(error)) this.#ctx.log.error({ err: error }, 'event consumers: a pass failed');
      },
      () => this.#ctx.config.eventPollMs,
    );
  }

  async start(): Promise<void> {
    this.#unsubscribe = await this.#ctx.storage.subscribe(EVENTS_CHANNEL, () => this.wake());
    this.wake();
    this.#schedulePrune(FIRST_PRUNE_AFTER_MS);
  }

  /** This loop's passes so far, and whether one is under way (see PassLoop). */
  get passes(): { count: number; passing: boolean } {
    return { count: this.#loop.passes, passing: this.#loop.passing };
  }

  /** Looks for due events now (coalesced). */
  wake(): void {
    if (this.#consumers.length > 0) this.#loop.wake();
  }

  async #pass(): Promise<void> {
    const { storage, config } = this.#ctx;
    const sliceMs = storage.oneWriterAtATime ? SLICE_MS : undefined;
    // A backlog is worked through in passes as large as one slice handles, so little is claimed for nothing.
    const most = sliceMs === undefined ? UNSLICED_BATCH : BATCH;
    let batch = most;
    for (;;) {
      if (this.#loop.stopped) return;
      const pass = await handleDue(storage, this.#consumers, batch, config.eventRetryBaseMs, sliceMs);
      for (const f of pass.failures) {
        this.#ctx.log.warn({ err: f.error, consumer: f.consumer, eventSeq: f.seq, attempts: f.attempts }, 'event consumer failed; it will retry');
      }
      if (pass.claimed < batch && pass.settled === pass.claimed) break;
      batch = pass.settled < pass.claimed ? Math.max(MIN_BATCH, pass.settled) : Math.min(most, batch * 2);
      // Requests (and their writes) waiting meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const due = await nextDueAt(storage.db, this.#consumers.map((c) => c.name));
    const dueIn = due === undefined ? Infinity : Math.max(0, Date.parse(due) - Date.now());
    this.#loop.schedule(Math.min(dueIn, config.eventPollMs));
  }

  #schedulePrune(delayMs: number): void {
    if (this.#loop.stopped) return;
    this.#pruneTimer = setTimeout(() => {
      this.#pruning = this.prune()
        .catch((error: unknown) => this.#ctx.log.error({ err: error }, 'event retention: pruning failed'))
        .finally(() => {
          this.#pruning = undefined;
          this.#schedulePrune(PRUNE_EVERY_MS);
        });
    }, delayMs);
    this.#pruneTimer.unref();
  }

  /** Deletes events, progress rows and modules' derived rows older than the retention period. */
  async prune(): Promise<void> {
    const before = retentionCutoff(this.#ctx.config.eventRetentionDays);
    for (const pruner of this.#pruners) await pruner(this.#ctx.storage, before);
    await pruneEvents(this.#ctx.storage, before);
  }

  /** Stops claiming and waits for the pass under way (its transaction commits or rolls back). */
  async stop(): Promise<void> {
    clearTimeout(this.#pruneTimer);
    this.#unsubscribe?.();
    await this.#loop.stop();
    await this.#pruning;
  }
}

/** Starts a runner for `consumers`; returns its stop. */
export async function startConsumerRunner(ctx: RunnerContext, consumers: readonly Consumer[], pruners: readonly Pruner[] = []): Promise<() => Promise<void>> {
  const runner = new ConsumerRunner(ctx, consumers, pruners);
  await runner.start();
  return () => runner.stop();
}
