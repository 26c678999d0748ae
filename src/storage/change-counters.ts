/**
 * Per-organization, per-collection change counters: a write bumps its collection's counter in
 * the writer's own transaction, so a reader that reads the counter before the rows never pairs
 * an old page with a new counter, in any process. On PostgreSQL a bump goes to one of several
 * slots (the counter is their sum), so writers of one hot collection do not queue on one row
 * lock until they commit; SQLite writes one at a time and keeps one slot.
 */
import { RowReader, runWrite, usesNumberedPlaceholders } from './statements.ts';
import type { Db } from './statements.ts';
import type { Storage } from './storage.ts';

const POSTGRES_SLOTS = 8;

export const collectionChangesMigration = (t: { bigint: string }): string[] => [
  `CREATE TABLE collection_changes (
    org_id TEXT NOT NULL,
    collection TEXT NOT NULL,
    slot INTEGER NOT NULL,
    version ${t.bigint} NOT NULL,
    PRIMARY KEY (org_id, collection, slot)
  )`,
];

const BUMP =
  'insert into collection_changes (org_id, collection, slot, version) values (?, ?, ?, 1) ' +
  'on conflict (org_id, collection, slot) do update set version = collection_changes.version + 1';
const READ = 'select coalesce(sum(version), 0) from collection_changes where org_id = ? and collection = ?';

const reader = new RowReader();

/** Records a change of `collection` in the organization; run it on the writer's transaction. */
export async function bumpCollection(db: Db, orgId: string, collection: string): Promise<void> {
  const slot = usesNumberedPlaceholders(db) ? Math.floor(Math.random() * POSTGRES_SLOTS) : 0;
  await runWrite(db, BUMP, [orgId, collection, slot], true);
}

/** The collection's counter: it grows with every committed change, and only then. */
export async function collectionVersion(db: Db, orgId: string, collection: string): Promise<number> {
  const rows = await reader.rows(db, READ, [orgId, collection]);
  return Number(rows[0]?.[0] ?? 0);
}

/** Counters read while the storage's read stamp stood at `stamp`, per storage. */
const known = new WeakMap<Storage, { stamp: number; counters: Map<string, number> }>();
const MAX_KNOWN = 10_000;

/**
 * collectionVersion through the storage's read stamp: while no write has run since a counter
 * was read, the counter read then is still the counter (SQLite: no statement, no file lock).
 * Where the storage has no stamp (PostgreSQL) every call reads the database.
 */
export async function currentCollectionVersion(storage: Storage, orgId: string, collection: string): Promise<number> {
  const stamp = storage.readStamp();
  if (stamp === undefined) return collectionVersion(storage.db, orgId, collection);
  let cache = known.get(storage);
  if (cache === undefined || cache.stamp !== stamp) {
    cache = { stamp, counters: new Map() };
    known.set(storage, cache);
  }
  const key = `${orgId}\n${collection}`;
  const hit = cache.counters.get(key);
  if (hit !== undefined) return hit;
  const version = await collectionVersion(storage.db, orgId, collection);
  // A write that ran meanwhile moved the stamp: this entry then belongs to a stale generation.
  if (cache.counters.size >= MAX_KNOWN) cache.counters.clear();
  cache.counters.set(key, version);
  return version;
}
