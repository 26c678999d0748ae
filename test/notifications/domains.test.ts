/**
 * The notifications of the served domains, end to end: a task filed with an executor and a
 * payment request filed for approval reach their users' inboxes and, for a linked chat, a
 * local HTTPS server speaking the Bot API's sendMessage — through the real modules.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { setTelegramChat } from '../../src/domains/notifications/inbox.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { TestContext } from '../helpers/harness.ts';
import { makeCertificate } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { eventually } from '../webhooks/helpers.ts';
import { botConfig, messages, startBotApi, startNotifying } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

async function inbox(ctx: TestContext, orgId: string): Promise<Array<{ user_id: string; kind: string; entity_type: string; entity_id: string }>> {
  return ctx.storage.db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'entity_type', 'entity_id'])
    .where('org_id', '=', orgId)
    .orderBy('user_id')
    .execute();
}

describeEachDatabase('notifications from the served domains', (ctx) => {
  let bot: Receiver | undefined;
  const running: Array<{ stop(): Promise<void> }> = [];
  afterEach(async () => {
    for (const r of running.splice(0)) await r.stop();
    await bot?.close();
  });

  it('POST /tasks with an executor: the executor gets an in-app notification and a Telegram message; the creator gets nothing', async () => {
    bot = await startBotApi(cert);
    running.push(await startNotifying(ctx(), botConfig(bot, cert)));
    const creator = await createPrincipal(ctx(), { rights: ['tasks.edit'], scopes: ['tasks:read', 'tasks:write'] });
    const executor = await createPrincipal(ctx(), { slug: creator.slug, rights: [], scopes: ['tasks:read'] });
    await setTelegramChat(ctx().storage, creator.slug, executor.userId, '777001');
    await setTelegramChat(ctx().storage, creator.slug, creator.userId, '777002');

    const created = await api(ctx(), creator.token, 'POST', '/tasks', { body: { title: 'Call the supplier', assignee_id: executor.userId } });
    assert.equal(created.statusCode, 201, created.body);
    const task = json<{ id: string }>(created);

    await bot.waitFor(1);
    const rows = await eventually(() => inbox(ctx(), creator.orgId), (r) => r.length > 0);
    assert.deepEqual(rows, [{ user_id: executor.userId, kind: 'task.assigned', entity_type: 'task', entity_id: task.id }]);
    const sent = messages(bot);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.chat_id, 777001);
    assert.match(String(sent[0]!.text), /Call the supplier/);
  });

  it('POST /finance-requests: every eligible approver gets an in-app notification, the linked one a Telegram message; the requester and the payer nothing', async () => {
    bot = await startBotApi(cert);
    running.push(await startNotifying(ctx(), botConfig(bot, cert)));
    const scopes = ['finance:read', 'finance:write'];
    const requester = await createPrincipal(ctx(), { rights: ['finance.approve'], scopes });
    const approver = await createPrincipal(ctx(), { slug: requester.slug, rights: ['finance.approve'], scopes });
    const approver2 = await createPrincipal(ctx(), { slug: requester.slug, rights: ['finance.approve'], scopes });
    const payer = await createPrincipal(ctx(), { slug: requester.slug, rights: ['finance.pay'], scopes });
    await setTelegramChat(ctx().storage, requester.slug, approver.userId, '888001');
    await setTelegramChat(ctx().storage, requester.slug, payer.userId, '888002');

    const filed = await api(ctx(), requester.token, 'POST', '/finance-requests', { body: { title: 'Office chairs', amount: '1500000.00' } });
    assert.equal(filed.statusCode, 201, filed.body);
    const request = json<{ id: string }>(filed);

    await bot.waitFor(1);
    const rows = await eventually(() => inbox(ctx(), requester.orgId), (r) => r.length >= 2);
    const expected = [approver.userId, approver2.userId].sort().map((user_id) => ({ user_id, kind: rows[0]!.kind, entity_type: rows[0]!.entity_type, entity_id: request.id }));
    assert.deepEqual(rows, expected);
    assert.ok(!rows.some((r) => r.user_id === requester.userId || r.user_id === payer.userId));
    const sent = messages(bot);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.chat_id, 888001);
    assert.match(String(sent[0]!.text), /Office chairs/);
  });
});
