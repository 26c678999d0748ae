/**
 * The server's log written to a file descriptor (stdout) in few, large writes. A batch of lines
 * is written once it holds `batchChars` or its first line has waited `maxDelayMs`: joined into
 * one string then, encoded once as its write starts, written asynchronously (a thread of
 * libuv's pool makes the system call), one write at a time and in order. What is left at exit
 * is written synchronously; a process killed outright (SIGKILL, out of memory) loses at most
 * `maxDelayMs` of lines.
 *
 * pino's own stream (sonic-boom) kept the waiting text as one growing string, measured its byte
 * length on every line or turn it was given and encoded it again for every write: per request,
 * more work than the rest of the access log. Copying each line into a buffer as it came cost a
 * native call a line (docs/performance.md).
 */
import { write as writeLater, writeSync } from 'node:fs';
import { codeOf } from '../storage/errors.ts';
import type { LogSink } from './access-log.ts';

/** A full pipe (the reader is behind) is tried again after this long. */
const RETRY_MS = 10;

export interface BatchedLogOptions {
  /** A batch is written once its lines hold this many characters (UTF-16 units: bytes for ASCII). */
  batchChars: number;
  maxDelayMs: number;
}

export class BatchedLog implements LogSink {
  /** Every instance with lines still to write: one exit listener for all. */
  static readonly #open = new Set<BatchedLog>();
  static #listening = false;

  readonly #fd: number;
  readonly #batchChars: number;
  readonly #maxDelayMs: number;
  /** The lines of the batch being gathered, and their length in characters. */
  #lines: string[] = [];
  #chars = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Sealed batches in order; while #writing, the first is being written. */
  readonly #queue: Array<string | Buffer> = [];
  #writing = false;
  /** Set when the descriptor cannot be written any more (EPIPE: nobody reads): lines are dropped. */
  #closed = false;
  /** Callers of flushed() waiting for the queue to empty. */
  readonly #waiting: Array<() => void> = [];

  constructor(fd: number, options: BatchedLogOptions) {
    this.#fd = fd;
    this.#batchChars = options.batchChars;
    this.#maxDelayMs = options.maxDelayMs;
    BatchedLog.#open.add(this);
    if (!BatchedLog.#listening) {
      BatchedLog.#listening = true;
      process.on('exit', () => {
        for (const log of BatchedLog.#open) log.flushSync();
      });
    }
  }

  write(line: string): void {
    if (this.#closed) return;
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= this.#batchChars) this.#seal();
    else this.#timer ??= setTimeout(this.#sealWaiting, this.#maxDelayMs).unref();
  }

  /**
   * Writes every line not yet handed to a write in flight, synchronously (at exit). No write is
   * started on the way: one begun now would still be in flight when the process ends, and lost.
   */
  flushSync(): void {
    this.#gather();
    const from = this.#writing ? 1 : 0;
    for (let i = from; i < this.#queue.length && !this.#closed; i++) this.#writeNow(this.#queue[i]!);
    this.#queue.length = from;
  }

  /** Resolves once every line written so far has been handed to the descriptor (or can never be). */
  flushed(): Promise<void> {
    this.#seal();
    if (this.#idle()) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Resolves once every log of the process has written what it was given: before the process exits. */
  static flushAll(): Promise<void> {
    return Promise.all([...BatchedLog.#open].map((log) => log.flushed())).then(() => undefined);
  }

  readonly #sealWaiting = (): void => {
    this.#timer = undefined;
    this.#seal();
  };

  /** The batch becomes one string, and its write starts when none is in flight. */
  #seal(): void {
    this.#gather();
    this.#next();
  }

  /** The waiting lines become one batch at the end of the queue: joined once, and encoded once by the write. */
  #gather(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#lines.length === 0) return;
    this.#queue.push(this.#lines.join(''));
    this.#lines = [];
    this.#chars = 0;
  }

  #idle(): boolean {
    return this.#closed || (!this.#writing && this.#queue.length === 0 && this.#lines.length === 0);
  }

  #next(): void {
    if (this.#idle()) {
      for (const resolve of this.#waiting.splice(0)) resolve();
      return;
    }
    if (this.#writing || this.#queue.length === 0 || this.#closed) return;
    this.#writing = true;
    const batch = this.#queue[0]!;
    const done = (error: NodeJS.ErrnoException | null, written: number): void => {
      this.#writing = false;
      if (error) return this.#failed(error);
      const bytes = typeof batch === 'string' ? Buffer.byteLength(batch) : batch.length;
      // A pipe may take part of a write: the rest goes next, as bytes.
      if (written < bytes) this.#queue[0] = (typeof batch === 'string' ? Buffer.from(batch) : batch).subarray(written);
      else this.#queue.shift();
      this.#next();
    };
    if (typeof batch === 'string') writeLater(this.#fd, batch, null, 'utf8', done);
    else writeLater(this.#fd, batch, 0, batch.length, null, done);
  }

  #failed(error: unknown): void {
    if (codeOf(error) === 'EAGAIN') {
      const retry = setTimeout(() => this.#next(), RETRY_MS);
      // Only a flush being waited for keeps the process alive (the exit writes the rest synchronously).
      if (this.#waiting.length === 0) retry.unref();
      return;
    }
    this.#close(error);
  }

  #writeNow(batch: string | Buffer): void {
    const bytes = typeof batch === 'string' ? Buffer.from(batch) : batch;
    let at = 0;
    while (at < bytes.length) {
      try {
        at += writeSync(this.#fd, bytes, at);
      } catch (error) {
        if (codeOf(error) === 'EAGAIN') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
        else return this.#close(error);
      }
    }
  }

  /** Stops logging: a reader that went away (EPIPE) or a descriptor that cannot be written must not stop the server. */
  #close(error: unknown): void {
    this.#closed = true;
    this.#queue.length = 0;
    BatchedLog.#open.delete(this);
    for (const resolve of this.#waiting.splice(0)) resolve();
    if (codeOf(error) !== 'EPIPE') process.stderr.write(`log output stopped: ${codeOf(error) ?? String(error)}\n`);
  }
}
