/**
 * What the deployment tests send and how they judge it: every request's outcome is kept (its
 * status, or the network error it ended with), so a test can show that none failed or was reset.
 */
import { Client, request } from 'undici';
import type { Dispatcher } from 'undici';

export interface Outcome {
  /** What was asked, e.g. "POST /clients". */
  what: string;
  /** The answer's status; absent when the request ended in a network error. */
  status?: number;
  /** The network error (a reset, a refused connection, an incomplete answer). */
  error?: string;
  /** The answer's Connection header. */
  connection?: string;
  body?: unknown;
}

export interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One request, its whole answer read: an error never escapes, it becomes the outcome. */
export async function send(dispatcher: Dispatcher, base: string, token: string | undefined, call: Call): Promise<Outcome> {
  const what = `${call.method} ${call.path}`;
  try {
    const response = await request(`${base}${call.path}`, {
      method: call.method,
      dispatcher,
      headers: {
        ...(token ? { 'x-api-token': token } : {}),
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    });
    const text = await response.body.text();
    const connection = response.headers.connection;
    return { what, status: response.statusCode, body: text ? (JSON.parse(text) as unknown) : undefined, ...(typeof connection === 'string' ? { connection } : {}) };
  } catch (error) {
    return { what, error: error instanceof Error ? `${error.name}: ${error.message}${causeOf(error)}` : String(error) };
  }
}

function causeOf(error: Error): string {
  return error.cause instanceof Error ? ` (${error.cause.message})` : '';
}

/** A request on a connection of its own, closed afterwards. */
export async function sendFresh(origin: string, base: string, token: string | undefined, call: Call): Promise<Outcome> {
  const client = new Client(origin);
  try {
    return await send(client, base, token, call);
  } finally {
    await client.close().catch(() => {});
  }
}

/** The outcomes that are not a 2xx answer, described for an assertion message. */
export function failures(outcomes: readonly Outcome[]): string[] {
  return outcomes.filter((o) => o.status === undefined || o.status < 200 || o.status > 299).map((o) => `${o.what}: ${o.error ?? `${o.status} ${JSON.stringify(o.body)}`}`);
}

/** The JSON log records a server printed. */
export function logRecords(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The number in a server's "stopped: drained N requests" log line, or undefined without one. */
export function drainedCount(output: string): number | undefined {
  const line = logRecords(output).find((r) => typeof r.msg === 'string' && /^stopped: drained \d+ requests$/.test(r.msg));
  return line === undefined ? undefined : Number(line.drained);
}
