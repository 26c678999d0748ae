/**
 * Hands the lines logged in one turn of the event loop to the stdout stream as one string.
 * pino's stream (sonic-boom) measures the byte length of the text it holds on every write it is
 * given: a line at a time, that was a scan of up to a full batch per request (2.5 % of a busy
 * server's time); a turn's lines at once cost it one scan. Lines still held when the process
 * exits are handed on before the stream's own exit flush runs, so none is lost that was not before.
 */
import type { LogSink } from './access-log.ts';

export class TurnLines implements LogSink {
  /** Those holding lines now: one exit listener for all, and none kept once it has handed on. */
  static readonly #holding = new Set<TurnLines>();
  static #listening = false;

  readonly #sink: LogSink;
  #held = '';

  constructor(sink: LogSink) {
    this.#sink = sink;
    if (!TurnLines.#listening) {
      TurnLines.#listening = true;
      // Prepended: the stream's flush at exit (pino's) is already listening by now.
      process.prependListener('exit', () => {
        for (const lines of TurnLines.#holding) lines.#handOn();
      });
    }
  }

  write(line: string): void {
    if (this.#held === '') {
      TurnLines.#holding.add(this);
      setImmediate(this.#handOn);
    }
    this.#held += line;
  }

  readonly #handOn = (): void => {
    TurnLines.#holding.delete(this);
    if (this.#held === '') return;
    const text = this.#held;
    this.#held = '';
    this.#sink.write(text);
  };
}
