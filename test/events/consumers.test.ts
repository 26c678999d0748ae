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
/** Long enough that no retry falls due by itself during a test; doubled, still under the one-hour cap. */
const LONG_RETRY_BASE_MS = 20 * 60_000;

function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function emitNote(ctx: TestContext, orgId: string, entityId: string, context: { failTimes?: number; failAhead?: boolean; n?: number } = {}, name: 'note.created' | 'note.touched' = 'note.created'): Promise<string> {
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
    async function runner(consumers: Consumer[] = [noteConsumers.effects, noteConsumers.flaky], retryBaseMs = RETRY_BASE_MS): Promise<ConsumerRunner> {
      const r = new ConsumerRunner({ storage: ctx().storage, config: { ...ctx().config, eventRetryBaseMs: retryBaseMs }, log: ctx().app.log }, consumers);
      await r.start();
      running.push(r);
      return r;
    }

    it('retries a consumer that fails twice with back-off, while other consumers and other entities go on', async () => {
      const p = await createPrincipal(ctx());
      // A back-off of minutes: the other entity goes on during it however slow the machine is, and
      // the test makes each retry due itself (as the hour passing would), once it has looked.
      const r = await runner(undefined, LONG_RETRY_BASE_MS);
      const a = newId();
      const eventId = await emitNote(ctx(), p.orgId, a, { failTimes: 2 });
      const progress = () =>
        ctx()
          .storage.db.selectFrom('event_progress as p')
          .innerJoin('events as e', 'e.seq', 'p.event_seq')
          .select(['p.event_seq', 'p.consumer', 'p.status', 'p.attempts', 'p.last_error', 'p.next_attempt_at'])
          .where('e.id', '=', eventId)
          .orderBy('p.consumer')
          .execute();
      const flakyRow = async () => (await progress()).find((row) => row.consumer === 'test.flaky')!;
      /** Waits for the n-th failed attempt, checks the back-off it was given, then makes the retry due now. */
      const afterFailure = async (n: number) => {
        await waitUntil(`failure ${n}`, async () => (await flakyRow()).attempts >= n);
        const failed = flakyAttempts.filter((x) => x.eventId === eventId)[n - 1]!;
        const row = await flakyRow();
        assert.ok(Date.parse(row.next_attempt_at) - failed.at >= LONG_RETRY_BASE_MS * 2 ** (n - 1), `retry ${n} is due ${Date.parse(row.next_attempt_at) - failed.at} ms after the failure (back-off doubles)`);
        return async () => {
          await ctx().storage.db.updateTable('event_progress').set({ next_attempt_at: new Date().toISOString() }).where('event_seq', '=', row.event_seq).where('consumer', '=', 'test.flaky').execute();
          r.wake();
        };
      };
      // The other consumer handles the same event at once.
      await waitUntil('test.effects', async () => (await effectsOf(ctx(), 'test.effects')).some((e) => e.event_id === eventId));
      assert.equal((await effectsOf(ctx(), 'test.flaky')).length, 0);
      // Another entity's event reaches the failing consumer during the back-off.
      const retrySecond = await afterFailure(1);
      const b = newId();
      const other = await emitNote(ctx(), p.orgId, b);
      await waitUntil('the other entity', async () => (await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === other));
      assert.ok(!(await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === eventId), 'not yet: still backing off');

      await retrySecond();
      const retryThird = await afterFailure(2);
      await retryThird();
      await waitUntil('the third attempt', async () => (await effectsOf(ctx(), 'test.flaky')).some((e) => e.event_id === eventId));
      const attempts = flakyAttempts.filter((x) => x.eventId === eventId);
      assert.deepEqual(attempts.map((x) => x.ok), [false, false, true]);
      assert.deepEqual(
        (await progress()).map(({ consumer, status, attempts: n, last_error }) => ({ consumer, status, attempts: n, last_error })),
        [
          { consumer: 'test.effects', status: 'done', attempts: 1, last_error: null },
          { consumer: 'test.flaky', status: 'done', attempts: 3, last_error: null },
        ],
      );
      await settle(200);
      assert.equal((await effectsOf(ctx(), 'test.flaky')).filter((e) => e.event_id === eventId).length, 1, 'effects once');
    });

    it('a handler failing amid a pass of several events is set to retry alone; the events around it are handled once', async () => {
      const p = await createPrincipal(ctx());
      const before = await emitNote(ctx(), p.orgId, newId());
      const failing = await emitNote(ctx(), p.orgId, newId(), { failTimes: 1 });
      const after = await emitNote(ctx(), p.orgId, newId());
      await runner([noteConsumers.flaky], LONG_RETRY_BASE_MS);
      const mine = new Set([before, failing, after]);
      await waitUntil('both others handled', async () => (await effectsOf(ctx(), 'test.flaky')).filter((e) => mine.has(e.event_id)).length === 2);
      const failedRow = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select(['p.status', 'p.attempts', 'p.last_error', 'p.next_attempt_at'])
        .where('e.id', '=', failing)
        .where('p.consumer', '=', 'test.flaky')
        .executeTakeFirstOrThrow();
      assert.equal(failedRow.status, 'pending');
      assert.equal(failedRow.attempts, 1);
      assert.match(failedRow.last_error ?? '', /failing on purpose/);
      assert.ok(Date.parse(failedRow.next_attempt_at) > Date.now() + LONG_RETRY_BASE_MS / 2, 'backing off');
      await settle(200);
      assert.deepEqual((await effectsOf(ctx(), 'test.flaky')).filter((e) => mine.has(e.event_id)).map((e) => e.event_id).sort(), [before, after].sort(), 'each other effect once');
      assert.deepEqual(flakyAttempts.filter((a) => a.eventId === failing).map((a) => a.ok), [false], 'the failed handler did not run again within the pass');
    });

    it('a handler whose write sent ahead fails at a later handler\'s statement is found out: the events around it are not blamed, each effect lands once', async () => {
      const p = await createPrincipal(ctx());
      const before = await emitNote(ctx(), p.orgId, newId());
      const failing = await emitNote(ctx(), p.orgId, newId(), { failTimes: 1, failAhead: true });
      const after = await emitNote(ctx(), p.orgId, newId());
      // A blamed event would back off for twenty minutes and never be handled here.
      await runner([noteConsumers.flaky], LONG_RETRY_BASE_MS);
      const mine = new Set([before, failing, after]);
      const handled = async () => (await effectsOf(ctx(), 'test.flaky')).filter((e) => mine.has(e.event_id)).map((e) => e.event_id);
      await waitUntil('the events around it handled', async () => (await handled()).includes(before) && (await handled()).includes(after));
      await settle(200);
      const rows = await ctx()
        .storage.db.selectFrom('event_progress as p')
        .innerJoin('events as e', 'e.seq', 'p.event_seq')
        .select(['e.id', 'p.status', 'p.attempts'])
        .where('e.id', 'in', [before, failing, after])
        .where('p.consumer', '=', 'test.flaky')
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      assert.equal(byId.get(before)?.status, 'done');
      assert.equal(byId.get(after)?.status, 'done', 'the next event is not blamed for the earlier write');
      // Where the write fails in place (SQLite) its handler is set to retry; where it fails later
      // (PostgreSQL) the pass is run again handler by handler and it succeeds on its second try.
      const failed = byId.get(failing);
      if (failed?.status === 'pending') assert.equal(failed.attempts, 1);
      else assert.equal(failed?.status, 'done');
      const effects = await handled();
      for (const id of mine) assert.ok(effects.filter((e) => e === id).length <= 1, 'each effect at most once');
      assert.equal(effects.filter((e) => e === failing).length, failed?.status === 'done' ? 1 : 0);
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
