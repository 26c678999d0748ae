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

/** The response a connection is answering, or answered last (HTTP/1.1 answers one request at a time per connection). */
const CURRENT = Symbol('current response');
type Watched = Socket & { [CURRENT]?: ServerResponse };

/**
 * Watches the server's connections from the start, so that a drain knows which have sent
 * nothing yet and which are answering. Per connection, not per request: a request only marks
 * its connection's current response; listeners are added to responses only once draining.
 */
export class ConnectionWatch {
  readonly #server: Server;
  readonly #open = new Set<Watched>();
  /** Accepted connections that have not sent a request yet. */
  readonly #silent = new Set<Socket>();
  #emptied: (() => void) | undefined;
  #draining = false;
  /** Requests answered since the drain began, those in flight then included. */
  #drained = 0;
  readonly #answered = (): void => {
    this.#drained += 1;
  };

  constructor(server: Server) {
    this.#server = server;
    server.on('connection', (socket: Socket) => {
      this.#open.add(socket);
      this.#silent.add(socket);
      socket.once('close', () => {
        this.#open.delete(socket);
        this.#spoke(socket);
      });
    });
    // Ahead of the app's own listener, so that the header is set before any reply can be sent.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      const socket: Watched = request.socket;
      if (this.#silent.size > 0) this.#spoke(socket);
      socket[CURRENT] = response;
      if (this.#draining) {
        response.setHeader('connection', 'close');
        response.once('close', this.#answered);
      }
    });
  }

  /** Responses begun and not yet finished. */
  #inFlight(): ServerResponse[] {
    const answering: ServerResponse[] = [];
    for (const socket of this.#open) {
      const response = socket[CURRENT];
      if (response !== undefined && !response.writableFinished && !response.destroyed) answering.push(response);
    }
    return answering;
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
    const inFlight = this.#inFlight();
    for (const response of inFlight) {
      if (!response.headersSent) response.setHeader('connection', 'close');
      response.once('close', this.#answered);
    }
    app.log.info({ graceMs: options.graceMs, inFlight: inFlight.length }, `draining: /readyz fails; still accepting for ${options.graceMs} ms so that the balancer moves away (a second signal ends this wait)`);
    await within(options.skipGrace, options.graceMs, undefined);
    // Closes kept-alive connections that are idle; those that have not sent a request yet stay open.
    this.#server.close();
    app.log.info({ inFlight: this.#inFlight().length, silentConnections: this.#silent.size }, 'listener closed: answering the connections already accepted');
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
