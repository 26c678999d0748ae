/**
 * The feed never shows an event ahead of one that can still commit before it: while an older
 * transaction that emitted is open, a newer committed event stays hidden; once it commits, both
 * show, the older first. Without the horizon a reader would pass the newer event's position and
 * never see the older one.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { emit } from '../../src/events/emit.ts';
import { FEED_START, readFeed } from '../../src/events/feed.ts';
import { newId } from '../../src/storage/ids.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

describeEachDatabase('the events feed and overlapping transactions', (ctx) => {
  it('hides a committed event while an older transaction that emitted is open, then gives both in transaction order', async () => {
    const p = await createPrincipal(ctx());
    const filter = { names: ['client.created'], entityTypes: ['client'] };
    const read = () => readFeed(ctx().storage, p.orgId, FEED_START, filter, 100);
    const emitIn = (release?: Promise<void>, emitted?: () => void) =>
      ctx().storage.transaction(async (tx) => {
        const id = await emit(tx, { orgId: p.orgId, name: 'client.created', entityType: 'client', entityId: newId(), context: { version: 1 } });
        // On PostgreSQL the event's INSERT goes out without waiting for its answer: read it back,
        // so that it has been written (and the transaction holds its id) before the newer one starts.
        await tx.db.selectFrom('events').select('seq').where('id', '=', id).execute();
        emitted?.();
        await release;
        return id;
      });
    let commitOlder: () => void = () => {};
    let olderEmitted: () => void = () => {};
    const emittedOlder = new Promise<void>((r) => (olderEmitted = r));
    const older = emitIn(new Promise<void>((r) => (commitOlder = r)), olderEmitted);
    if (ctx().kind === 'sqlite') {
      // One writer at a time: the newer transaction waits for the older one, so insert order is commit order.
      commitOlder();
      const ids = [await older, await emitIn()];
      assert.deepEqual((await read()).map((e) => e.id), ids);
      return;
    }
    let newer: string;
    try {
      await emittedOlder; // the older transaction has written its event and stays open
      newer = await emitIn();
      assert.deepEqual((await read()).map((e) => e.id), [], 'the newer event waits for the older transaction');
    } finally {
      commitOlder();
    }
    const olderId = await older;
    let seen = await read();
    await waitUntil('both events in the feed', async () => (seen = await read()).length >= 2);
    assert.deepEqual(seen.map((e) => e.id), [olderId, newer], 'the older transaction\'s event first');
  });
});
