import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { messageText } from '../../src/domains/notifications/notify.ts';
import { RECIPIENT_INACTIVE } from '../../src/domains/notifications/messenger.ts';
import { MESSENGER_OFF } from '../../src/domains/notifications/telegram.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { assignmentModules, emitAssigned } from '../helpers/assignment-module.ts';
import { deactivate } from '../helpers/members.ts';
import { eventually, settle } from '../webhooks/helpers.ts';
import { BOT_TOKEN, addMember, handleEventsNow, botConfig, botError, botOk, messages, startBotApi, startNotifying } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

const TEXT = messageText('Assigned: Ship it', 'You were assigned "Ship it".');

describeEachDatabase(
  'messenger deliveries to the Telegram Bot API',
  (ctx) => {
    let api: Receiver | undefined;
    const running: Array<{ stop(): Promise<void> }> = [];
    afterEach(async () => {
      for (const r of running.splice(0)) await r.stop();
      await api?.close();
    });

    /** An organization with a member whose chat is linked. */
    async function linkedMember(chatId = '424242'): Promise<{ p: Principal; userId: string }> {
      const p = await createPrincipal(ctx());
      const userId = await addMember(ctx(), p.slug, 'Linked');
      await setTelegramChat(ctx().storage, p.slug, userId, chatId);
      return { p, userId };
    }

    /** The organization's one messenger delivery once its event is handled (a placeholder before). */
    const delivery = async (c: TestContext, orgId: string) =>
      (await c.storage.db
        .selectFrom('messenger_deliveries')
        .select(['status', 'attempts', 'last_status_code', 'last_error', 'next_attempt_at'])
        .where('org_id', '=', orgId)
        .executeTakeFirst()) ?? { status: 'pending', attempts: 0, last_status_code: null, last_error: null, next_attempt_at: null };

    it('sends the linked user’s message once, with the chat id and text, to /bot<token>/sendMessage', async () => {
      api = await startBotApi(cert);
      const { p, userId } = await linkedMember('-1001234567890');
      running.push(await startNotifying(ctx(), botConfig(api, cert)));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], actorId: p.userId, subject: 'Ship it' });
      await api.waitFor(1);
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      await settle(200);
      assert.equal(api.received.length, 1);
      assert.equal(api.received[0]!.url, `/bot${BOT_TOKEN}/sendMessage`);
      assert.match(String(api.received[0]!.headers['content-type']), /^application\/json/);
      assert.equal(api.received[0]!.body.toString(), `{"chat_id":-1001234567890,"text":${JSON.stringify(TEXT)}}`);
      assert.deepEqual(messages(api), [{ chat_id: -1001234567890, text: TEXT }]);
      assert.deepEqual({ status: done.status, attempts: done.attempts, code: done.last_status_code }, { status: 'succeeded', attempts: 1, code: 200 });
    });

    it('retries after failures with back-off: fails twice, then the message arrives exactly once more', async () => {
      api = await startBotApi(cert);
      api.respond = (n) => (n < 2 ? botError(500, 'Internal Server Error') : botOk());
      const { p, userId } = await linkedMember();
      running.push(await startNotifying(ctx(), botConfig(api, cert, [0.1, 0.2, 5])));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Ship it' });
      await api.waitFor(3);
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      await settle(400);
      assert.equal(api.received.length, 3, 'two failures and one success, nothing after it');
      assert.ok(api.received[1]!.at - api.received[0]!.at >= 100, 'the first retry waits its delay');
      assert.ok(api.received[2]!.at - api.received[1]!.at >= 200, 'the second retry waits longer');
      assert.deepEqual(messages(api), Array(3).fill({ chat_id: 424242, text: TEXT }));
      assert.deepEqual({ status: done.status, attempts: done.attempts }, { status: 'succeeded', attempts: 3 });
    });

    it('honours 429 retry_after: the next attempt is no earlier than the time it names', async () => {
      api = await startBotApi(cert);
      // The second answer waits until the state between the attempts is read (however slowly).
      let release = () => {};
      const readWaiting = new Promise<void>((resolve) => (release = resolve));
      api.respond = (n) => (n === 0 ? botError(429, 'Too Many Requests: retry after 1', 1) : { ...botOk(), heldUntil: readWaiting });
      const { p, userId } = await linkedMember();
      running.push(await startNotifying(ctx(), botConfig(api, cert, [0.05, 0.05])));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Ship it' });
      await api.waitFor(1);
      const waiting = await eventually(() => delivery(ctx(), p.orgId), (d) => d.attempts === 1);
      release();
      assert.equal(waiting.status, 'pending');
      assert.equal(waiting.last_status_code, 429);
      await api.waitFor(2);
      assert.ok(api.received[1]!.at - api.received[0]!.at >= 1000, `retried after ${api.received[1]!.at - api.received[0]!.at} ms`);
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      assert.equal(done.status, 'succeeded');
    });

    it('403 (the user blocked the bot) ends the delivery as failed with no retry', async () => {
      api = await startBotApi(cert);
      api.respond = () => botError(403, 'Forbidden: bot was blocked by the user');
      const { p, userId } = await linkedMember();
      running.push(await startNotifying(ctx(), botConfig(api, cert, [0.05, 0.05, 0.05])));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Ship it' });
      await api.waitFor(1);
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      await settle(500);
      assert.equal(api.received.length, 1);
      assert.deepEqual(
        { status: done.status, attempts: done.attempts, code: done.last_status_code, error: done.last_error, next: done.next_attempt_at },
        { status: 'failed', attempts: 1, code: 403, error: 'HTTP 403: Forbidden: bot was blocked by the user', next: null },
      );
    });

    it('fails a delivery for good once the schedule is spent', async () => {
      api = await startBotApi(cert);
      api.respond = () => botError(502, 'Bad Gateway');
      const { p, userId } = await linkedMember();
      running.push(await startNotifying(ctx(), botConfig(api, cert, [0.05, 0.05])));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Ship it' });
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      await settle(300);
      assert.equal(api.received.length, 3, 'the first attempt and two retries');
      assert.deepEqual({ status: done.status, attempts: done.attempts, code: done.last_status_code }, { status: 'failed', attempts: 3, code: 502 });
    });

    it('with no bot token, sends nothing and settles the delivery as failed, saying the messenger is off; the in-app notification stays', async () => {
      api = await startBotApi(cert);
      const { p, userId } = await linkedMember();
      running.push(await startNotifying(ctx(), { ...botConfig(api, cert), telegramBotToken: undefined }));
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Ship it' });
      const done = await eventually(() => delivery(ctx(), p.orgId), (d) => d.status !== 'pending');
      assert.deepEqual({ status: done.status, error: done.last_error }, { status: 'failed', error: MESSENGER_OFF });
      assert.equal(api.received.length, 0);
      assert.equal((await ctx().storage.db.selectFrom('notifications').select('id').where('user_id', '=', userId).execute()).length, 1);
    });

    it('two dispatchers on one database never send the same delivery twice', async () => {
      api = await startBotApi(cert);
      api.respond = () => ({ ...botOk(), delayMs: 20 });
      const p = await createPrincipal(ctx());
      const users: string[] = [];
      for (let i = 0; i < 30; i++) {
        const id = await addMember(ctx(), p.slug, `M${i}`);
        await setTelegramChat(ctx().storage, p.slug, id, String(1000 + i));
        users.push(id);
      }
      for (let i = 0; i < 4; i++) await emitAssigned(ctx().storage, p.orgId, { assigneeIds: users, subject: `Batch ${i}` });
      running.push(await startNotifying(ctx(), botConfig(api, cert)), await startNotifying(ctx(), botConfig(api, cert)));
      await api.waitFor(120);
      // Successes are recorded just after the answers: wait for the records, not a fixed time.
      const open = await eventually(
        () => ctx().storage.db.selectFrom('messenger_deliveries').select('id').where('org_id', '=', p.orgId).where('status', '!=', 'succeeded').execute(),
        (rows) => rows.length === 0,
      );
      await settle(500);
      const sent = messages(api).map((m) => `${String(m.chat_id)} ${String(m.text)}`);
      assert.equal(sent.length, 120);
      assert.equal(new Set(sent).size, 120, 'every message once');
      assert.deepEqual(open, []);
    });

    it('retention prunes finished messenger deliveries and keeps pending ones', async () => {
      const { p, userId } = await linkedMember();
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Old' });
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [userId], subject: 'Pending' });
      await handleEventsNow(ctx());
      const rows = await ctx().storage.db.selectFrom('messenger_deliveries').select(['id', 'text']).where('org_id', '=', p.orgId).execute();
      const old = rows.find((r) => r.text.includes('Old'))!;
      await ctx().storage.db.updateTable('messenger_deliveries').set({ status: 'succeeded', completed_at: '2000-01-01T00:00:00.000Z' }).where('org_id', '=', p.orgId).where('id', '=', old.id).execute();
      const prune = ctx().modules.find((m) => m.name === 'notifications')!.prune!;
      assert.equal(await prune(ctx().storage, '2000-01-02T00:00:00.000Z'), 1);
      const left = await ctx().storage.db.selectFrom('messenger_deliveries').select('text').where('org_id', '=', p.orgId).execute();
      assert.deepEqual(left.map((r) => r.text.includes('Pending')), [true]);
    });

    it('a Telegram delivery queued before its recipient was deactivated is dropped when due: never sent, never retried, the reason recorded', async () => {
      const p = await createPrincipal(ctx());
      const stays = await addMember(ctx(), p.slug, 'Stays');
      const gone = await addMember(ctx(), p.slug, 'Gone');
      await setTelegramChat(ctx().storage, p.slug, stays, '740001');
      await setTelegramChat(ctx().storage, p.slug, gone, '740002');
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [stays, gone], actorId: p.userId, subject: 'Ship it' });
      await handleEventsNow(ctx());
      const deliveries = () =>
        ctx().storage.db.selectFrom('messenger_deliveries').select(['user_id', 'status', 'attempts', 'last_error', 'next_attempt_at']).where('org_id', '=', p.orgId).execute();
      assert.deepEqual((await deliveries()).map((d) => [d.user_id, d.status]).sort(), [[stays, 'pending'], [gone, 'pending']].sort(), 'both queued while active');
      await deactivate(ctx(), p.orgId, gone);

      api = await startBotApi(cert);
      running.push(await startNotifying(ctx(), botConfig(api, cert, [0.05, 0.05, 0.05])));
      const settled = await eventually(deliveries, (rows) => rows.every((d) => d.status !== 'pending'));
      await settle(300);
      const byUser = new Map(settled.map((d) => [d.user_id, d]));
      assert.equal(byUser.get(stays)?.status, 'succeeded');
      const dropped = byUser.get(gone);
      assert.deepEqual(
        { status: dropped?.status, attempts: dropped?.attempts, error: dropped?.last_error, next: dropped?.next_attempt_at },
        { status: 'failed', attempts: 1, error: RECIPIENT_INACTIVE, next: null },
      );
      // The dispatcher serves every organization of the database: only this test's chats are looked at.
      assert.deepEqual(messages(api).map((m) => m.chat_id).filter((id) => id === 740001 || id === 740002), [740001]);
    });
  },
  { modules: assignmentModules() },
);
