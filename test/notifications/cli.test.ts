import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { onlyJson, runCli } from '../helpers/cli.ts';
import { assignmentModules, emitAssigned } from '../helpers/assignment-module.ts';
import { addMember, handleEventsNow } from './helpers.ts';

interface Listed {
  id: string;
  kind: string;
  title: string;
  text: string;
  entityType: string;
  entityId: string;
  createdAt: string;
  read: boolean;
  readAt: string | null;
  messenger: { status: string; attempts: number } | null;
}

describeEachDatabase(
  'notifications CLI',
  (ctx) => {
    const cli = (...args: string[]) => runCli([...args, '--json'], { DATABASE_URL: ctx().config.databaseUrl });
    const links = (userId: string) => ctx().storage.db.selectFrom('messenger_links').select(['telegram_chat_id']).where('user_id', '=', userId).execute();

    it('user update links a Telegram chat (by user or membership id), replaces it, and unlinks it with "none"', async () => {
      const p = await createPrincipal(ctx());
      assert.deepEqual(onlyJson(await cli('user', 'update', '--org', p.slug, '--id', p.userId, '--telegram-chat-id', '123456789')), {
        id: p.userId,
        orgUserId: p.orgUserId,
        telegramChatId: '123456789',
      });
      assert.deepEqual(await links(p.userId), [{ telegram_chat_id: '123456789' }]);
      onlyJson(await cli('user', 'update', '--org', p.slug, '--id', p.orgUserId, '--telegram-chat-id', '-100777'));
      assert.deepEqual(await links(p.userId), [{ telegram_chat_id: '-100777' }]);
      assert.equal(onlyJson(await cli('user', 'update', '--org', p.slug, '--id', p.userId, '--telegram-chat-id', 'none')).telegramChatId, null);
      assert.deepEqual(await links(p.userId), []);
    });

    it('user update refuses a chat id that is not an integer, and a user of another organization', async () => {
      const p = await createPrincipal(ctx());
      const other = await createPrincipal(ctx());
      const bad = await cli('user', 'update', '--org', p.slug, '--id', p.userId, '--telegram-chat-id', '12ab');
      assert.equal(bad.code, 1);
      assert.deepEqual(JSON.parse(bad.stderr.trim()), { error: 'validation_error', message: 'telegram-chat-id: must be a Telegram chat id (an integer), or "none" to unlink' });
      const foreign = await cli('user', 'update', '--org', p.slug, '--id', other.userId, '--telegram-chat-id', '1');
      assert.equal(foreign.code, 1);
      assert.match(foreign.stderr, /user not found/);
      assert.deepEqual(await links(other.userId), []);
      const missing = await cli('user', 'update', '--org', p.slug, '--id', p.userId);
      assert.equal(missing.code, 2);
    });

    it('notifications list shows a user’s notifications newest first, --unread only the unread; read marks one (--id) or all (--all)', async () => {
      const p = await createPrincipal(ctx());
      const a = await addMember(ctx(), p.slug, 'A');
      const first = await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [a], actorId: p.userId, subject: 'First' });
      await handleEventsNow(ctx());
      const second = await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [a], actorId: p.userId, subject: 'Second' });
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [p.userId], subject: 'Not for A' });
      await handleEventsNow(ctx());

      const all = onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', a)) as { userId: string; notifications: Listed[] };
      assert.equal(all.userId, a);
      assert.deepEqual(
        all.notifications.map((n) => [n.title, n.entityId, n.kind, n.entityType, n.read, n.readAt, n.messenger]),
        [
          ['Assigned: Second', second, 'test.assigned', 'test_item', false, null, null],
          ['Assigned: First', first, 'test.assigned', 'test_item', false, null, null],
        ],
      );
      assert.match(all.notifications[0]!.createdAt, /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/);

      const firstId = all.notifications[1]!.id;
      assert.deepEqual(onlyJson(await cli('notifications', 'read', '--org', p.slug, '--user', a, '--id', firstId)), { userId: a, marked: 1 });
      const unread = onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', a, '--unread')) as { notifications: Listed[] };
      assert.deepEqual(unread.notifications.map((n) => n.title), ['Assigned: Second']);
      const listed = onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', a)) as { notifications: Listed[] };
      assert.equal(listed.notifications[1]!.read, true);
      assert.ok(listed.notifications[1]!.readAt);

      assert.deepEqual(onlyJson(await cli('notifications', 'read', '--org', p.slug, '--user', a, '--all')), { userId: a, marked: 1 });
      assert.deepEqual((onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', a, '--unread')) as { notifications: Listed[] }).notifications, []);
      const mine = onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', p.userId, '--unread')) as { notifications: Listed[] };
      assert.deepEqual(mine.notifications.map((n) => n.title), ['Assigned: Not for A'], 'another user’s notifications are untouched');
    });

    it('notifications read refuses another user’s notification, and needs exactly one of --id and --all', async () => {
      const p = await createPrincipal(ctx());
      const a = await addMember(ctx(), p.slug, 'A');
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [p.userId], subject: 'Mine' });
      await handleEventsNow(ctx());
      const mine = (onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', p.userId)) as { notifications: Listed[] }).notifications[0]!;
      const foreign = await cli('notifications', 'read', '--org', p.slug, '--user', a, '--id', mine.id);
      assert.equal(foreign.code, 1);
      assert.match(foreign.stderr, /notification not found/);
      assert.equal((await cli('notifications', 'read', '--org', p.slug, '--user', a)).code, 2);
      assert.equal((await cli('notifications', 'read', '--org', p.slug, '--user', a, '--id', mine.id, '--all')).code, 2);
      const still = (onlyJson(await cli('notifications', 'list', '--org', p.slug, '--user', p.userId, '--unread')) as { notifications: Listed[] }).notifications;
      assert.equal(still.length, 1);
    });
  },
  { modules: assignmentModules() },
);
