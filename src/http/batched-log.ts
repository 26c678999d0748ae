/**
 * The server's log written to a file descriptor (stdout) in few, large writes. Each line is
 * copied once, as UTF-8, into a buffer; a buffer is written once it holds `batchBytes` or its
 * first line has waited `maxDelayMs`, asynchronously (a thread of libuv's pool makes the system
 * call), one write at a time and in order. What is left at exit is written synchronously; a
 * process killed outright (SIGKILL, out of memory) loses at most `maxDelayMs` of lines.
 *
 * pino's own stream (sonic-boom) kept the waiting text as one growing string, measured its byte
 * length on every line or turn it was given and encoded it again for every write: per request,
 * more work than the rest of the access log (docs/performance.md).
 */
import { write as writeLater, writeSync } from 'node:fs';
import type { LogSink } from './access-log.ts';

const BUFFER_BYTES = 64 * 1024;
/** A full pipe (the reader is behind) is tried again after this long. */
const RETRY_MS = 10;

export interface BatchedLogOptions {
  batchBytes: number;
  maxDelayMs: number;
}

export class BatchedLog implements LogSink {
  /** Every instance with lines still to write: one exit listener for all. */
  static readonly #open = new Set<BatchedLog>();
  static #listening = false;

  readonly #fd: number;
  readonly #batchBytes: number;
  readonly #maxDelayMs: number;
  #buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  #used = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Sealed buffers in order; while #writing, the first is being written. */
  readonly #queue: Buffer[] = [];
  #writing = false;
  /** Set when the descriptor cannot be written any more (EPIPE: nobody reads): lines are dropped. */
  #closed = false;

  constructor(fd: number, options: BatchedLogOptions) {
    if (options.batchBytes > BUFFER_BYTES) throw new RangeError(`batchBytes is at most ${BUFFER_BYTES}`);
    this.#fd = fd;
    this.#batchBytes = options.batchBytes;
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
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    const most = line.length * 3;
    if (most > BUFFER_BYTES - this.#used) {
      this.#seal();
      if (most > BUFFER_BYTES) {
        this.#queue.push(Buffer.from(line));
        this.#next();
        return;
      }
    }
    this.#used += this.#buffer.write(line, this.#used);
    if (this.#used >= this.#batchBytes) this.#seal();
    else this.#timer ??= setTimeout(this.#sealWaiting, this.#maxDelayMs).unref();
  }

  /** Writes every line not yet handed to a write in flight, synchronously (at exit). */
  flushSync(): void {
    this.#seal();
    const from = this.#writing ? 1 : 0;
    for (let i = from; i < this.#queue.length && !this.#closed; i++) this.#writeNow(this.#queue[i]!);
    this.#queue.length = from;
  }

  readonly #sealWaiting = (): void => {
    this.#timer = undefined;
    this.#seal();
  };

  #seal(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#used === 0) return;
    this.#queue.push(this.#buffer.subarray(0, this.#used));
    this.#buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    this.#used = 0;
    this.#next();
  }

  #next(): void {
    if (this.#writing || this.#queue.length === 0 || this.#closed) return;
    this.#writing = true;
    const bytes = this.#queue[0]!;
    writeLater(this.#fd, bytes, 0, bytes.length, null, (error, written) => {
      this.#writing = false;
      if (error) return this.#failed(error);
      if (written < bytes.length) this.#queue[0] = bytes.subarray(written);
      else this.#queue.shift();
      this.#next();
    });
  }

  #failed(error: unknown): void {
    if (codeOf(error) === 'EAGAIN') {
      setTimeout(() => this.#next(), RETRY_MS).unref();
      return;
    }
    this.#close(error);
  }

  #writeNow(bytes: Buffer): void {
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
    if (codeOf(error) !== 'EPIPE') process.stderr.write(`log output stopped: ${codeOf(error) ?? String(error)}\n`);
  }
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
