/**
 * An organization's events in commit order, one keyset page at a time: the position is
 * (tx_id, seq), and only events below the finished-transaction horizon are read, so a page never
 * shows an event before one that could still commit ahead of it (storage/commit-horizon.ts).
 */
import { finishedTxHorizon } from '../storage/commit-horizon.ts';
import { readJson } from '../storage/codecs.ts';
import type { Storage } from '../storage/storage.ts';

/** Where a reader stands: after the event at (tx, seq); (0, 0) is before the first. */
export interface FeedPosition {
  tx: number;
  seq: number;
}

export const FEED_START: FeedPosition = { tx: 0, seq: 0 };

export interface FeedFilter {
  /** Event names to read (never empty). */
  names: readonly string[];
  /** Entity types to read (never empty). */
  entityTypes: readonly string[];
}

export interface FeedEvent {
  position: FeedPosition;
  id: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Where the feed is read: the storage's connection, and whether its rows can commit out of order. */
export type FeedSource = Pick<Storage, 'db' | 'dialect'>;

/** Up to `limit` events after `after`, oldest commit first. */
export async function readFeed(source: FeedSource, orgId: string, after: FeedPosition, filter: FeedFilter, limit: number): Promise<FeedEvent[]> {
  const horizon = await finishedTxHorizon(source.db, source.dialect);
  const page = (from: FeedPosition, copied: boolean | undefined, count: number) => {
    let query = source.db
      .selectFrom('events')
      .select(['tx_id', 'seq', 'id', 'event', 'data', 'created_at'])
      .where('org_id', '=', orgId)
      .where((eb) => eb(eb.refTuple('tx_id', 'seq'), '>', eb.tuple(from.tx, from.seq)))
      .where('event', 'in', filter.names)
      .where('entity_type', 'in', filter.entityTypes);
    if (horizon !== undefined) query = query.where('tx_id', '<', horizon);
    if (copied !== undefined) query = query.where('tx_id', copied ? '>' : '=', 0);
    return query.orderBy('tx_id').orderBy('seq').limit(count).execute();
  };
  let rows;
  if (horizon !== undefined) {
    rows = await page(after, undefined, limit);
  } else {
    // SQLite stamps every event 0. Events stamped otherwise were copied from PostgreSQL
    // (`copy`) and come first, so that a position taken there goes on here: after them, the
    // events written here, in their own order.
    const copied = after.tx > 0 || after.seq === 0 ? await page(after, true, limit) : [];
    const here = copied.length < limit ? await page({ tx: 0, seq: after.tx > 0 ? 0 : after.seq }, false, limit - copied.length) : [];
    rows = [...copied, ...here];
  }
  return rows.map((r) => ({
    position: { tx: Number(r.tx_id), seq: Number(r.seq) },
    id: r.id,
    name: r.event,
    data: readJson<Record<string, unknown>>(r.data),
    createdAt: r.created_at,
  }));
}
