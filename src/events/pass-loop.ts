/**
 * The loop of a background worker that looks for due work: `wake()` runs a pass now, one pass at
 * a time (a wake during a pass runs one more after it), and `schedule(ms)` wakes it at the
 * earliest of the times asked for. A failed pass is reported and the next one scheduled after
 * `retryMs`. The event consumer runner and the webhook dispatcher both run on it.
 */
export class PassLoop {
  readonly #pass: () => Promise<void>;
  readonly #failed: (error: unknown) => void;
  readonly #retryMs: () => number;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #passing: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #passes = 0;

  constructor(pass: () => Promise<void>, failed: (error: unknown) => void, retryMs: () => number) {
    this.#pass = pass;
    this.#failed = failed;
    this.#retryMs = retryMs;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Passes started so far: which commits woke this loop, for metrics and tests. */
  get passes(): number {
    return this.#passes;
  }

  /** Whether a pass is under way. */
  get passing(): boolean {
    return this.#passing !== undefined;
  }

  wake(): void {
    if (this.#stopped) return;
    if (this.#passing) {
      this.#again = true;
      return;
    }
    this.#passes += 1;
    this.#passing = this.#pass()
      .catch((error: unknown) => {
        this.#failed(error);
        this.schedule(this.#retryMs());
      })
      .finally(() => {
        this.#passing = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  schedule(delayMs: number): void {
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

  /** No pass starts any more; resolves once the pass under way has ended. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#passing;
  }
}
