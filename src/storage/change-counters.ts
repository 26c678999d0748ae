/**
 * Per-organization, per-collection change counters: a write bumps its collection's counter in
 * the writer's own transaction, so a reader that reads the counter before the rows never pairs
 * an old page with a new counter, in any process. On PostgreSQL a bump goes to one of several
 * slots (the counter is their sum), so writers of one hot collection do not queue on one row
 * lock until they commit; SQLite writes one at a time and keeps one slot.
 */
import { deferToCommit } from './before-commit.ts';
import { RowReader, runUnansweredWrite, usesNumberedPlaceholders } from './statements.ts';
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

/**
 * A stored collection whose change counter tags its lists and records (see http/conditional.ts):
 * a resource (resource.ts), or rows written by a domain's own SQL (defineCollection).
 */
export interface Collection {
  /** The counter's name: the collection's main table. */
  readonly table: string;
  /** Records a change of the collection in the organization; run it on the writer's transaction. */
  bump(db: Db, orgId: string): Promise<void>;
}

/** A collection written outside resource.ts, named by its main table. */
export function defineCollection(table: string): Collection {
  return { table, bump: (db, orgId) => bumpCollection(db, orgId, table) };
}

/**
 * Records a change of `collection` in the organization; run it on the writer's transaction. On
 * PostgreSQL the bump waits for the end of the transaction (before-commit.ts), once however many
 * rows it wrote: the slot's row lock is then held for the bump and the commit only, not for every
 * statement after it, which made concurrent writers of one collection queue on the slots.
 */
export async function bumpCollection(db: Db, orgId: string, collection: string): Promise<void> {
  const slot = usesNumberedPlaceholders(db) ? Math.floor(Math.random() * POSTGRES_SLOTS) : 0;
  await deferToCommit(db, `collection_changes\n${orgId}\n${collection}`, () => runUnansweredWrite(db, BUMP, [orgId, collection, slot]));
}

/** The collection's counter: it grows with every committed change, and only then. */
async function collectionVersion(db: Db, orgId: string, collection: string): Promise<number> {
  const rows = await reader.rows(db, READ, [orgId, collection]);
  return Number(rows[0]?.[0] ?? 0);
}

/** Counters read while the storage's read stamp stood at `stamp`, per storage. */
const known = new WeakMap<Storage, { stamp: number; counters: Map<string, number> }>();
const MAX_KNOWN = 10_000;
const counterKey = (orgId: string, collection: string): string => `${orgId}\n${collection}`;

/**
 * The counter when it is known without a statement: read while the storage's read stamp stood
 * where it stands now (SQLite, no write since). Undefined otherwise: ask currentCollectionVersion.
 */
export function knownCollectionVersion(storage: Storage, orgId: string, collection: string): number | undefined {
  const stamp = storage.readStamp();
  if (stamp === undefined) return undefined;
  const cache = known.get(storage);
  if (cache === undefined || cache.stamp !== stamp) return undefined;
  return cache.counters.get(counterKey(orgId, collection));
}

/**
 * collectionVersion through the storage's read stamp: while no write has run since a counter
 * was read, the counter read then is still the counter (SQLite: no statement, no file lock).
 * Where the storage has no stamp (PostgreSQL) the counters asked for together are read by one
 * statement (see batchedVersions).
 */
export async function currentCollectionVersion(storage: Storage, orgId: string, collection: string): Promise<number> {
  const stamp = storage.readStamp();
  if (stamp === undefined) return batchedVersion(storage, orgId, collection);
  let cache = known.get(storage);
  if (cache === undefined || cache.stamp !== stamp) {
    cache = { stamp, counters: new Map() };
    known.set(storage, cache);
  }
  const key = counterKey(orgId, collection);
  const hit = cache.counters.get(key);
  if (hit !== undefined) return hit;
  const version = await collectionVersion(storage.db, orgId, collection);
  // A write that ran meanwhile moved the stamp: this entry then belongs to a stale generation.
  if (cache.counters.size >= MAX_KNOWN) cache.counters.clear();
  cache.counters.set(key, version);
  return version;
}

/** Every counter asked for, by `(org, collection)` pairs given as two arrays: one text, prepared once per connection. */
const READ_MANY =
  'select coalesce((select sum(c.version) from collection_changes c where c.org_id = w.org_id and c.collection = w.collection), 0) ' +
  'from unnest(?::text[], ?::text[]) with ordinality as w(org_id, collection, n) order by w.n';

/** Counter reads sent at once at most; those arriving meanwhile wait and go together in the next one. */
const UNDER_WAY = 2;

interface Wanted {
  orgId: string;
  collection: string;
  answers: Array<{ resolve: (version: number) => void; reject: (error: unknown) => void }>;
}

/** One counter (the common poll) by the plainer statement, cheaper to run; several by READ_MANY, in the order given. */
function readCounters(db: Db, batch: readonly Wanted[]): Promise<unknown[][]> {
  const [only] = batch;
  if (batch.length === 1 && only !== undefined) return reader.rows(db, READ, [only.orgId, only.collection]);
  return reader.rows(db, READ_MANY, [batch.map((w) => w.orgId), batch.map((w) => w.collection)]);
}

const batchers = new WeakMap<Storage, (orgId: string, collection: string) => Promise<number>>();

/**
 * A counter read by a statement sent after it was asked for, so it sees every change committed
 * before the request came (in any process), shared with the other requests of that moment: one
 * round trip serves every conditional read of a busy moment instead of one each. Behind a
 * transaction pooler it runs on a direct connection (Storage.sharedReadDb): there it is a named
 * statement planned once, and it skips the pooler's hop; through PgBouncer before 1.21 it was
 * parsed and planned every time (PostgreSQL and PgBouncer: 24 µs of CPU a poll, now 8.5).
 */
function batchedVersion(storage: Storage, orgId: string, collection: string): Promise<number> {
  let read = batchers.get(storage);
  if (read === undefined) {
    read = counterBatcher(storage);
    batchers.set(storage, read);
  }
  return read(orgId, collection);
}

function counterBatcher(storage: Storage): (orgId: string, collection: string) => Promise<number> {
  let waiting = new Map<string, Wanted>();
  let scheduled = false;
  let underWay = 0;

  const send = () => {
    scheduled = false;
    if (underWay >= UNDER_WAY || waiting.size === 0) return;
    const batch = [...waiting.values()];
    waiting = new Map();
    underWay += 1;
    readCounters(storage.sharedReadDb, batch)
      .then(
        (rows) => batch.forEach((w, i) => w.answers.forEach((a) => a.resolve(Number(rows[i]?.[0] ?? 0)))),
        (error: unknown) => batch.forEach((w) => w.answers.forEach((a) => a.reject(error))),
      )
      .finally(() => {
        underWay -= 1;
        send();
      });
  };

  return (orgId, collection) =>
    new Promise<number>((resolve, reject) => {
      const key = `${orgId}\n${collection}`;
      const wanted = waiting.get(key) ?? { orgId, collection, answers: [] };
      wanted.answers.push({ resolve, reject });
      waiting.set(key, wanted);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    });
}
