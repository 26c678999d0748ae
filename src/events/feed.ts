/**
 * An organization's events in commit order, one keyset page at a time: the position is
 * (tx_id, seq), and only events below the finished-transaction horizon are read, so a page never
 * shows an event before one that could still commit ahead of it (storage/commit-horizon.ts).
 */
import type { Kysely } from 'kysely';
import { finishedTxHorizon } from '../storage/commit-horizon.ts';
import { readJson } from '../storage/codecs.ts';
import type { Database } from '../storage/schema.ts';
import type { Dialect } from '../storage/storage.ts';

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

/** Up to `limit` events after `after`, oldest commit first. */
export async function readFeed(db: Kysely<Database>, dialect: Dialect, orgId: string, after: FeedPosition, filter: FeedFilter, limit: number, withRecords = false): Promise<FeedEvent[]> {
  const horizon = await finishedTxHorizon(db, dialect);
  let query = db
    .selectFrom('events')
    .select(['tx_id', 'seq', 'id', 'event', 'data', 'created_at'])
    .$if(withRecords, (q) => q.select('record'))
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.refTuple('tx_id', 'seq'), '>', eb.tuple(after.tx, after.seq)))
    .where('event', 'in', filter.names)
    .where('entity_type', 'in', filter.entityTypes);
  if (horizon !== undefined) query = query.where('tx_id', '<', horizon);
  const rows = await query.orderBy('tx_id').orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({
    position: { tx: Number(r.tx_id), seq: Number(r.seq) },
    id: r.id,
    name: r.event,
    data: readJson<Record<string, unknown>>(r.data),
    record: 'record' in r && r.record !== null && r.record !== undefined ? readJson<Record<string, unknown>>(r.record) : null,
    createdAt: r.created_at,
  }));
}
