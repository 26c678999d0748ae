/**
 * Conditional reads: list pages and single records carry an ETag, and If-None-Match with the
 * current one is answered 304 without reading a row while nothing in the collection changed.
 * What decides "changed" is the collection's change counter (storage/change-counters.ts),
 * read from the database (or, on SQLite, known while no write has run since), so a change
 * committed by any process is seen. The same rule lets an answer serialized earlier be sent
 * again while the counter has not moved (http/response-cache.ts).
 */
import { createHash } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from './access.ts';
import { currentCollectionVersion, knownCollectionVersion } from '../storage/change-counters.ts';
import type { Storage } from '../storage/storage.ts';
import { ResponseCache } from './response-cache.ts';
import type { CachedAnswer } from './response-cache.ts';
import { etagOf } from './versions.ts';

/** What a conditional read names: the stored collection its records come from. */
export interface Collection {
  readonly table: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const MB = 1024 * 1024;
/**
 * The kept answers take at most an eighth of the heap's limit (BIZPLAT_HEAP_LIMIT_MB, bin/heap-limit.mjs),
 * and never more than 80 MB, counted at two bytes a character (a string holding any non-Latin-1
 * character takes two): four fifths for pages, the rest for records. Under node's own limit that
 * is 32 and 8 million characters, as before there was a limit (docs/performance.md, "Server memory").
 */
const KEPT_BYTES = Math.min(getHeapStatistics().heap_size_limit / 8, 80 * MB);
const PAGE_CACHE_CHARS = Math.floor((KEPT_BYTES * 0.8) / 2);
const RECORD_CACHE_CHARS = Math.floor((KEPT_BYTES * 0.2) / 2);

const caches = new WeakMap<Storage, { pages: ResponseCache; records: ResponseCache }>();

function cachesOf(storage: Storage): { pages: ResponseCache; records: ResponseCache } {
  let found = caches.get(storage);
  if (found === undefined) {
    found = { pages: new ResponseCache(PAGE_CACHE_CHARS), records: new ResponseCache(RECORD_CACHE_CHARS) };
    caches.set(storage, found);
  }
  return found;
}

/**
 * How a GET route answers If-None-Match (its spec's `conditional`; route() applies it, so a
 * route declaring ETag and 304 cannot forget to send them). `visibleAs` names whatever else
 * decides what this caller sees (see conditionalList); the handler receives the same value.
 */
export interface ConditionalRead {
  /** `version`: a single record tagged with its version; `collection`: tagged with the counter and the request. */
  readonly tag: 'version' | 'collection';
  readonly collection: Collection;
  readonly visibleAs?: (request: FastifyRequest) => string;
}

/** Pages, and records without a version of their own (warehouses, movements). */
export function taggedByCollection(collection: Collection, visibleAs?: (request: FastifyRequest) => string): ConditionalRead {
  return { tag: 'collection', collection, ...(visibleAs ? { visibleAs } : {}) };
}

/** A record read by its `id` parameter and answered with its `version`, which becomes the tag. */
export function taggedByVersion(collection: Collection, visibleAs?: (request: FastifyRequest) => string): ConditionalRead {
  return { tag: 'version', collection, ...(visibleAs ? { visibleAs } : {}) };
}

/**
 * The `visibleAs` of a domain whose readers see different records: 'all' for whoever
 * `seesAll`, else the reader's own user id (each sees their own share).
 */
export function readerTag(seesAll: (actor: Actor) => boolean): (request: FastifyRequest) => string {
  return (request) => (seesAll(request.actor) ? 'all' : `user:${request.actor.userId}`);
}

/**
 * Runs `answer` (the route's handler) under the route's conditional read. Undefined when the
 * answer was sent at once (a kept answer or a 304 while the counter is known, see
 * knownCollectionVersion): the common poll makes no promise.
 */
export function answerConditionally(
  read: ConditionalRead,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: (visibleAs: string) => Promise<unknown>,
): Promise<unknown> | undefined {
  const visibleAs = read.visibleAs?.(request) ?? '';
  if (read.tag === 'collection') return conditionalList(request, reply, read.collection, () => answer(visibleAs), visibleAs);
  const params = request.params;
  const id = typeof params === 'object' && params !== null && 'id' in params && typeof params.id === 'string' ? params.id : undefined;
  if (id === undefined) throw new Error(`${request.routeOptions.url ?? request.url}: a record tagged by version needs an id parameter`);
  return conditionalRecord(request, reply, read.collection, id, () => answer(visibleAs), visibleAs);
}

function versionOf(record: unknown): number {
  if (typeof record === 'object' && record !== null && 'version' in record && typeof record.version === 'number') return record.version;
  throw new Error('a record tagged by version was answered without a numeric version');
}

/**
 * A list page: its tag covers the collection's counter, the organization, the request's path
 * and query, and `visibleAs` (whatever else decides what this caller sees: who may see what, or
 * the date a computed field is measured against, such as a receivable's overdue status; '' while
 * the stored rows alone decide), so two callers, two queries or two days never share a tag, nor
 * an answer kept for the tag. The counter is read before the rows, so a tag is never newer than
 * the page it labels.
 */
function conditionalList(
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  read: () => Promise<unknown>,
  visibleAs = '',
): Promise<FastifyReply> | undefined {
  const storage = request.server.storage;
  const orgId = request.actor.orgId;
  const covered = `${collection.table}\n${orgId}\n${visibleAs}\n${request.url}`;
  const known = knownCollectionVersion(storage, orgId, collection.table);
  if (known !== undefined && keptPageSent(request, reply, covered, known)) return undefined;
  return readList(request, reply, collection, covered, read, known);
}

/** Sends the 304 or the kept page for `version` and returns true; false when the page must be read. */
function keptPageSent(request: FastifyRequest, reply: FastifyReply, covered: string, version: number): boolean {
  const tag = listTag(covered, version);
  if (namesTag(request, tag)) {
    reply.header('etag', tag).code(304).send();
    return true;
  }
  const kept = cachesOf(request.server.storage).pages.get(covered, version);
  if (kept === undefined) return false;
  reply.header('etag', tag).type(JSON_TYPE).send(kept.body);
  return true;
}

async function readList(request: FastifyRequest, reply: FastifyReply, collection: Collection, covered: string, read: () => Promise<unknown>, known: number | undefined): Promise<FastifyReply> {
  const storage = request.server.storage;
  const version = known ?? (await currentCollectionVersion(storage, request.actor.orgId, collection.table));
  if (known === undefined && keptPageSent(request, reply, covered, version)) return reply;
  const tag = listTag(covered, version);
  reply.header('etag', tag);
  const body = reply.serialize(await read()) as string;
  cachesOf(storage).pages.set(covered, version, tag, body);
  return reply.type(JSON_TYPE).send(body);
}

const scopes = new Map<string, string>();
const MAX_SCOPES = 20_000;

/** A list page's ETag: the counter and the digest of what else it covers. */
function listTag(covered: string, version: number): string {
  return `"${version}-${scopeOf(covered)}"`;
}

/** A short digest of what a list tag covers besides the counter (the organization id is not shown). */
function scopeOf(covered: string): string {
  let scope = scopes.get(covered);
  if (scope === undefined) {
    if (scopes.size >= MAX_SCOPES) scopes.clear();
    scope = createHash('sha256').update(covered).digest('base64url').slice(0, 22);
    scopes.set(covered, scope);
  }
  return scope;
}

/**
 * A single record, tagged with its version (the value If-Match takes). While the collection's
 * counter has not moved since this process last answered for the record (as the same
 * `visibleAs`), that answer is the answer: a 304 when If-None-Match names its tag, else its
 * body, without reading the row. The counter costs no statement on SQLite (storage.readStamp)
 * and a share of one statement on PostgreSQL (currentCollectionVersion), less than the row.
 */
function conditionalRecord(
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  id: string,
  read: () => Promise<unknown>,
  visibleAs = '',
): Promise<FastifyReply> | undefined {
  const storage = request.server.storage;
  const orgId = request.actor.orgId;
  const key = `${collection.table}\n${orgId}\n${visibleAs}\n${id}`;
  const known = knownCollectionVersion(storage, orgId, collection.table);
  if (known !== undefined && keptRecordSent(request, reply, cachesOf(storage).records.get(key, known))) return undefined;
  return readRecord(request, reply, collection, key, read);
}

/** Sends the kept answer (or 304 for its tag) and returns true; false when there is none. */
function keptRecordSent(request: FastifyRequest, reply: FastifyReply, kept: CachedAnswer | undefined): boolean {
  if (kept === undefined) return false;
  reply.header('etag', kept.tag);
  if (namesTag(request, kept.tag)) reply.code(304).send();
  else reply.type(JSON_TYPE).send(kept.body);
  return true;
}

async function readRecord(request: FastifyRequest, reply: FastifyReply, collection: Collection, key: string, read: () => Promise<unknown>): Promise<FastifyReply> {
  const storage = request.server.storage;
  const counter = await currentCollectionVersion(storage, request.actor.orgId, collection.table);
  const records = cachesOf(storage).records;
  if (keptRecordSent(request, reply, records.get(key, counter))) return reply;
  const record = await read();
  const tag = etagOf(versionOf(record));
  const body = reply.serialize(record) as string;
  records.set(key, counter, tag, body);
  reply.header('etag', tag);
  if (namesTag(request, tag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(body);
}

/** If-None-Match lists `tag` (or `*`); weak and strong forms compare alike. */
function namesTag(request: FastifyRequest, tag: string): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm !== 'string') return false;
  // What a poller sends back: the one tag it was given.
  if (inm === tag) return true;
  return inm.split(',').some((v) => {
    const candidate = v.trim().replace(/^W\//, '');
    return candidate === tag || candidate === '*';
  });
}
