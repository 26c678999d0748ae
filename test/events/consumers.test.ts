import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { emit } from '../../src/events/emit.ts';
import { ConsumerRunner } from '../../src/events/runner.ts';
import type { Consumer } from '../../src/events/types.ts';
import { newId } from '../../src/storage/ids.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { effectsDb, flakyAttempts, noteConsumers, noteEventsModule } from '../helpers/note-events-module.ts';
import { waitUntil } from '../helpers/patience.ts';

const RETRY_BASE_MS = 300;

function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function emitNote(ctx: TestContext, orgId: string, entityId: string, context: { failTimes?: number; n?: number } = {}, name: 'note.created' | 'note.touched' = 'note.created'): Promise<string> {
  return ctx.storage.transaction((tx) => emit(tx, { orgId, name, entityType: 'note', entityId, context }));
}

async function effectsOf(ctx: TestContext, consumer: string): Promise<Array<{ event_id: string; entity_id: string; event_seq: number }>> {
  return effectsDb(ctx.storage.db).selectFrom('test_event_effects').select(['event_id', 'entity_id', 'event_seq']).where('consumer', '=', consumer).orderBy('seq').execute();
}


describeEachDatabase(
  'event consumers in one process',
  (ctx) => {
    const running: ConsumerRunner[] = [];
    afterEach(async () => {
      for (const r of running.splice(0)) await r.stop();
      flakyAttempts.length = 0;
    });
    async function runner(consumers: Consumer[] = [noteConsumers.effects, noteConsumers.flaky]): Promise<ConsumerRunner> {
      const r = new ConsumerRunner({ storage: ctx().storage, config: { ...ctx().config, eventRetryBaseMs: RETRY_BASE_MS }, log: ctx().app.log }, consumers);
      await r.start();
      running.push(r);
      return r;
    }

    it('retries a consumer that fails twice with back-off, while other consumers and other entities go on', async () => {
      const p = await createPrincipal(ctx());
      await runner();
      const a = newId();
      const eventId = await emitNote(ctx(), p.orgId, a, { failTimes: 2 });
      // The other consumer handles the same event at once.
      await waitUntil('test.effects', async () => (await effectsOf(ctx(), 'test.effects')).some((e) => e.event_id === eventId));
      assert.equal((await effectsOf(ctx(), 'test.flaky')).length, 0);
      // Another entity's event reaches the failing consumer during the back-off.
      await waitUntil('the first failure', async () => flakyAttempts.length >= 1);
      const b = newId();
      const other = await emitNote(ctx(), p.orgId, b);
      await waitUntil('the other entity', async () => (await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === other), 3000);
      assert.ok(!(await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === eventId), 'not yet: still backing off');

      await waitUntil('the third attempt', async () => (await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === eventId));
      const attempts = flakyAttempts.filter((x) => x.eventId === eventId);
      assert.deepEqual(attempts.map((x) => x.ok), [false, false, true]);
      const first = attempts[1]!.at - attempts[0]!.at;
      const second = attempts[2]!.at - attempts[1]!.at;
      assert.ok(first >= RETRY_BASE_MS, `second attempt ${first} ms after the first`);
      assert.ok(second >= 2 * RETRY_BASE_MS, `third attempt ${second} ms after the second (back-off doubles)`);
      const progress = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select(['p.consumer', 'p.status', 'p.attempts', 'p.last_error'])
        .where('e.id', '=', eventId)
        .orderBy('p.consumer')
        .execute();
      assert.deepEqual(progress, [
        { consumer: 'test.effects', status: 'done', attempts: 1, last_error: null },
        { consumer: 'test.flaky', status: 'done', attempts: 3, last_error: null },
      ]);
      await settle(200);
      assert.equal((await effectsOf(ctx(), 'test.flaky')).filter((e) => e.event_id === eventId).length, 1, 'effects once');
    });

    it('hands the events of one entity to a consumer in order: a later one waits while an earlier one retries', async () => {
      const p = await createPrincipal(ctx());
      const x = newId();
      const y = newId();
      const first = await emitNote(ctx(), p.orgId, x, { failTimes: 1 });
      const second = await emitNote(ctx(), p.orgId, x, { n: 2 }, 'note.touched');
      const third = await emitNote(ctx(), p.orgId, x, { n: 3 }, 'note.touched');
      const elsewhere = await emitNote(ctx(), p.orgId, y);
      await runner([noteConsumers.flaky]);
      const mine = new Set([first, second, third, elsewhere]);
      const handledHere = async () => (await effectsOf(ctx(), 'test.flaky')).filter((e) => mine.has(e.event_id));
      await waitUntil('all four', async () => (await handledHere()).length === 4);
      const handled = await handledHere();
      assert.deepEqual(handled.filter((e) => e.entity_id === x).map((e) => e.event_id), [first, second, third]);
      assert.deepEqual(
        flakyAttempts.map((a) => [a.eventId, a.ok]),
        [
          [first, false],
          [elsewhere, true],
          [first, true],
          [second, true],
          [third, true],
        ],
        'the other entity went first; the later events of x waited for the retry',
      );
    });
  },
  { modules: [noteEventsModule] },
);
