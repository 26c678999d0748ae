import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DueReminder } from '../../src/domains/calendar/queries.ts';
import { REMINDERS_CHANNEL, reminderQueue } from '../../src/domains/calendar/reminders.ts';
import { domainModules } from '../../src/domains/index.ts';
import { JobDispatcher } from '../../src/events/outbox/dispatcher.ts';
import { ConsumerRunner } from '../../src/events/runner.ts';
import { openStorage } from '../../src/storage/storage.ts';
import type { Storage } from '../../src/storage/storage.ts';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { waitUntil } from '../helpers/patience.ts';

const PROBE = 'bizplat_test_probe';

/**
 * The loops of "another process": on PostgreSQL a storage of its own, with its own LISTEN
 * connection, so what wakes them crosses processes as a NOTIFY; on SQLite notices stay in the
 * process, so the loops share the writer's storage. Their poll is an hour: only notices wake them.
 */
describeEachDatabase(
  'waking: a commit wakes only the loops it gave work',
  (ctx) => {
    let other: Storage;
    let runner: ConsumerRunner;
    let reminders: JobDispatcher<DueReminder>;
    let heard = 0;

    before(async () => {
      other = ctx().kind === 'postgres' ? openStorage(ctx().config) : ctx().storage;
      runner = new ConsumerRunner({ storage: other, config: ctx().config, log: ctx().app.log }, domainModules.flatMap((m) => m.consumers ?? []));
      reminders = new JobDispatcher(other, ctx().app.log, reminderQueue, {
        name: 'meeting reminders',
        channel: REMINDERS_CHANNEL,
        concurrency: 1,
        timeoutMs: 10_000,
        pollMs: ctx().config.eventPollMs,
        retryScheduleSeconds: [60],
      });
      await other.subscribe(PROBE, () => (heard += 1));
      await runner.start();
      await reminders.start();
      await waitUntil('the first passes to end', () => runner.passes.count > 0 && !runner.passes.passing && reminders.passes.count > 0 && !reminders.passes.passing);
    });

    after(async () => {
      await runner.stop();
      await reminders.stop();
      if (other !== ctx().storage) await other.close();
    });

    /** Resolves once the loops have heard every notice sent before this: notices reach a listener in the order they were sent. */
    async function heardAllSoFar(): Promise<void> {
      const before = heard;
      await ctx().storage.transaction((tx) => tx.notify(PROBE));
      await waitUntil('the probe notice', () => heard > before);
    }

    it('a client create wakes the event runner and not the reminders loop', async () => {
      const p = await createPrincipal(ctx());
      // A subscription, so that the client's event gives the webhook fan-out work.
      const hook = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'woken', url: 'https://hooks.example.com/woken', events: ['client.created'] } });
      assert.equal(hook.statusCode, 201, hook.body);
      await heardAllSoFar();
      const runnerBefore = runner.passes.count;
      const remindersBefore = reminders.passes.count;
      const res = await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Woken' } });
      assert.equal(res.statusCode, 201, res.body);
      await waitUntil('the event runner to wake', () => runner.passes.count > runnerBefore);
      await heardAllSoFar();
      assert.equal(reminders.passes.count, remindersBefore, 'no reminder was scheduled: the reminders loop slept');
    });

    it('a commit that schedules reminders wakes the reminders loop', async () => {
      await heardAllSoFar();
      const remindersBefore = reminders.passes.count;
      await ctx().storage.transaction((tx) => tx.notify(REMINDERS_CHANNEL));
      await waitUntil('the reminders loop to wake', () => reminders.passes.count > remindersBefore);
    });
  },
  { env: { BIZPLAT_EVENT_POLL_MS: '3600000' } },
);
