/**
 * meeting.created and reminders end to end, in this process: the notification service's
 * consumer, the messenger dispatcher (to a local HTTPS Bot API) and the reminders' dispatcher.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { startReminders } from '../../src/domains/calendar/reminders.ts';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { botConfig, messages, startBotApi, startNotifying } from '../notifications/helpers.ts';
import { eventually, settle } from '../webhooks/helpers.ts';
import { book, booker, colleague, fromNow } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

async function startCalendarWorkers(ctx: TestContext, bot: Receiver): Promise<{ stop(): Promise<void> }> {
  const notifying = await startNotifying(ctx, botConfig(bot, cert));
  const stopReminders = await startReminders({ storage: ctx.storage, config: { ...ctx.config, eventPollMs: 50 }, log: ctx.app.log });
  return {
    stop: async () => {
      await stopReminders();
      await notifying.stop();
    },
  };
}

const inbox = (ctx: TestContext, orgId: string, kind: string) =>
  ctx.storage.db.selectFrom('notifications').select(['user_id', 'entity_id', 'title']).where('org_id', '=', orgId).where('kind', '=', kind).orderBy('user_id').execute();

describeEachDatabase('meeting notifications and reminders', (ctx) => {
  let bot: Receiver | undefined;
  let workers: { stop(): Promise<void> } | undefined;
  afterEach(async () => {
    await workers?.stop();
    await bot?.close();
  });

  it('POST /meetings notifies every participant but the creator (in-app and Telegram) and posts to the shared chat', async () => {
    bot = await startBotApi(cert);
    workers = await startCalendarWorkers(ctx(), bot);
    const p = await booker(ctx());
    const a = await colleague(ctx(), p);
    const b = await colleague(ctx(), p);
    await setTelegramChat(ctx().storage, p.slug, p.userId, '700001');
    await setTelegramChat(ctx().storage, p.slug, a.userId, '700002');
    await updateOrganizationSettings(ctx().storage, p.slug, { telegramChatId: '-100700' });
    const m = await book(ctx(), p, { title: 'Design review', start_at: '2030-04-01T10:00:00+02:00', participant_ids: [a.userId, b.userId], location: 'Room 7' });

    await bot.waitFor(2);
    await settle(300);
    const sent = messages(bot).sort((x, y) => String(x.chat_id).localeCompare(String(y.chat_id)));
    assert.deepEqual(sent.map((s) => s.chat_id), [-100700, 700002]);
    for (const s of sent) assert.match(String(s.text), /New meeting: Design review[\s\S]*2030-04-01 10:00 \(\+02:00\)[\s\S]*Room 7/);
    const rows = await inbox(ctx(), p.orgId, 'meeting.created');
    assert.deepEqual(rows.map((r) => r.user_id), [a.userId, b.userId].sort());
    assert.ok(rows.every((r) => r.entity_id === m.id));
  });

  it('without a shared chat only the participants are told; a meeting with no other participant sends nothing', async () => {
    bot = await startBotApi(cert);
    workers = await startCalendarWorkers(ctx(), bot);
    const p = await booker(ctx());
    const a = await colleague(ctx(), p);
    await setTelegramChat(ctx().storage, p.slug, a.userId, '710001');
    await book(ctx(), p, { title: 'Alone', start_at: '2030-04-01T10:00:00Z' });
    await book(ctx(), p, { title: 'Pair', start_at: '2030-04-01T11:00:00Z', participant_ids: [a.userId] });
    await bot.waitFor(1);
    await settle(300);
    assert.deepEqual(messages(bot).map((s) => [s.chat_id, String(s.text).split('\n')[0]]), [[710001, 'New meeting: Pair']]);
  });

  it('a reminder fires during the test for every participant, once, and the series\' next occurrence is scheduled', async () => {
    bot = await startBotApi(cert);
    workers = await startCalendarWorkers(ctx(), bot);
    const p = await booker(ctx(), 'UTC');
    const a = await colleague(ctx(), p);
    await setTelegramChat(ctx().storage, p.slug, p.userId, '720001');
    await setTelegramChat(ctx().storage, p.slug, a.userId, '720002');
    // Starts in 62 s, reminded a minute before: the reminder falls due in about 2 s.
    const start = fromNow(62_000);
    const m = await book(ctx(), p, { title: 'Stand-up', start_at: start, participant_ids: [a.userId], reminder_minutes: 1, recurrence_rule: 'FREQ=DAILY' });
    await bot.waitFor(1); // meeting.created to a
    const reminders = await eventually(() => inbox(ctx(), p.orgId, 'meeting.reminder'), (r) => r.length === 2);
    assert.deepEqual(reminders.map((r) => r.user_id), [p.userId, a.userId].sort());
    await bot.waitFor(3);
    await settle(400);
    const reminded = messages(bot).filter((s) => String(s.text).startsWith('Reminder: Stand-up'));
    assert.deepEqual(reminded.map((s) => s.chat_id).sort(), [720001, 720002]);
    const jobs = await eventually(
      () => ctx().storage.db.selectFrom('meeting_reminders').select(['id', 'status', 'occurrence_start', 'next_attempt_at']).where('meeting_id', '=', m.id).orderBy('occurrence_start').execute(),
      (rows) => rows.length === 2 && rows[0]!.status === 'succeeded',
    );
    const next = Date.parse(start) + 86_400_000;
    assert.equal(jobs[0]!.id, `${m.id}:${start.replace(/[-:]/g, '').replace('.000', '')}`);
    assert.equal(Date.parse(jobs[1]!.occurrence_start), next);
    assert.equal(Date.parse(jobs[1]!.next_attempt_at!), next - 60_000);
    assert.equal(jobs[1]!.status, 'pending');
  });

  it('a reminder found due long after its occurrence began is dropped (failed, with the reason), nothing is sent, and the next occurrence is scheduled', async () => {
    const p = await booker(ctx(), 'UTC');
    const start = fromNow(3_600_000);
    const m = await book(ctx(), p, { title: 'Missed', start_at: start, reminder_minutes: 5, recurrence_rule: 'FREQ=WEEKLY' });
    // As if the server had been down: the occurrence began ten minutes ago, its reminder fell due before that.
    const began = new Date(Date.now() - 600_000).toISOString();
    const compact = began.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    await ctx().storage.db.updateTable('meeting_reminders')
      .set({ id: `${m.id}:${compact}`, occurrence_start: began, next_attempt_at: new Date(Date.now() - 900_000).toISOString() })
      .where('meeting_id', '=', m.id).execute();
    bot = await startBotApi(cert);
    workers = await startCalendarWorkers(ctx(), bot);
    const jobs = await eventually(
      () => ctx().storage.db.selectFrom('meeting_reminders').select(['status', 'last_error', 'occurrence_start']).where('meeting_id', '=', m.id).orderBy('occurrence_start').execute(),
      (rows) => rows.length === 2,
    );
    assert.equal(jobs[0]!.status, 'failed');
    assert.match(String(jobs[0]!.last_error), /dropped/);
    assert.equal(Date.parse(jobs[1]!.occurrence_start), Date.parse(start), 'the next occurrence after now');
    await settle(300);
    assert.deepEqual(await inbox(ctx(), p.orgId, 'meeting.reminder'), []);
    assert.equal(bot.received.length, 0);
  });
});
