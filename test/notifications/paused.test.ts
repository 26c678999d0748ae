import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { cliSource } from '../../src/platform/audit.ts';
import { switchOutgoing } from '../../src/platform/outgoing.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { assignmentModules, emitAssigned } from '../helpers/assignment-module.ts';
import { eventually } from '../webhooks/helpers.ts';
import { addMember, botConfig, messages, startBotApi, startNotifying } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

describeEachDatabase(
  'messenger deliveries while outgoing deliveries are paused',
  (ctx) => {
    let api: Receiver | undefined;
    let running: { stop(): Promise<void> } | undefined;
    afterEach(async () => {
      await running?.stop();
      await api?.close();
    });

    const pauseOrResume = (p: Principal, paused: boolean) =>
      ctx().storage.transaction((tx) => switchOutgoing(tx, [{ id: p.orgId, slug: p.slug }], paused, 'test', cliSource()));

    it('a paused organization\'s Telegram message stays queued while another\'s goes out, and is sent after resume', async () => {
      api = await startBotApi(cert);
      const held = await createPrincipal(ctx());
      const other = await createPrincipal(ctx());
      const heldUser = await addMember(ctx(), held.slug, 'Held');
      const otherUser = await addMember(ctx(), other.slug, 'Other');
      await setTelegramChat(ctx().storage, held.slug, heldUser, '111');
      await setTelegramChat(ctx().storage, other.slug, otherUser, '222');
      await pauseOrResume(held, true);
      running = await startNotifying(ctx(), botConfig(api, cert));

      // The held message is queued first: the dispatcher takes due messages oldest first, so once
      // the later one has gone out, the held one would have gone too had it not been paused.
      await emitAssigned(ctx().storage, held.orgId, { assigneeIds: [heldUser], subject: 'Held task' });
      const queued = await eventually(
        () => ctx().storage.db.selectFrom('messenger_deliveries').select(['status', 'attempts']).where('org_id', '=', held.orgId).execute(),
        (rows) => rows.length > 0,
      );
      await emitAssigned(ctx().storage, other.orgId, { assigneeIds: [otherUser], subject: 'Other task' });
      await api.waitFor(1);
      assert.deepEqual(queued, [{ status: 'pending', attempts: 0 }]);
      assert.deepEqual(
        await ctx().storage.db.selectFrom('messenger_deliveries').select(['status', 'attempts']).where('org_id', '=', held.orgId).execute(),
        [{ status: 'pending', attempts: 0 }],
        'written and waiting, unattempted',
      );
      assert.deepEqual(messages(api).map((m) => m.chat_id), [222]);

      await pauseOrResume(held, false);
      await api.waitFor(2);
      assert.deepEqual(messages(api).map((m) => m.chat_id), [222, 111]);
    });
  },
  { modules: assignmentModules() },
);
