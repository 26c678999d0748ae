/**
 * A pass given a time slice stops handling once it has run out, commits what it handled and
 * leaves the rest pending for the next pass (how the runner drains a backlog on SQLite without
 * holding the event loop): nothing is lost, nothing handled twice, one entity still in order.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { emit } from '../../src/events/emit.ts';
import { handleDue } from '../../src/events/handling.ts';
import { newId } from '../../src/storage/ids.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { effectsDb, noteConsumers, noteEventsModule } from '../helpers/note-events-module.ts';

describeEachDatabase(
  'consumer passes in time slices',
  (ctx) => {
    it('a pass out of time settles what it handled and leaves the rest pending; passes go on until all are handled once, each entity in order', async () => {
      const p = await createPrincipal(ctx());
      const x = newId();
      const emitted: string[] = [];
      for (const [entityId, n] of [[x, 1], [newId(), 1], [x, 2], [newId(), 1]] as const) {
        emitted.push(await ctx().storage.transaction((tx) => emit(tx, { orgId: p.orgId, name: n === 1 ? 'note.created' : 'note.touched', entityType: 'note', entityId, context: { n } })));
      }
      const consumers = [noteConsumers.effects];
      // A slice of 0 ms has run out after the first row of every pass.
      const first = await handleDue(ctx().storage, consumers, 100, ctx().config.eventRetryBaseMs, 0);
      assert.deepEqual({ claimed: first.claimed, settled: first.settled }, { claimed: 3, settled: 1 }, "x's second event waits for its first");
      const passes = [first];
      while (passes.length < 10) {
        const pass = await handleDue(ctx().storage, consumers, 100, ctx().config.eventRetryBaseMs, 0);
        if (pass.claimed === 0) break;
        assert.equal(pass.settled, 1);
        passes.push(pass);
      }
      assert.equal(passes.length, 4, 'one event per pass');
      const effects = await effectsDb(ctx().storage.db).selectFrom('test_event_effects').select(['event_id', 'entity_id']).where('consumer', '=', 'test.effects').orderBy('seq').execute();
      const mine = effects.filter((e) => emitted.includes(e.event_id));
      assert.deepEqual(mine.map((e) => e.event_id).sort(), [...emitted].sort(), 'each once');
      assert.deepEqual(mine.filter((e) => e.entity_id === x).map((e) => e.event_id), [emitted[0], emitted[2]], 'one entity in order');
    });

    it('without a slice a pass handles every row it claimed', async () => {
      const p = await createPrincipal(ctx());
      for (let i = 0; i < 3; i++) await ctx().storage.transaction((tx) => emit(tx, { orgId: p.orgId, name: 'note.created', entityType: 'note', entityId: newId(), context: {} }));
      const pass = await handleDue(ctx().storage, [noteConsumers.effects], 100, ctx().config.eventRetryBaseMs);
      assert.deepEqual({ claimed: pass.claimed, settled: pass.settled }, { claimed: 3, settled: 3 });
    });
  },
  { modules: [noteEventsModule] },
);
