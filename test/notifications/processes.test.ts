import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { startServer, stopServer } from '../helpers/child-server.ts';
import { after, afterEach, it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { assignmentModules, emitAssigned } from '../helpers/assignment-module.ts';
import { eventually, settle } from '../webhooks/helpers.ts';
import { addMember, botEnv, botError, botOk, messages, startBotApi } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

/** A server process serving the assignment module and the notifications service; resolves once it listens. */
const serve = async (databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> =>
  (await startServer(['test/helpers/serve-notifications.ts'], databaseUrl, env)).process;
const stop = stopServer;

/** `count` members of the organization, each with a linked chat (chat ids 5000, 5001, …). */
async function linkedMembers(ctx: TestContext, p: Principal, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await addMember(ctx, p.slug, `M${i}`);
    await setTelegramChat(ctx.storage, p.slug, id, String(5000 + i));
    ids.push(id);
  }
  return ids;
}

const key = (m: { chat_id: unknown; text: unknown }) => `${String(m.chat_id)} ${String(m.text)}`;

describeEachDatabase(
  'messenger deliveries from several server processes',
  (ctx) => {
    const children: ChildProcess[] = [];
    let api: Receiver | undefined;
    afterEach(async () => {
      for (const c of children.splice(0)) await stop(c);
      await api?.close();
    });

    it('sends each message exactly once with two servers dispatching, and keeps what is emitted while none runs', async () => {
      api = await startBotApi(cert);
      api.respond = () => ({ ...botOk(), delayMs: 30 });
      const p = await createPrincipal(ctx());
      const users = await linkedMembers(ctx(), p, 20);
      const env = { ...botEnv(api, cert), BIZPLAT_EVENT_POLL_MS: '200' };
      children.push(...(await Promise.all([serve(ctx().config.databaseUrl, env), serve(ctx().config.databaseUrl, env)])));
      for (let i = 0; i < 3; i++) await emitAssigned(ctx().storage, p.orgId, { assigneeIds: users, subject: `Round ${i}` });
      await api.waitFor(60);
      await settle(500);
      assert.equal(api.received.length, 60);
      assert.equal(new Set(messages(api).map(key)).size, 60, 'no message sent twice');

      for (const c of children.splice(0)) assert.equal(await stop(c), 0);
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: users, subject: 'While stopped' });
      await settle(300);
      assert.equal(api.received.length, 60);
      children.push(await serve(ctx().config.databaseUrl, env));
      await api.waitFor(80);
      await settle(300);
      assert.equal(api.received.length, 80);
      assert.equal(new Set(messages(api).map(key)).size, 80);
      // Attempts are recorded in batches after their answer.
      const open = await eventually(
        () => ctx().storage.db.selectFrom('messenger_deliveries').select('id').where('org_id', '=', p.orgId).where('status', '!=', 'succeeded').execute(),
        (rows) => rows.length === 0,
      );
      assert.deepEqual(open, []);
      assert.equal(api.received.length, 80);
    });

    it('a server killed with pending messenger deliveries loses none: after a restart each message arrives once', async () => {
      api = await startBotApi(cert);
      let healthyFrom = Infinity;
      api.respond = (n) => (n >= healthyFrom ? botOk() : botError(500, 'Internal Server Error'));
      const p = await createPrincipal(ctx());
      const users = await linkedMembers(ctx(), p, 10);
      const env = { ...botEnv(api, cert), BIZPLAT_EVENT_POLL_MS: '200', BIZPLAT_TELEGRAM_RETRY_SCHEDULE: Array(50).fill('0.2').join(',') };
      const doomed = await serve(ctx().config.databaseUrl, env);
      await emitAssigned(ctx().storage, p.orgId, { assigneeIds: users, subject: 'Survive' });
      await api.waitFor(15);
      await stop(doomed, 'SIGKILL');
      const pending = await ctx().storage.db.selectFrom('messenger_deliveries').select('id').where('org_id', '=', p.orgId).where('status', '=', 'pending').execute();
      assert.equal(pending.length, 10, 'every delivery still pending after the crash');
      healthyFrom = api.received.length;
      children.push(await serve(ctx().config.databaseUrl, env));
      await api.waitFor(healthyFrom + 10);
      await settle(500);
      const answeredOk = messages(api).slice(healthyFrom).map(key);
      assert.equal(answeredOk.length, 10, 'nothing sent after its success');
      assert.equal(new Set(answeredOk).size, 10, 'every message once');
      const states = await eventually(
        () => ctx().storage.db.selectFrom('messenger_deliveries').select('status').where('org_id', '=', p.orgId).execute(),
        (rows) => rows.every((r) => r.status === 'succeeded'),
      );
      assert.deepEqual(states.map((s) => s.status), Array(10).fill('succeeded'));
    });
  },
  { modules: assignmentModules() },
);
