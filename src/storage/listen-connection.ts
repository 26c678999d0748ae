import type pg from 'pg';

/** The first wait before connecting again after the connection was lost, doubled after each failure up to the last. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5000;

/**
 * PostgreSQL's LISTEN connection: one direct session listening on every channel asked for.
 * When it is lost (a restart, a failover, pg_terminate_backend) it connects again by itself,
 * with growing waits while the database stays away, and once it listens again `resumed` is
 * called: notices sent meanwhile were missed, so whoever waits on them looks for themselves.
 */
export class ListenConnection {
  readonly #open: () => pg.Client;
  readonly #heard: (channel: string, payload: string) => void;
  readonly #resumed: () => void;
  readonly #channels = new Set<string>();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #retry: NodeJS.Timeout | undefined;
  #retryMs = FIRST_RETRY_MS;
  #everConnected = false;
  #closed = false;

  constructor(open: () => pg.Client, heard: (channel: string, payload: string) => void, resumed: () => void) {
    this.#open = open;
    this.#heard = heard;
    this.#resumed = resumed;
  }

  /** Whether notices arrive now. */
  get live(): boolean {
    return this.#client !== undefined && !this.#closed;
  }

  /**
   * Listens on `channel` from now on. The first call waits for the connection (a server starts
   * listening before it serves); once it has been up, a channel asked for while it is down is
   * listened on when it is back.
   */
  async listen(channel: string): Promise<void> {
    if (this.#channels.has(channel)) return;
    this.#channels.add(channel);
    if (this.#client !== undefined) {
      await this.#client.query(`LISTEN "${channel}"`).catch(() => this.#lost(this.#client));
      return;
    }
    const connecting = this.#connect();
    if (!this.#everConnected) await connecting;
  }

  /** Connects now if it is down, without waiting for the next retry (the database is known to be back). */
  retryNow(): void {
    if (this.#client !== undefined || this.#closed || this.#connecting !== undefined) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    void this.#connect().catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #connect(): Promise<void> {
    this.#connecting ??= this.#attempt().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #attempt(): Promise<void> {
    const client = this.#open();
    client.on('notification', (msg) => this.#heard(msg.channel, msg.payload ?? ''));
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      for (const channel of this.#channels) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      this.#scheduleRetry();
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    const reconnected = this.#everConnected;
    this.#client = client;
    this.#everConnected = true;
    this.#retryMs = FIRST_RETRY_MS;
    if (reconnected) this.#resumed();
  }

  #lost(client: pg.Client | undefined): void {
    if (client === undefined || client !== this.#client) return;
    this.#client = undefined;
    void client.end().catch(() => {});
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry !== undefined) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, LONGEST_RETRY_MS);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect().catch(() => {});
    }, wait);
    this.#retry.unref();
  }
}
