import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { currentCollectionVersion, defineCollection } from '../../src/storage/change-counters.ts';
import { inSavepoint } from '../../src/storage/savepoint.ts';
import { POSTGRES_URL, createContext } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { PATIENCE_MS } from '../helpers/patience.ts';

const WRITERS = 40;

describe('collection change counters [postgres]', { skip: POSTGRES_URL ? false : 'skipped: TEST_DATABASE_URL is not set' }, () => {
  let ctx: (TestContext & { close(): Promise<void> }) | undefined;
  before(async () => {
    ctx = await createContext('postgres');
  });
  after(async () => {
    await ctx?.close();
  });

  it('a writer whose transaction is still open holds up no other writer of the collection, and its change counts once it commits', async () => {
    const storage = ctx!.storage;
    const notes = defineCollection('counter_test_notes');
    const orgId = 'org-counters';
    const start = await currentCollectionVersion(storage, orgId, notes.table);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let bumped!: () => void;
    const bumpedInOpen = new Promise<void>((resolve) => (bumped = resolve));
    const open = storage.transaction(async (tx) => {
      await notes.bump(tx.db, orgId);
      bumped();
      await held;
    });
    await bumpedInOpen;
    // With the counter's row lock taken at the bump, one of these would wait for the open transaction.
    const others = Promise.all(Array.from({ length: WRITERS }, () => storage.transaction((tx) => notes.bump(tx.db, orgId))));
    let timer: NodeJS.Timeout | undefined;
    const verdict = await Promise.race([
      others.then(() => 'committed'),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('held up'), PATIENCE_MS))),
    ]);
    clearTimeout(timer);
    finish();
    await open;
    await others;
    assert.equal(verdict, 'committed');
    assert.equal(await currentCollectionVersion(storage, orgId, notes.table), start + WRITERS + 1);
  });

  it("a change rolled back to its savepoint is not counted; the transaction's other changes are", async () => {
    const storage = ctx!.storage;
    const kept = defineCollection('counter_test_kept');
    const dropped = defineCollection('counter_test_dropped');
    const orgId = 'org-savepoints';
    const [keptBefore, droppedBefore] = [await currentCollectionVersion(storage, orgId, kept.table), await currentCollectionVersion(storage, orgId, dropped.table)];
    await storage.transaction(async (tx) => {
      await kept.bump(tx.db, orgId);
      await inSavepoint(tx, async (nested) => {
        await dropped.bump(nested.db, orgId);
        throw new Error('refused');
      }).catch(() => {});
    });
    assert.equal(await currentCollectionVersion(storage, orgId, kept.table), keptBefore + 1);
    assert.equal(await currentCollectionVersion(storage, orgId, dropped.table), droppedBefore);
  });

  it('counters asked for in the same moment are read together, each answered with its own', async () => {
    const storage = ctx!.storage;
    const tables = ['counter_test_a', 'counter_test_b', 'counter_test_c'];
    const orgs = ['org-together-1', 'org-together-2'];
    const expected = new Map<string, number>();
    for (const [o, orgId] of orgs.entries()) {
      for (const [t, table] of tables.entries()) {
        const bumps = 1 + t + 3 * o;
        for (let i = 0; i < bumps; i++) await storage.transaction((tx) => defineCollection(table).bump(tx.db, orgId));
        expected.set(`${orgId} ${table}`, bumps);
      }
    }
    // Asked in one turn of the event loop: one statement for all six, and a repeat of one of them.
    const asked = [...expected.keys(), `${orgs[0]} ${tables[2]}`];
    const versions = await Promise.all(asked.map((pair) => currentCollectionVersion(storage, pair.split(' ')[0]!, pair.split(' ')[1]!)));
    assert.deepEqual(versions, asked.map((pair) => expected.get(pair)));
  });
});
