/**
 * A stop that loses no request (docs/operations.md, "Rolling restarts"). The drain starts:
 * /readyz fails, and from then on every reply closes its connection; the listener keeps
 * accepting for the grace, so that a balancer sees the failure and moves away and connections
 * already waiting in the listen queue are taken (closing it resets them); then it closes. A
 * connection accepted by then whose request has not arrived yet is still answered — the app's
 * close would refuse it with 503 — and only then does the app close.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { within } from './health.ts';

/** How long a connection accepted before the listener closed may take to send its first request. */
const FIRST_REQUEST_WAIT_MS = 10_000;

export interface DrainOptions {
  graceMs: number;
  /** Settles when the grace should end early (a second signal). */
  skipGrace: Promise<void>;
  /** Closes the app (waiting for the requests in flight), then workers and storage. */
  stop(): Promise<void>;
}

/** Watches the server's connections from the start, so that a drain knows which have sent nothing yet. */
export class ConnectionWatch {
  readonly #server: Server;
  /** Accepted connections that have not sent a request yet. */
  readonly #silent = new Set<Socket>();
  #emptied: (() => void) | undefined;
  /** Requests being answered. */
  readonly #answering = new Set<ServerResponse>();
  #draining = false;
  /** Requests answered since the drain began, those in flight then included. */
  #drained = 0;

  constructor(server: Server) {
    this.#server = server;
    server.on('connection', (socket: Socket) => {
      this.#silent.add(socket);
      socket.once('close', () => this.#spoke(socket));
    });
    // One listener for every response (it is the emitter): no closure is made per request.
    const answered = (response: ServerResponse) => this.#answered(response);
    function onClose(this: ServerResponse): void {
      answered(this);
    }
    // Ahead of the app's own listener, so that the header is set before any reply can be sent.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      this.#spoke(request.socket);
      this.#answering.add(response);
      // 'close' comes once: `on` spares the wrapper `once` would make per request.
      response.on('close', onClose);
      if (this.#draining) response.setHeader('connection', 'close');
    });
  }

  #answered(response: ServerResponse): void {
    this.#answering.delete(response);
    if (this.#draining) this.#drained += 1;
  }

  #spoke(socket: Socket): void {
    if (this.#silent.delete(socket) && this.#silent.size === 0) this.#emptied?.();
  }

  /**
   * Drains as the module comment says and resolves with the number of requests answered since
   * it began. Logs each step, so an operator sees where a slow stop spends its time.
   */
  async drain(app: FastifyInstance, options: DrainOptions): Promise<number> {
    this.#draining = true;
    app.startDraining();
    for (const response of this.#answering) if (!response.headersSent) response.setHeader('connection', 'close');
    app.log.info({ graceMs: options.graceMs, inFlight: this.#answering.size }, `draining: /readyz fails; still accepting for ${options.graceMs} ms so that the balancer moves away (a second signal ends this wait)`);
    await within(options.skipGrace, options.graceMs, undefined);
    // Closes kept-alive connections that are idle; those that have not sent a request yet stay open.
    this.#server.close();
    app.log.info({ inFlight: this.#answering.size, silentConnections: this.#silent.size }, 'listener closed: answering the connections already accepted');
    await this.#silenceEnds(FIRST_REQUEST_WAIT_MS);
    await options.stop();
    return this.#drained;
  }

  /** Resolves once every accepted connection has sent a request or closed, or after `limitMs`. */
  async #silenceEnds(limitMs: number): Promise<void> {
    if (this.#silent.size === 0) return;
    await within(new Promise<void>((resolve) => (this.#emptied = resolve)), limitMs, undefined);
  }
}
