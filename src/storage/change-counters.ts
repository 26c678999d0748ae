/**
 * Per-organization, per-collection change counters: a write bumps its collection's counter in
 * the writer's own transaction, so a reader that reads the counter before the rows never pairs
 * an old page with a new counter, in any process. On PostgreSQL a bump goes to one of several
 * slots (the counter is their sum), so writers of one hot collection do not queue on one row
 * lock until they commit; SQLite writes one at a time and keeps one slot.
 */
import { RowReader, runWrite, usesNumberedPlaceholders } from './statements.ts';
import type { Db } from './statements.ts';

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
