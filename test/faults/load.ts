/**
 * What the fault tests send and how they judge it. Writers, as a careful client would: each of
 * four POSTs /clients with an Idempotency-Key and repeats that key until a 2xx, recording every
 * answer (status, error code, Retry-After, latency); a poller of /readyz beside them. The verdicts
 * are what an operator and a client notice: how each request was answered during the fault, how
 * long the slowest took, when writes came back, and whether each acknowledged write is there once.
 */
import { Agent, request } from 'undici';

/** No request may take longer than this, fault or not: a client is told quickly, never left hanging. */
export const REQUEST_BOUND_MS = 5000;

export interface Answer {
  writer: number;
  key: string;
  sentAt: number;
  at: number;
  ms: number;
  status?: number;
  /** details.error of an error envelope. */
  code?: string;
  retryAfter?: string;
  body?: unknown;
  /** A network error instead of an answer (refused, reset). */
  error?: string;
}

export interface Target {
  /** …/api/public/v1 */
  base: string;
  token: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function detailsError(body: unknown): string | undefined {
  const details = (body as { details?: { error?: unknown } } | undefined)?.details;
  return typeof details?.error === 'string' ? details.error : undefined;
}

/** The writers: `start()`, then `stop()` lets each finish (acknowledge) the key it is on. */
export class WriteLoad {
  readonly answers: Answer[] = [];
  /** Every acknowledged key and the client id its 2xx answers gave. */
  readonly acknowledged = new Map<string, string>();
  /** Keys whose 2xx answers named different clients (an idempotency replay that was not one). */
  readonly replayMismatches: string[] = [];
  private running = false;
  private abandoned = false;
  private loops: Array<Promise<void>> = [];
  private readonly agent = new Agent({ connections: 8, headersTimeout: 120_000, bodyTimeout: 120_000 });

  constructor(
    private readonly target: Target,
    readonly prefix: string,
    private readonly writers = 4,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.writers }, (_, w) => this.loop(w));
  }

  /** `abandon`: the writers give up the key they are on at once (the case has failed already). */
  async stop(options: { abandon?: boolean } = {}): Promise<void> {
    this.running = false;
    if (options.abandon) this.abandoned = true;
    await Promise.all(this.loops);
    await this.agent.close();
  }

  /** 2xx answers so far. */
  get written(): number {
    return this.acknowledged.size;
  }

  private async loop(writer: number): Promise<void> {
    for (let n = 1; this.running; n += 1) {
      const key = `${this.prefix}-w${writer}-${n}`;
      for (;;) {
        const answer = await this.post(writer, key);
        this.answers.push(answer);
        if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
          const id = (answer.body as { id?: string }).id ?? '';
          const earlier = this.acknowledged.get(key);
          if (earlier !== undefined && earlier !== id) this.replayMismatches.push(key);
          this.acknowledged.set(key, id);
          break;
        }
        if (this.abandoned) return;
        await pause(100);
      }
      await pause(20);
    }
  }

  private async post(writer: number, key: string): Promise<Answer> {
    const sentAt = Date.now();
    try {
      const response = await request(`${this.target.base}/clients`, {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'x-api-token': this.target.token, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name: key }),
      });
      const text = await response.body.text();
      const at = Date.now();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // not JSON: kept as text for the failure message
      }
      const retryAfter = response.headers['retry-after'];
      const code = detailsError(body);
      return { writer, key, sentAt, at, ms: at - sentAt, status: response.statusCode, body, ...(code ? { code } : {}), ...(typeof retryAfter === 'string' ? { retryAfter } : {}) };
    } catch (error) {
      const at = Date.now();
      return { writer, key, sentAt, at, ms: at - sentAt, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
}

export interface ReadySample {
  sentAt: number;
  at: number;
  status?: number;
  failing: string[];
  error?: string;
}

/** GET /readyz every 100 ms on a connection of its own each time, as a balancer's health check does. */
export class ReadyzPoller {
  readonly samples: ReadySample[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(private readonly origin: string) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const sentAt = Date.now();
      const agent = new Agent({ connections: 1, headersTimeout: 120_000 });
      try {
        const response = await request(`${this.origin}/readyz`, { dispatcher: agent });
        const body = (await response.body.json()) as { failing?: unknown };
        this.samples.push({ sentAt, at: Date.now(), status: response.statusCode, failing: Array.isArray(body.failing) ? body.failing.map(String) : [] });
      } catch (error) {
        this.samples.push({ sentAt, at: Date.now(), failing: [], error: String(error) });
      } finally {
        await agent.close().catch(() => {});
      }
      await pause(100);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}

/** How a fault is to be answered: its status and details.error, and the check /readyz names failing. */
export interface FaultAnswer {
  status: number;
  code: string;
  failing: string;
}

export const DATABASE_AWAY: FaultAnswer = { status: 503, code: 'database_unavailable', failing: 'database' };
export const STORAGE_FULL: FaultAnswer = { status: 507, code: 'storage_full', failing: 'storage' };

function isEnvelope(body: unknown): boolean {
  const b = body as Record<string, unknown> | undefined;
  return typeof b?.error === 'string' && typeof b.message === 'string' && typeof b.request_id === 'string' && typeof b.details === 'object' && b.details !== null;
}

/**
 * Every answer that is not a 2xx, described, unless it is the fault's answer in full: its
 * status, the envelope with its details.error, and a Retry-After of whole seconds; and every
 * request slower than the bound or ended by a network error.
 */
export function wrongAnswers(answers: readonly Answer[], fault: FaultAnswer): string[] {
  const wrong: string[] = [];
  for (const a of answers) {
    const what = `${a.key} sent at +${a.sentAt}`;
    if (a.error !== undefined) wrong.push(`${what}: ${a.error} after ${a.ms} ms`);
    else if (a.ms > REQUEST_BOUND_MS) wrong.push(`${what}: answered ${a.status} after ${a.ms} ms (bound ${REQUEST_BOUND_MS} ms)`);
    else if (a.status! >= 200 && a.status! < 300) continue;
    else if (a.status !== fault.status || a.code !== fault.code || !isEnvelope(a.body) || !/^\d+$/.test(a.retryAfter ?? ''))
      wrong.push(`${what}: ${a.status} Retry-After ${a.retryAfter ?? '(none)'} ${JSON.stringify(a.body).slice(0, 300)}`);
  }
  return wrong;
}

/** Answers grouped by "status details.error", for a failure message or the test's diagnostics. */
export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const label = a.error !== undefined ? 'network error' : `${a.status}${a.code ? ` ${a.code}` : ''}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/** Milliseconds from `backAt` (the database, pooler or disk is back) to the first 2xx answered after it. */
export function recoveryMs(answers: readonly Answer[], backAt: number): number | undefined {
  const first = answers.filter((a) => a.at >= backAt && a.status !== undefined && a.status >= 200 && a.status < 300).sort((x, y) => x.at - y.at)[0];
  return first === undefined ? undefined : first.at - backAt;
}
