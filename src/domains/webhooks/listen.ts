/**
 * `bizplat webhooks listen`: a developer's local receiver fed from a server's events feed, as
 * `stripe listen --forward-to` does. It reads GET /events with a token and POSTs each event to
 * a local URL with the body and headers of a real delivery, signed with a secret of its own
 * (kept in the state file, so it stays the same across runs). The state file also keeps where
 * it stands in the feed, updated after every event forwarded: a run stopped (Ctrl-C, SIGTERM:
 * the event being sent is finished first) resumes with the next event, none skipped or sent
 * twice; one killed outright may send the event it was sending once more (same webhook-id).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { deliveryBody } from './payload.ts';
import { signedHeaders } from './sender.ts';
import { newSecret } from './standard-webhooks.ts';

export interface ListenOptions {
  /** The server's address (its root, or its /api/public/v1). */
  server: string;
  token: string;
  forwardTo: string;
  /** Catalog event names; undefined: every event the token may read. */
  events: string[] | undefined;
  stateFile: string;
  /** Forward the events kept on the server (within retention) too, not only those from now on. */
  fromStart: boolean;
  pollMs: number;
  print: (line: string) => void;
  signal: AbortSignal;
}

interface ListenState {
  server: string;
  secret: string;
  /** The feed's next_cursor the page being forwarded was read with (null: the feed's start). */
  cursor: string | null;
  /** Ids of that page's events already forwarded. */
  forwarded: string[];
}

interface FeedItem {
  id: string;
  event: string;
  data: Record<string, unknown>;
  ts: string;
}

const PAGE = 100;
const FORWARD_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

export class ListenError extends Error {}

function apiBase(server: string): URL {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new ListenError(`--url must be the server's address, e.g. http://127.0.0.1:3000 (got "${server}")`);
  }
  if (!url.pathname.includes('/api/public/v1')) url.pathname = `${url.pathname.replace(/\/$/, '')}/api/public/v1`;
  url.pathname = url.pathname.replace(/\/?$/, '/');
  return url;
}

function readState(file: string): ListenState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new ListenError(`${file} is not a listen state file: remove it to start afresh`);
  const s = value as Partial<ListenState>;
  if (typeof s.secret !== 'string' || typeof s.server !== 'string' || !Array.isArray(s.forwarded)) throw new ListenError(`${file} is not a listen state file: remove it to start afresh`);
  return { server: s.server, secret: s.secret, cursor: typeof s.cursor === 'string' ? s.cursor : null, forwarded: s.forwarded.filter((id): id is string => typeof id === 'string') };
}

/** Written whole to a temporary file, then renamed over the state: a run killed mid-write leaves the previous state. */
function saveState(file: string, state: ListenState): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

async function readPage(base: URL, o: ListenOptions, cursor: string | null, limit: number): Promise<{ items: FeedItem[]; next_cursor: string } | 'expired'> {
  const url = new URL('events', base);
  url.searchParams.set('limit', String(limit));
  if (cursor !== null) url.searchParams.set('cursor', cursor);
  if (o.events !== undefined) url.searchParams.set('types', o.events.join(','));
  for (let wait = 1000; ; wait = Math.min(wait * 2, MAX_BACKOFF_MS)) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'x-api-token': o.token, accept: 'application/json' }, signal: o.signal });
    } catch (error) {
      if (o.signal.aborted) throw error;
      o.print(`! ${base.origin} is not answering (${error instanceof Error ? error.message : String(error)}); trying again in ${wait / 1000} s`);
      await sleep(wait, undefined, { signal: o.signal });
      continue;
    }
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as { items: FeedItem[]; next_cursor: string };
    if (response.status === 410) return 'expired';
    if (response.status === 429 || response.status >= 500) {
      o.print(`! the events feed answered ${response.status}; trying again in ${wait / 1000} s`);
      await sleep(wait, undefined, { signal: o.signal });
      continue;
    }
    throw new ListenError(`the events feed answered ${response.status}: ${text}`);
  }
}

