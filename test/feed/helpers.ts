import assert from 'node:assert/strict';
import { PATIENCE_MS } from '../helpers/patience.ts';

export interface FeedItem {
  id: string;
  event: string;
  data: { entityType: string; entityId: string; version?: number } & Record<string, unknown>;
  ts: string;
}

export interface FeedPage {
  items: FeedItem[];
  next_cursor: string;
}

/** One page of GET /events through `get` (inject or fetch), asserting a 200. */
export type PageReader = (query: Record<string, string>) => Promise<FeedPage>;

/** A write a writer made: its event (entity and version) and when the request was sent and answered. */
export interface Write {
  entityId: string;
  version: number;
  sentAt: number;
  answeredAt: number;
}

/**
 * Pages the feed with `read` until the writers are done and `expected` events were read (on
 * PostgreSQL an event shows once every older transaction in the server has ended, a moment after
 * its own commit), or the tests' patience after the writers were done; returns every item in the order read,
 * asserting no id arrives twice.
 */
export async function consume(read: PageReader, done: () => boolean, limit: number, expected: () => number): Promise<FeedItem[]> {
  const seen: FeedItem[] = [];
  const ids = new Set<string>();
  let cursor: string | undefined;
  let doneAt: number | undefined;
  for (;;) {
    if (doneAt === undefined && done()) doneAt = Date.now();
    const page = await read({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    for (const item of page.items) {
      assert.ok(!ids.has(item.id), `event ${item.id} was read twice`);
      ids.add(item.id);
      seen.push(item);
    }
    cursor = page.next_cursor;
    if (doneAt !== undefined && page.items.length < limit && (seen.length >= expected() || Date.now() - doneAt > PATIENCE_MS)) return seen;
    if (page.items.length < limit) await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Every write's event was read exactly once, in commit order: the versions of one record in
 * order, and a write answered before another was sent comes first.
 */
export function assertCommitOrder(items: FeedItem[], writes: Write[]): void {
  const key = (entityId: string, version: number) => `${entityId}@${version}`;
  const index = new Map(items.map((item, i) => [key(item.data.entityId, Number(item.data.version)), i]));
  assert.equal(items.length, writes.length, 'one event per committed write, none twice');
  for (const w of writes) assert.ok(index.has(key(w.entityId, w.version)), `the event of ${key(w.entityId, w.version)} was read`);
  const byAnswer = [...writes].sort((a, b) => a.answeredAt - b.answeredAt);
  const bySent = [...writes].sort((a, b) => a.sentAt - b.sentAt);
  // For each write, every write answered before it was sent must precede it.
  let j = 0;
  let latest = -1;
  let latestKey = '';
  for (const w of bySent) {
    while (j < byAnswer.length && byAnswer[j]!.answeredAt < w.sentAt) {
      const done = byAnswer[j]!;
      const at = index.get(key(done.entityId, done.version))!;
      if (at > latest) {
        latest = at;
        latestKey = key(done.entityId, done.version);
      }
      j++;
    }
    const here = index.get(key(w.entityId, w.version))!;
    assert.ok(here > latest, `${key(w.entityId, w.version)} was sent after ${latestKey} was answered, yet comes before it in the feed`);
  }
}
