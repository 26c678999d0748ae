import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { messageText } from '../../src/domains/notifications/notify.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { assignmentModules, emitAssigned } from '../helpers/assignment-module.ts';
import { deactivate } from '../helpers/members.ts';
import { addMember, handleEventsNow } from './helpers.ts';

describeEachDatabase(
  'notifications from a module rule',
  (ctx) => {
    const inApp = (orgId: string) =>
      ctx()
        .storage.db.selectFrom('notifications')
        .select(['user_id', 'kind', 'title', 'text', 'entity_type', 'entity_id', 'read_at'])
        .where('org_id', '=', orgId)
        .orderBy('user_id')
        .execute();

    it('writes one in-app notification per recipient (duplicates once), none for the actor, none for non-members', async () => {
      const p = await createPrincipal(ctx());
      const a = await addMember(ctx(), p.slug, 'A');
      const b = await addMember(ctx(), p.slug, 'B');
      const stranger = await createPrincipal(ctx());
      const entityId = await emitAssigned(ctx().storage, p.orgId, {
        assigneeIds: [a, b, a, p.userId, stranger.userId, 'no-such-user'],
        actorId: p.userId,
        subject: 'Call the client',
      });
      await handleEventsNow(ctx());
      const rows = await inApp(p.orgId);
      assert.deepEqual(
        rows.map((r) => r.user_id),
        [a, b].sort(),
      );
      for (const r of rows) {
        assert.deepEqual(
          { ...r, user_id: undefined },
          { user_id: undefined, kind: 'test.assigned', title: 'Assigned: Call the client', text: 'You were assigned "Call the client".', entity_type: 'test_item', entity_id: entityId, read_at: null },
        );
      }
      assert.deepEqual(await inApp(stranger.orgId), [], 'the other organization got nothing');
      assert.deepEqual(await ctx().storage.db.selectFrom('messenger_deliveries').select('id').where('org_id', '=', p.orgId).execute(), [], 'no chat linked: in-app only');
    });

    it('the actor alone assigned is not notified at all', async () => {
      const p = await createPrincipal(ctx());
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [p.userId], actorId: p.userId, subject: 'Self' });
      await handleEventsNow(ctx());
      assert.deepEqual(await inApp(p.orgId), []);
    });

    it('an event of one organization naming another organization’s linked user notifies nobody there', async () => {
      const p = await createPrincipal(ctx());
      const other = await createPrincipal(ctx());
      await setTelegramChat(ctx().storage, other.slug, other.userId, '777');
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [other.userId], subject: 'Leak?' });
      await handleEventsNow(ctx());
      assert.deepEqual(await ctx().storage.db.selectFrom('notifications').select('id').where('user_id', '=', other.userId).execute(), []);
      assert.deepEqual(await ctx().storage.db.selectFrom('messenger_deliveries').select('id').where('user_id', '=', other.userId).execute(), []);
    });

    it('writes a pending messenger delivery for each recipient with a linked chat, with the exact text to send', async () => {
      const p = await createPrincipal(ctx());
      const linked = await addMember(ctx(), p.slug, 'Linked');
      const unlinked = await addMember(ctx(), p.slug, 'Unlinked');
      await setTelegramChat(ctx().storage, p.slug, linked, '-100200300');
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [linked, unlinked], subject: 'Ship it' });
      await handleEventsNow(ctx());
      const deliveries = await ctx()
        .storage.db.selectFrom('messenger_deliveries as d')
        .innerJoin('notifications as n', (j) => j.onRef('n.org_id', '=', 'd.org_id').onRef('n.id', '=', 'd.notification_id'))
        .select(['d.user_id', 'd.chat_id', 'd.text', 'd.status', 'd.attempts', 'n.user_id as notified'])
        .where('d.org_id', '=', p.orgId)
        .execute();
      assert.deepEqual(deliveries, [
        { user_id: linked, chat_id: '-100200300', text: messageText('Assigned: Ship it', 'You were assigned "Ship it".'), status: 'pending', attempts: 0, notified: linked },
      ]);
      assert.equal((await inApp(p.orgId)).length, 2);
    });

    it('a user deactivated after the event was raised gets no in-app notification; the others do', async () => {
      const p = await createPrincipal(ctx());
      const stays = await addMember(ctx(), p.slug, 'Stays');
      const gone = await addMember(ctx(), p.slug, 'Gone');
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: [stays, gone], actorId: p.userId, subject: 'Ship it' });
      await deactivate(ctx(), p.orgId, gone);
      await handleEventsNow(ctx());
      const rows = await ctx().storage.db.selectFrom('notifications').select('user_id').where('org_id', '=', p.orgId).execute();
      assert.deepEqual(rows.map((r) => r.user_id), [stays]);
    });
  },
  { modules: assignmentModules() },
);
