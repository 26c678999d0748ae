/**
 * Reminders across server processes (the real `serve`): one that fell due while no server ran
 * is sent when one starts, and on PostgreSQL two servers send each reminder once.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, afterEach, it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { startServer, stopServer } from '../helpers/child-server.ts';
import { describeEachDatabase } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { botEnv, messages, startBotApi } from '../notifications/helpers.ts';
import { eventually, settle } from '../webhooks/helpers.ts';
import { REMINDER_LEAD_MINUTES, book, booker, colleague, fromNow, startWithReminderDueIn } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

const serve = async (databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> =>
  (await startServer(['src/cli/main.ts', 'serve', '--port', '0'], databaseUrl, { BIZPLAT_EVENT_POLL_MS: '200', ...env })).process;

const reminderTexts = (bot: Receiver, chats?: string[]) =>
  messages(bot)
    .filter((m) => String(m.text).startsWith('Reminder:') && (chats === undefined || chats.includes(String(m.chat_id))))
    .map((m) => `${String(m.chat_id)} ${String(m.text)}`);

describeEachDatabase('meeting reminders across server processes', (ctx) => {
  const children: ChildProcess[] = [];
  let bot: Receiver | undefined;
  afterEach(async () => {
    for (const c of children.splice(0)) await stopServer(c);
    await bot?.close();
  });

  it('a reminder due while the server was down is sent once when it starts again, the meeting not having begun', async () => {
    bot = await startBotApi(cert);
    const env = botEnv(bot, cert);
    const p = await booker(ctx(), 'UTC');
    await setTelegramChat(ctx().storage, p.slug, p.userId, '730001');
    const doomed = await serve(ctx().config.databaseUrl, env);
    const m = await book(ctx(), p, { title: 'Board', start_at: fromNow(3_600_000), reminder_minutes: 1 }).finally(() => stopServer(doomed, 'SIGKILL'));
    const reminder = () => ctx().storage.db.selectFrom('meeting_reminders').select(['status', 'next_attempt_at']).where('meeting_id', '=', m.id).execute();
    const [scheduled] = await reminder();
    assert.ok(scheduled?.next_attempt_at, 'a reminder was scheduled');
    // As if the hour had passed while no server ran: the reminder falls due now, the meeting not
    // begun (a real wait would let the killed server send it first whenever the booking is slow).
    await ctx().storage.db.updateTable('meeting_reminders').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('meeting_id', '=', m.id).execute();
    const waiting = await reminder();
    assert.equal(waiting.length, 1);
    assert.equal(waiting[0]!.status, 'pending');
    assert.ok(Date.parse(waiting[0]!.next_attempt_at!) < Date.now(), 'it fell due while no server ran');
    assert.deepEqual(reminderTexts(bot), []);

    children.push(await serve(ctx().config.databaseUrl, env));
    await eventually(async () => reminderTexts(bot!), (t) => t.length === 1);
    // The success is recorded just after the answer: wait for the record, not a fixed time.
    const done = await eventually(
      () => ctx().storage.db.selectFrom('meeting_reminders').select('status').where('meeting_id', '=', m.id).execute(),
      (rows) => rows.every((r) => r.status !== 'pending'),
    );
    await settle(500);
    assert.deepEqual(reminderTexts(bot).map((t) => t.split('\n')[0]), ['730001 Reminder: Board']);
    assert.deepEqual(done, [{ status: 'succeeded' }]);
  });

  it('two server processes on PostgreSQL send each reminder once', async (t) => {
    if (ctx().kind !== 'postgres') {
      t.skip('claims by two processes are a PostgreSQL matter (SQLite has one writer)');
      return;
    }
    bot = await startBotApi(cert);
    const env = botEnv(bot, cert);
    const p = await booker(ctx(), 'UTC');
    const people = [p.userId];
    for (let i = 0; i < 4; i++) people.push((await colleague(ctx(), p)).userId);
    const chats = people.map((_, i) => String(740000 + i));
    for (const [i, id] of people.entries()) await setTelegramChat(ctx().storage, p.slug, id, chats[i]!);
    children.push(...(await Promise.all([serve(ctx().config.databaseUrl, env), serve(ctx().config.databaseUrl, env)])));
    const start = startWithReminderDueIn(3_000);
    for (let i = 0; i < 6; i++) await book(ctx(), p, { title: `Sync ${i}`, start_at: start, participant_ids: people, reminder_minutes: REMINDER_LEAD_MINUTES });
    await eventually(async () => reminderTexts(bot!, chats), (texts) => texts.length >= 30);
    const jobs = await eventually(
      () => ctx().storage.db.selectFrom('meeting_reminders').select('status').where('org_id', '=', p.orgId).execute(),
      (rows) => rows.every((r) => r.status !== 'pending'),
    );
    await settle(1_500);
    const texts = reminderTexts(bot, chats);
    assert.equal(texts.length, 30, '6 meetings × 5 participants');
    assert.equal(new Set(texts).size, 30, 'none sent twice');
    assert.deepEqual(jobs.map((j) => j.status), Array(6).fill('succeeded'));
  });
});