/** The position at the end of the feed now: where a first run starts unless --from-start. */
async function endOfFeed(base: URL, o: ListenOptions): Promise<string | null> {
  let cursor: string | null = null;
  for (;;) {
    const page = await readPage(base, o, cursor, 500);
    if (page === 'expired') return null;
    cursor = page.next_cursor;
    if (page.items.length < 500) return cursor;
  }
}

/**
 * POSTs one event as a delivery; repeats it (growing waits, at most 30 s) until the receiver
 * answers 2xx. A stop does not cut an attempt short (it has its own time-out): only the wait.
 */
async function forward(o: ListenOptions, secret: string, item: FeedItem): Promise<void> {
  const body = Buffer.from(deliveryBody(item.id, item.event, item.data, item.ts));
  for (let wait = 1000; ; wait = Math.min(wait * 2, MAX_BACKOFF_MS)) {
    const started = performance.now();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = signedHeaders({ secret, eventId: item.id, timestamp, body, signatureV2: false });
    let outcome: string;
    try {
      const response = await fetch(o.forwardTo, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
      await response.body?.cancel();
      const ms = Math.round(performance.now() - started);
      o.print(`${item.ts}  --> ${item.event} [${item.id}]  <-- ${response.status} (${ms} ms)`);
      if (response.ok) return;
      outcome = `answered ${response.status}`;
    } catch (error) {
      outcome = `failed: ${error instanceof Error ? error.message : String(error)}`;
      o.print(`${item.ts}  --> ${item.event} [${item.id}]  ${outcome}`);
    }
    o.print(`! ${o.forwardTo} ${outcome}: sending ${item.id} again in ${wait / 1000} s (events after it wait, in order)`);
    await sleep(wait, undefined, { signal: o.signal });
  }
}

/** Runs until `signal` aborts; what was forwarded is in the state file. */
export async function listen(o: ListenOptions): Promise<void> {
  const base = apiBase(o.server);
  try {
    new URL(o.forwardTo);
  } catch {
    throw new ListenError(`--forward-to must be a URL, e.g. http://127.0.0.1:4242/webhooks (got "${o.forwardTo}")`);
  }
  const kept = readState(o.stateFile);
  const resumes = kept !== undefined && kept.server === base.href;
  const state: ListenState = resumes ? kept : { server: base.href, secret: kept?.secret ?? newSecret(), cursor: null, forwarded: [] };
  try {
    if (!resumes && !o.fromStart) state.cursor = await endOfFeed(base, o);
    saveState(o.stateFile, state);
    o.print(`Ready! Forwarding events of ${base.href} to ${o.forwardTo}${o.events ? ` (${o.events.join(', ')})` : ''}`);
    o.print(`Your webhook signing secret is ${state.secret} (kept in ${o.stateFile}; ${resumes ? 'resuming where the last run stopped' : o.fromStart ? 'from the oldest event kept' : 'from now on'})`);
    for (;;) {
      const page = await readPage(base, o, state.cursor, PAGE);
      if (page === 'expired') {
        o.print('! the saved position is older than the server keeps events: starting again from now (events in between were not forwarded)');
        Object.assign(state, { cursor: await endOfFeed(base, o), forwarded: [] });
        saveState(o.stateFile, state);
        continue;
      }
      for (const item of page.items) {
        if (state.forwarded.includes(item.id)) continue;
        await forward(o, state.secret, item);
        state.forwarded.push(item.id);
        saveState(o.stateFile, state);
        if (o.signal.aborted) return;
      }
      Object.assign(state, { cursor: page.next_cursor, forwarded: [] });
      saveState(o.stateFile, state);
      if (page.items.length < PAGE) await sleep(o.pollMs, undefined, { signal: o.signal });
    }
  } catch (error) {
    if (!o.signal.aborted) throw error;
  }
}
