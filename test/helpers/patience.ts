/**
 * How tests wait. A verdict never depends on the machine's speed: a test waits for the event it
 * needs (a line printed, a port answering, a row appearing) and fails only when that event has
 * not come within a limit far beyond any plausible slowness (minutes, not seconds).
 */

/** The overall limit of one wait; `TEST_PATIENCE_MS` raises or lowers it for a whole run. */
export const PATIENCE_MS = Number(process.env.TEST_PATIENCE_MS) > 0 ? Number(process.env.TEST_PATIENCE_MS) : 5 * 60_000;

/** A test's own time limit when it waits for several events in turn. */
export const TEST_TIMEOUT_MS = 4 * PATIENCE_MS;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails naming `what` (and `detail()`, e.g. a child's output) after `limitMs`. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, limitMs = PATIENCE_MS, detail: () => string = () => ''): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`waited ${Math.round(limitMs / 1000)} s for ${what} in vain${detail() ? `: ${detail()}` : ''}`);
    await pause(Math.min(100, limitMs));
  }
}
