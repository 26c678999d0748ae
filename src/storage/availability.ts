/**
 * Whether the database can be reached now, learnt from what fails: a request or a worker that
 * meets an unreachable database (isDatabaseUnavailable) or a full disk (isStorageFull) reports it
 * here. While it is away, a probe asks it every half second whether it is back; the first answer
 * ends the outage, and whoever listens (the log, the metrics, the loops woken to catch up) is
 * told once as it begins and once as it ends, never per failed request.
 */
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { codeOf, isDatabaseUnavailable, isStorageFull } from './errors.ts';

export type Outage = 'unreachable' | 'full';

export interface OutageStart {
  kind: Outage;
  /** What failed first, in a line (a driver's message and code): never a stack. */
  reason: string;
}

export interface OutageEnd {
  kind: Outage;
  /** How long it lasted. */
  ms: number;
}

export interface AvailabilityListener {
  down?(start: OutageStart): void;
  up?(end: OutageEnd): void;
}

/** How often the probe asks an unreachable database whether it is back. */
const PROBE_EVERY_MS = 500;

export class Availability {
  readonly #probe: () => Promise<void>;
  /** Whether the disk has room again (SQLite: free space beside the file); undefined: learnt from a write only. */
  readonly #roomAgain: (() => Promise<boolean>) | undefined;
  readonly #listeners = new Set<AvailabilityListener>();
  #outage: { kind: Outage; since: number } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #failures = 0;

  constructor(probe: () => Promise<void>, roomAgain?: () => Promise<boolean>) {
    this.#probe = probe;
    this.#roomAgain = roomAgain;
  }

  /** The outage under way, if any. */
  get outage(): Outage | undefined {
    return this.#outage?.kind;
  }

  /** Requests and passes refused because of an outage, since the start: for metrics. */
  get failures(): number {
    return this.#failures;
  }

  listen(listener: AvailabilityListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reports a failure: true when it is an outage (the database unreachable, the disk full), which
   * starts one if none is under way; false for any other error, left to the caller.
   */
  report(error: unknown): boolean {
    const kind: Outage | undefined = isStorageFull(error) ? 'full' : isDatabaseUnavailable(error) ? 'unreachable' : undefined;
    if (kind === undefined) return false;
    this.#failures += 1;
    if (this.#outage === undefined && !this.#closed) {
      this.#outage = { kind, since: Date.now() };
      for (const l of this.#listeners) l.down?.({ kind, reason: oneLine(error) });
      this.#schedule();
    }
    return true;
  }

  /** `work`, its outcome told here: a failure may begin an outage, a commit end a full disk's. */
  async watch<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.noteWritten();
      return result;
    } catch (error) {
      this.report(error);
      throw error;
    }
  }

  /**
   * A write went through. Where the free space can be looked at (SQLite), that decides when a
   * full disk has room again (a small write may still fit in a page left free); elsewhere
   * (PostgreSQL's disk is the server's) a write that went through is the sign.
   */
  noteWritten(): void {
    if (this.#outage?.kind === 'full' && this.#roomAgain === undefined) this.#end();
  }

  /**
   * Asks at once whether the outage is over (a readiness probe does before it answers); with no
   * outage, whether the disk has room left, so a full disk is known before a write fails on it.
   */
  async recheck(): Promise<void> {
    if (this.#outage !== undefined) return this.#check();
    if (this.#roomAgain !== undefined && !(await this.#roomAgain().catch(() => true))) this.report(new DiskFullError());
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => void this.#check().finally(() => this.#outage !== undefined && this.#schedule()), PROBE_EVERY_MS);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    const outage = this.#outage;
    if (outage === undefined) return;
    if (outage.kind === 'full') {
      if (this.#roomAgain !== undefined && (await this.#roomAgain().catch(() => false))) this.#end();
      return;
    }
    try {
      await this.#probe();
      this.#end();
    } catch {
      // still away: the next probe asks again
    }
  }

  #end(): void {
    const outage = this.#outage;
    if (outage === undefined) return;
    this.#outage = undefined;
    clearTimeout(this.#timer);
    for (const l of this.#listeners) l.up?.({ kind: outage.kind, ms: Date.now() - outage.since });
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  return code === undefined ? message : `${message} (${code})`;
}

/** The free space beside an SQLite file that counts as room again after the disk filled up. */
const ROOM_AGAIN_BYTES = 1_048_576;

/** Whether the disk holding the file at `path` has room again (SQLite's check). */
export async function roomBeside(path: string): Promise<boolean> {
  const disk = await statfs(dirname(path));
  return disk.bavail * disk.bsize >= ROOM_AGAIN_BYTES;
}

/** A full disk found by looking at its free space, before any write failed on it. */
class DiskFullError extends Error {
  readonly code = 'ENOSPC';
  constructor() {
    super('no space left on the disk holding the database');
  }
}
