import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { startReminders } from '../../src/domains/calendar/reminders.ts';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { importData } from '../../src/import.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { deactivate, refusalNaming } from '../helpers/members.ts';
import { botConfig, messages, startBotApi, startNotifying } from '../notifications/helpers.ts';
import { eventually, settle } from '../webhooks/helpers.ts';
import { SCOPES, book, booker, colleague, fromNow, postMeeting, windowOf } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

const count = async (ctx: TestContext, table: 'meetings' | 'meeting_reminders' | 'events', orgId: string) =>
  Number((await ctx.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);

describeEachDatabase('meetings: deactivated users are left alone', (ctx) => {
  let bot: Receiver | undefined;
  const running: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of running.splice(0)) await stop();
    await bot?.close();
    bot = undefined;
  });

  it('POST /meetings refuses a deactivated participant exactly as a stranger: 422 naming participant_ids, nothing written', async () => {
    const p = await booker(ctx());
    const gone = await colleague(ctx(), p);
    const other = await colleague(ctx(), p);
    await deactivate(ctx(), p.orgId, gone.userId);
    const stranger = await createPrincipal(ctx(), { scopes: SCOPES });
    const body = (id: string) => ({ title: 'Review', start_at: '2031-03-03T10:00:00Z', participant_ids: [other.userId, id], reminder_minutes: 10 });
    const deactivated = await postMeeting(ctx(), p, body(gone.userId));
    const foreign = await postMeeting(ctx(), p, body(stranger.userId));
    assert.equal(deactivated.statusCode, 422, deactivated.body);
    const answer = refusalNaming(deactivated, gone.userId);
    assert.deepEqual(answer.details.fields?.map((f) => f.field), ['participant_ids']);
    assert.deepEqual(answer, refusalNaming(foreign, stranger.userId));
    assert.deepEqual([await count(ctx(), 'meetings', p.orgId), await count(ctx(), 'meeting_reminders', p.orgId), await count(ctx(), 'events', p.orgId)], [0, 0, 0]);
  });

  it('an import keeps a deactivated owner and participant of a meeting as it was', async () => {
    const p = await booker(ctx(), 'UTC');
    const gone = await colleague(ctx(), p);
    await deactivate(ctx(), p.orgId, gone.userId);
    await importData(ctx().storage, p.slug, {
      meetings: [{ title: 'Old weekly', start_at: '2020-01-06T09:00:00+00:00', recurrence_rule: 'FREQ=WEEKLY;COUNT=2', owner_user_id: gone.userId, participantIds: [gone.userId, p.userId] }],
    });
    const window = await windowOf(ctx(), p, '2020-01-01T00:00:00Z', '2020-02-01T00:00:00Z');
    assert.deepEqual(window.items.map((m) => [m.owner_user_id, [...m.participantIds].sort()]), Array(2).fill([gone.userId, [gone.userId, p.userId].sort()]));
  });

  it('a participant deactivated after the reminder was scheduled gets nothing, in-app or on Telegram; the others are reminded', async () => {
    const p = await booker(ctx(), 'UTC');
    const stays = await colleague(ctx(), p);
    const gone = await colleague(ctx(), p);
    await setTelegramChat(ctx().storage, p.slug, stays.userId, '730001');
    await setTelegramChat(ctx().storage, p.slug, gone.userId, '730002');
    // Starts in 62 s, reminded a minute before: the reminder falls due in about 2 s.
    const m = await book(ctx(), p, {
      title: 'Stand-up', start_at: fromNow(62_000), participant_ids: [stays.userId, gone.userId], reminder_minutes: 1, recurrence_rule: 'FREQ=DAILY',
      location: 'Room 7', video_url: 'https://meet.example.com/standup',
    });
    assert.equal(await count(ctx(), 'meeting_reminders', p.orgId), 1, 'the reminder is queued');
    await deactivate(ctx(), p.orgId, gone.userId);

    bot = await startBotApi(cert);
    const notifying = await startNotifying(ctx(), botConfig(bot, cert));
    running.push(() => notifying.stop());
    running.push(await startReminders({ storage: ctx().storage, config: { ...ctx().config, eventPollMs: 50 }, log: ctx().app.log }));

    const inbox = () => ctx().storage.db.selectFrom('notifications').select(['user_id', 'kind']).where('org_id', '=', p.orgId).where('entity_id', '=', m.id).execute();
    const reminded = await eventually(inbox, (rows) => rows.filter((r) => r.kind === 'meeting.reminder').length === 2);
    await bot.waitFor(2); // meeting.created and the reminder, to the one who stays
    await settle(400);
    assert.deepEqual(reminded.filter((r) => r.kind === 'meeting.reminder').map((r) => r.user_id).sort(), [p.userId, stays.userId].sort());
    assert.ok(!(await inbox()).some((r) => r.user_id === gone.userId), 'nothing in-app for the deactivated participant');
    assert.deepEqual(messages(bot).map((s) => [s.chat_id, String(s.text).split('\n')[0]]).sort(), [[730001, 'New meeting: Stand-up'], [730001, 'Reminder: Stand-up']]);
    assert.ok(!messages(bot).some((s) => s.chat_id === 730002), 'no message, and so no location or video link, to the deactivated participant');
  });
});
