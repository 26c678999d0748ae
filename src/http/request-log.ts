import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';

const MAX_LOGGED_NAMES = 20;
const MAX_STACK_FRAMES = 20;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);
/** A character logSafe() may have to write out: text without one is kept as it is. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const MAYBE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * Text from a request (a parameter name, a URL, an error message quoting a value) as a log may
 * hold it: at most `max` characters, control characters and unpaired surrogates written as
 * `\uXXXX`, so a log line can neither be forged nor drive a terminal, and stays valid UTF-8.
 */
function logSafe(text: string, max = 200): string {
  // Every request's host passes here: the common case costs one scan, not a copy per character.
  if (text.length <= max && !MAYBE_UNSAFE.test(text)) return text;
  const cut = text.length > max ? text.slice(0, max) : text;
  let out = '';
  for (let i = 0; i < cut.length; i++) {
    const c = cut.charCodeAt(i);
    if (isHigh(c) && i + 1 < cut.length && isLow(cut.charCodeAt(i + 1))) {
      out += cut.slice(i, i + 2);
      i++;
    } else if (isControl(c) || isHigh(c) || isLow(c)) {
      out += `\\u${c.toString(16).padStart(4, '0')}`;
    } else {
      out += cut[i];
    }
  }
  return text.length > max ? `${out}… (${text.length} characters)` : out;
}

/**
 * An unexpected error as the log holds it: its type, code, message (made safe) and stack frames;
 * never the driver's further fields (PostgreSQL's `detail` and `where` quote the values sent).
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: logSafe(String(error)) };
  const code = 'code' in error && typeof error.code === 'string' ? { code: logSafe(error.code, 40) } : {};
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => logSafe(line.trim(), 300));
  return { type: logSafe(error.name, 60), ...code, message: logSafe(error.message, 500), stack: frames };
}

function queryNames(url: string): string[] {
  const at = url.indexOf('?');
  if (at === -1) return [];
  const names = new Set<string>();
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) {
    if (names.size === MAX_LOGGED_NAMES) break;
    names.add(logSafe(name, 64));
  }
  return [...names];
}

/**
 * How a request appears in the logs: its route (the pattern, such as /clients/:id) and the names
 * of its query parameters, never their values (search terms can hold personal data) unless
 * `withQueryValues` (BIZPLAT_LOG_QUERY_VALUES, for debugging) adds the whole URL. Bodies are
 * never logged.
 */
export function requestLogSerializer(withQueryValues: boolean): (request: FastifyRequest) => Record<string, unknown> {
  // requestLogText below writes the same object as JSON text: change both together.
  return (request) => ({
    method: request.method,
    route: request.routeOptions?.url ?? null,
    query: queryNames(request.url),
    ...(withQueryValues ? { url: logSafe(request.url, 2000) } : {}),
    host: logSafe(request.host, 256),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

const NO_NAMES = '[]';

/** Query texts (short ones) and their names as JSON: clients repeat their queries, a poll always. */
const namesTexts = new Map<string, string>();
const MAX_NAMES_TEXTS = 1000;
const MAX_KEPT_QUERY = 256;

function queryNamesText(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return NO_NAMES;
  const query = url.slice(at + 1);
  const kept = namesTexts.get(query);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(queryNames(url));
  if (query.length <= MAX_KEPT_QUERY) {
    if (namesTexts.size >= MAX_NAMES_TEXTS) namesTexts.clear();
    namesTexts.set(query, text);
  }
  return text;
}

/** The end of a connection's request text (host, address, port), kept on its socket for the host it was made for. */
const PEER_TEXT = Symbol('logged peer');
type LoggedSocket = Socket & { [PEER_TEXT]?: { host: string; text: string } };

function peerText(request: FastifyRequest): string {
  const socket: LoggedSocket | undefined = request.socket;
  const host = request.host;
  const kept = socket?.[PEER_TEXT];
  if (kept !== undefined && kept.host === host) return kept.text;
  const port = socket?.remotePort;
  const ip = request.ip;
  const text =
    `,"host":${JSON.stringify(logSafe(host, 256))}` +
    (ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(ip)}`) +
    (port === undefined ? '' : `,"remotePort":${port}`) +
    '}';
  if (socket !== undefined) socket[PEER_TEXT] = { host, text };
  return text;
}

/**
 * JSON.stringify(requestLogSerializer(withQueryValues)(request)), written directly: the access
 * log line of every request holds it, and building the object to stringify it was most of that
 * line's cost. Only the texts that come from the request are escaped by JSON.stringify, and
 * what a kept-alive connection repeats is written once for it.
 */
export function requestLogText(withQueryValues: boolean): (request: FastifyRequest) => string {
  return (request) => {
    const route = request.routeOptions?.url;
    return (
      `{"method":${JSON.stringify(request.method)},"route":${route === undefined ? 'null' : JSON.stringify(route)}` +
      `,"query":${queryNamesText(request.url)}` +
      (withQueryValues ? `,"url":${JSON.stringify(logSafe(request.url, 2000))}` : '') +
      peerText(request)
    );
  };
}
