/**
 * Conditional reads: list pages and single records carry an ETag, and If-None-Match with the
 * current one is answered 304 without reading a row while nothing in the collection changed.
 * What decides "changed" is the collection's change counter (storage/change-counters.ts),
 * read from the database on every request, so a change committed by any process is seen.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectionVersion } from '../storage/change-counters.ts';
import { etagOf } from './versions.ts';

/** What a conditional read names: the stored collection its records come from. */
export interface Collection {
  readonly table: string;
}

/**
 * A list page: its tag covers the collection's counter, the organization, the request's path
 * and query, and `visibleAs` (whatever else decides what this caller sees: who may see what, or
 * the date a computed field is measured against, such as a receivable's overdue status; '' while
 * the stored rows alone decide), so two callers, two queries or two days never share a tag. The counter is read before the rows, so a tag is never newer than the page it labels.
 */
export async function conditionalList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  read: () => Promise<T>,
  visibleAs = '',
): Promise<T | FastifyReply> {
  const orgId = request.actor.orgId;
  const version = await collectionVersion(request.server.storage.db, orgId, collection.table);
  const tag = `"${version}-${scopeOf(`${collection.table}\n${orgId}\n${visibleAs}\n${request.url}`)}"`;
  reply.header('etag', tag);
  if (namesTag(request, tag)) return reply.code(304).send();
  return read();
}

const scopes = new Map<string, string>();
const MAX_SCOPES = 20_000;

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

/** The collection counter and record version last read for a record, per process. */
const seen = new Map<string, { collection: number; version: number }>();
const MAX_SEEN = 20_000;

/**
 * A single record, tagged with its version (the value If-Match takes). When If-None-Match
 * names the version this process last read for it and the collection's counter has not moved
 * since, the answer is 304 without reading the row; otherwise the record is read.
 */
export async function conditionalRecord<T extends { version: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  collection: Collection,
  id: string,
  read: () => Promise<T>,
): Promise<T | FastifyReply> {
  const orgId = request.actor.orgId;
  const key = `${collection.table}\n${orgId}\n${id}`;
  const inm = request.headers['if-none-match'];
  const counter = inm === undefined ? undefined : await collectionVersion(request.server.storage.db, orgId, collection.table);
  const known = seen.get(key);
  if (counter !== undefined && known !== undefined && known.collection === counter && namesTag(request, etagOf(known.version))) {
    reply.header('etag', etagOf(known.version));
    return reply.code(304).send();
  }
  const record = await read();
  if (counter !== undefined) {
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(key, { collection: counter, version: record.version });
  }
  const tag = etagOf(record.version);
  reply.header('etag', tag);
  if (namesTag(request, tag)) return reply.code(304).send();
  return record;
}

/** If-None-Match lists `tag` (or `*`); weak and strong forms compare alike. */
function namesTag(request: FastifyRequest, tag: string): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm !== 'string') return false;
  return inm.split(',').some((v) => {
    const candidate = v.trim().replace(/^W\//, '');
    return candidate === tag || candidate === '*';
  });
}
