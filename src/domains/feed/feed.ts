/** The events feed (GET /events): every catalog event of the organization, in commit order. */
import { FEED_START, readFeed } from '../../events/feed.ts';
import type { FeedEvent, FeedFilter, FeedPosition, FeedSource } from '../../events/feed.ts';
import { retentionCutoff } from '../../events/retention.ts';
import { forbidden, gone, invalidField } from '../../http/errors.ts';
import type { Sealer } from '../../platform/sealer.ts';
import { isoWithOffset } from '../../storage/codecs.ts';
import type { RecordSight } from '../module.ts';
import type { FeedActor } from './actor.ts';
import type { FeedCatalog } from './catalog.ts';
import type { EventFeedInput, EventFeedPageOut } from './schemas.ts';

const CURSOR_PURPOSE = 'events-feed-cursor';
/** Events read at a time while a page fills with those the reader may see. */
const FEED_CHUNK = 100;

/** Where a cursor stands, and the time up to which the reader is known to have read everything before it. */
interface Cursor extends FeedPosition {
  readAt: number;
}

/** Sealed with the server key and bound to the organization: opaque, and only opens there. */
function encodeCursor(sealer: Sealer, orgId: string, cursor: Cursor): string {
  return sealer.seal(CURSOR_PURPOSE, orgId, `f1:${cursor.tx}:${cursor.seq}:${cursor.readAt}`);
}

function decodeCursor(sealer: Sealer, orgId: string, text: string): Cursor {
  const match = /^f1:(\d{1,19}):(\d{1,19}):(\d{1,15})$/.exec(sealer.open(CURSOR_PURPOSE, orgId, text) ?? '');
  if (!match) throw invalidField('cursor', 'is not a next_cursor this API returned');
  return { tx: Number(match[1]), seq: Number(match[2]), readAt: Number(match[3]) };
}

/** The entity types this token may read events of: every one with admin:all, else those of its read scopes. */
function readableTypes(actor: FeedActor, catalog: FeedCatalog): string[] {
  const all = actor.scopes.includes('admin:all');
  return [...catalog.readScopes].filter(([, scope]) => all || actor.scopes.includes(scope)).map(([type]) => type);
}

function requestedNames(types: string | undefined, catalog: FeedCatalog): readonly string[] {
  if (types === undefined) return catalog.names;
  const names = types.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (names.length === 0) throw invalidField('types', 'must name at least one event, or *');
  if (names.includes('*')) return catalog.names;
  const unknown = names.find((n) => !catalog.names.includes(n));
  if (unknown !== undefined) throw invalidField('types', `"${unknown}" is not an event of the catalog (${catalog.names.join(', ')}, or *)`);
  return names;
}

/** Of these events, the ids of those about records the reader may see. */
async function visibleIds(ctx: FeedContext, actor: FeedActor, events: readonly FeedEvent[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const byType = new Map<RecordSight, FeedEvent[]>();
  for (const e of events) {
    const sight = ctx.catalog.sights.get(String(e.data.entityType));
    if (sight === undefined) seen.add(e.id);
    else byType.set(sight, [...(byType.get(sight) ?? []), e]);
  }
  for (const [sight, list] of byType) {
    const visible = await sight(ctx.storage.db, actor, [...new Set(list.map((e) => String(e.data.entityId)))]);
    for (const e of list) if (visible.has(String(e.data.entityId))) seen.add(e.id);
  }
  return seen;
}

/**
 * Up to `limit` events the reader may see, after `from`, reading on past the ones about records
 * out of their sight; the position is the last event read (seen or not), so none is read twice
 * and a page shorter than `limit` still means the end of what has committed.
 */
async function readVisible(ctx: FeedContext, actor: FeedActor, from: FeedPosition, filter: FeedFilter, limit: number, withRecords: boolean): Promise<{ events: FeedEvent[]; position: FeedPosition; lastReadAt: string | undefined }> {
  const events: FeedEvent[] = [];
  let position = from;
  let lastReadAt: string | undefined;
  // A page's worth first (all of it, for a reader who sees every event), more only past unseen ones.
  let chunkSize = limit;
  for (;;) {
    const chunk = await readFeed(ctx.storage, actor.orgId, position, filter, chunkSize, withRecords);
    const seen = await visibleIds(ctx, actor, chunk);
    for (const e of chunk) {
      position = e.position;
      lastReadAt = e.createdAt;
      if (seen.has(e.id)) events.push(e);
      if (events.length === limit) return { events, position, lastReadAt };
    }
    if (chunk.length < chunkSize) return { events, position, lastReadAt };
    chunkSize = Math.max(limit, FEED_CHUNK);
  }
}

export interface FeedContext {
  storage: FeedSource;
  sealer: Sealer;
  catalog: FeedCatalog;
  retentionDays: number;
}

/**
 * A page of events after the cursor. A cursor from before the retention cut-off answers 410: the
 * events after it may have been pruned, so the reader must start again (from its own records).
 */
export async function readEvents(ctx: FeedContext, actor: FeedActor, query: EventFeedInput): Promise<EventFeedPageOut> {
  const { catalog, sealer } = ctx;
  const readable = readableTypes(actor, catalog);
  const scopes = [...new Set(catalog.readScopes.values())];
  if (readable.length === 0) {
    throw forbidden('insufficient_scope', `the events feed needs admin:all or the read scope of the events' records (${scopes.join(', ')})`, { required_scope: 'admin:all', accepted_scopes: ['admin:all', ...scopes] });
  }
  let entityTypes = readable;
  if (query.entity_type !== undefined) {
    const scope = catalog.readScopes.get(query.entity_type);
    if (scope === undefined) throw invalidField('entity_type', `is not a kind of record the feed carries (${[...catalog.readScopes.keys()].join(', ')})`);
    if (!readable.includes(query.entity_type)) throw forbidden('insufficient_scope', `events about ${query.entity_type} need the scope ${scope} or admin:all`, { required_scope: scope });
    entityTypes = [query.entity_type];
  }
  const names = requestedNames(query.types, catalog);
  const cursor = query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(sealer, actor.orgId, query.cursor);
  const cutoff = Date.parse(retentionCutoff(ctx.retentionDays));
  if (cursor !== undefined && cursor.readAt < cutoff) {
    throw gone('cursor_expired', `the cursor is older than the event retention period (${ctx.retentionDays} days): events after it may have been deleted; read the records again and start the feed without a cursor`, {
      retention_days: ctx.retentionDays,
    });
  }
  const { events, position, lastReadAt } = await readVisible(ctx, actor, cursor ?? FEED_START, { names, entityTypes }, query.limit, query.include === 'record');
  // A full page: the reader stands at its last event. A short one read everything committed so
  // far: the reader is current as of now, so an idle feed's cursor never expires.
  const full = events.length === query.limit && lastReadAt !== undefined;
  const next: Cursor = { ...position, readAt: full ? Date.parse(lastReadAt) : Date.now() };
  return {
    items: events.map((e) => {
      const { entityType, entityId, ...context } = e.data;
      const record = e.record === null ? {} : { record: e.record };
      return { id: e.id, event: e.name, data: { entityType: String(entityType), entityId: String(entityId), ...context, ...record }, ts: isoWithOffset(e.createdAt) };
    }),
    next_cursor: encodeCursor(sealer, actor.orgId, next),
  };
}
