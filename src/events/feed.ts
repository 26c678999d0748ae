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
  /** The record after the change, when the writer gave it; read only when asked for. */
  record: Record<string, unknown> | null;
  createdAt: string;
}

/** Where the feed is read: the storage's connection, and whether its rows can commit out of order. */
export type FeedSource = Pick<Storage, 'db' | 'dialect'>;

/** Up to `limit` events after `from`, oldest commit first. */
export async function readFeed(source: FeedSource, orgId: string, from: FeedPosition, filter: FeedFilter, limit: number, withRecords = false): Promise<FeedEvent[]> {
  const horizon = await finishedTxHorizon(source.db, source.dialect);
  /** Events of transaction `tx` after `seq`, or (seq undefined) of the transactions after `tx`, up to `count`: one index range. */
  const page = async (tx: number, seq: number | undefined, count: number) => {
    if (count <= 0) return [];
    let query = source.db
      .selectFrom('events')
      .select(['tx_id', 'seq', 'id', 'event', 'data', 'created_at'])
      .$if(withRecords, (q) => q.select('record'))
      .where('org_id', '=', orgId)
      .where('event', 'in', filter.names)
      .where('entity_type', 'in', filter.entityTypes);
    query = seq === undefined ? query.where('tx_id', '>', tx) : query.where('tx_id', '=', tx).where('seq', '>', seq);
    if (horizon !== undefined) query = query.where('tx_id', '<', horizon);
    return query.orderBy('tx_id').orderBy('seq').limit(count).execute();
  };
  // The rest of the reader's transaction, then the transactions after it. Two plain ranges, not
  // one row-value comparison: SQLite bounds its index by the first column of a row value only, so
  // `(tx_id, seq) > (?, ?)` read every earlier event of the organization.
  const after = async (from: FeedPosition, count: number) => {
    const rest = await page(from.tx, from.seq, count);
    return [...rest, ...(await page(from.tx, undefined, count - rest.length))];
  };
  let rows;
  if (horizon !== undefined) {
    rows = await after(from, limit);
  } else {
    // SQLite stamps every event 0. Events stamped otherwise were copied from PostgreSQL
    // (`copy`) and come first, so that a position taken there goes on here: after them, the
    // events written here, in their own order.
    const copied = from.tx > 0 ? await after(from, limit) : from.seq === 0 ? await page(0, undefined, limit) : [];
    const here = await page(0, from.tx > 0 ? 0 : from.seq, limit - copied.length);
    rows = [...copied, ...here];
  }
  return rows.map((r) => ({
    position: { tx: Number(r.tx_id), seq: Number(r.seq) },
    id: r.id,
    name: r.event,
    data: readJson<Record<string, unknown>>(r.data),
    record: 'record' in r && r.record !== null && r.record !== undefined ? readJson<Record<string, unknown>>(r.record) : null,
    createdAt: r.created_at,
  }));
}
