/**
 * The catalog's events of tasks, inventory, calendar, processes and finance: each raised by its
 * API action (or the operator's, for a cancelled process), delivered to a real HTTPS receiver of
 * a `*` subscription and served by the events feed under the same id, with the same body. A feed
 * reader follows only the tasks they may see.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { cancelByOperator } from '../../src/domains/processes/operator.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal, TestContext } from '../helpers/harness.ts';
import { makeCertificate, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { importTemplate, moveTask, start, taskOf } from '../processes/helpers.ts';
import { endDelivery, eventually, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

interface Body {
  event: string;
  data: { entityType: string; entityId: string } & Record<string, unknown>;
  ts: string;
}
interface FeedItem extends Body {
  id: string;
}

function created(res: { statusCode: number; body: string }): { id: string; version: number } {
  assert.equal(res.statusCode, 201, res.body);
  return JSON.parse(res.body) as { id: string; version: number };
}

/** Every event of the feed the token may read, oldest first. */
async function feedOf(ctx: TestContext, token: string): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let cursor = '';
  for (;;) {
    const res = await api(ctx, token, 'GET', '/events', { query: { limit: '500', ...(cursor === '' ? {} : { cursor }) } });
    assert.equal(res.statusCode, 200, res.body);
    const page = json<{ items: FeedItem[]; next_cursor: string }>(res);
    items.push(...page.items);
    if (page.items.length < 500) return items;
    cursor = page.next_cursor;
  }
}

async function patchOnce(ctx: TestContext, p: Principal, path: string, body: Record<string, unknown>, version: number): Promise<void> {
  const res = await api(ctx, p.token, 'PATCH', path, { body, headers: { 'if-match': String(version) } });
  assert.equal(res.statusCode, 200, res.body);
}

describeEachDatabase(
  'every domain\'s changes reach webhooks and the feed',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    const receivers: Receiver[] = [];
    afterEach(() => endDelivery(ctx(), running, receivers));

    it('each new catalog event is raised by its action and arrives by webhook and by feed under the same id', async () => {
      const p = await createPrincipal(ctx());
      const receiver = await startReceiver(cert);
      receivers.push(receiver);
      const sub = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'everything', url: receiver.url, events: '*' } });
      assert.equal(sub.statusCode, 201, sub.body);
      running.push(await startDelivery(ctx()));

      const task = created(await api(ctx(), p.token, 'POST', '/tasks', { body: { title: 'Follow me', assignee_id: p.userId } }));
      await patchOnce(ctx(), p, `/tasks/${task.id}`, { status: 'In progress' }, task.version);
      const product = created(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Bolt' } }));
      await patchOnce(ctx(), p, `/products/${product.id}`, { name: 'Bolt M6' }, product.version);
      const warehouse = (await ctx().storage.db.selectFrom('warehouses').select('id').where('org_id', '=', p.orgId).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
      const movement = created(await api(ctx(), p.token, 'POST', '/movements', { body: { kind: 'in', warehouse_id: warehouse, lines: [{ item_id: product.id, qty: '2.5' }] } }));
      const startAt = new Date(Date.now() + 86_400_000).toISOString();
      const meeting = created(await api(ctx(), p.token, 'POST', '/meetings', { body: { title: 'Sync', start_at: startAt } }));
      const approver = await createPrincipal(ctx(), { slug: p.slug, rights: ['finance.approve'], scopes: ['finance:read', 'finance:write'] });
      const request = created(await api(ctx(), p.token, 'POST', '/finance-requests', { body: { title: 'Paper', amount: '10.00' } }));
      await patchOnce(ctx(), approver, `/finance-requests/${request.id}`, { status: 'rejected' }, request.version);
      const template = await importTemplate(ctx(), p, 'sign-off', [
        { id: 'approve', title: 'Approve', stage_type: 'approval', start: true, next: ['done'], executor: p.userId },
        { id: 'done', title: 'Done', stage_type: 'end' },
      ]);
      const approved = await start(ctx(), p, { template_id: template });
      await moveTask(ctx(), p, (await taskOf(ctx(), p.orgId, approved.current_stage_ids[0]!)).id, ['In progress', 'Done']);
      const rejected = await start(ctx(), p, { template_id: template });
      await moveTask(ctx(), p, (await taskOf(ctx(), p.orgId, rejected.current_stage_ids[0]!)).id, ['Cancelled']);
      const cancelled = await start(ctx(), p, { template_id: template });
      await cancelByOperator(ctx().storage, p.slug, cancelled.id, 'not needed');

      const expected: Array<[string, string]> = [
        ['task.created', task.id], ['task.assigned', task.id], ['task.updated', task.id], ['task.status_changed', task.id],
        ['product.created', product.id], ['product.updated', product.id], ['movement.created', movement.id], ['meeting.created', meeting.id],
        ['finance_request.rejected', request.id],
        ['process.started', approved.id], ['process.stage_decided', approved.id], ['process.completed', approved.id],
        ['process.started', rejected.id], ['process.stage_decided', rejected.id], ['process.failed', rejected.id],
        ['process.started', cancelled.id], ['process.cancelled', cancelled.id],
      ];
      const has = (items: Body[]) => expected.every(([event, id]) => items.some((b) => b.event === event && b.data.entityId === id));
      const bodies = () => receiver.received.map((r) => ({ id: String(r.headers['x-webhook-id']), ...(JSON.parse(r.body.toString()) as Body) }));
      await eventually(async () => bodies(), has);
      const delivered = bodies();
      const feed = await eventually(() => feedOf(ctx(), p.token), has);
      for (const [event, id] of expected) {
        const hook = delivered.find((b) => b.event === event && b.data.entityId === id);
        assert.ok(hook, `${event} of ${id} was delivered`);
        const item = feed.find((f) => f.id === hook.id);
        assert.ok(item, `${event} of ${id} is in the feed under its X-Webhook-Id`);
        assert.deepEqual({ event: item.event, data: item.data, ts: item.ts }, { event: hook.event, data: hook.data, ts: hook.ts });
      }
      const stock = delivered.find((b) => b.event === 'movement.created')!;
      assert.deepEqual(stock.data.stockChanges, [{ warehouseId: warehouse, itemId: product.id, change: 2.5 }], 'the movement names the stock it changed');
      assert.deepEqual(delivered.find((b) => b.event === 'product.updated')?.data.changedFields, ['name']);
      assert.deepEqual(delivered.filter((b) => b.event === 'process.stage_decided').map((b) => b.data.decision).sort(), ['approved', 'rejected']);
      const catalog = json<{ events: string[] }>(await api(ctx(), p.token, 'GET', '/webhooks/event-catalog')).events;
      for (const [event] of expected) assert.ok(catalog.includes(event), `${event} is in the catalog`);
    });

    it('a feed reader gets the events of the tasks they may see, and none of the others', async () => {
      const owner = await createPrincipal(ctx());
      const reader = await createPrincipal(ctx(), { slug: owner.slug, rights: ['tasks.edit'], scopes: ['tasks:read'] });
      const hidden = created(await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Not yours' } }));
      const shown = created(await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Yours', assignee_id: reader.userId } }));
      assert.equal((await api(ctx(), reader.token, 'GET', `/tasks/${hidden.id}`)).statusCode, 404, 'the reader does not see the first task');
      const all = await eventually(() => feedOf(ctx(), owner.token), (items) => items.filter((i) => i.data.entityType === 'task').length >= 3);
      assert.deepEqual(all.filter((i) => i.data.entityType === 'task').map((i) => [i.event, i.data.entityId]), [['task.created', hidden.id], ['task.created', shown.id], ['task.assigned', shown.id]]);
      const theirs = await feedOf(ctx(), reader.token);
      assert.deepEqual(theirs.map((i) => [i.event, i.data.entityId]), [['task.created', shown.id], ['task.assigned', shown.id]]);
      // A page of one still finds the visible event behind the hidden one, and then the end.
      const first = json<{ items: FeedItem[]; next_cursor: string }>(await api(ctx(), reader.token, 'GET', '/events', { query: { limit: '1' } }));
      assert.deepEqual(first.items.map((i) => i.data.entityId), [shown.id]);
      await patchOnce(ctx(), owner, `/tasks/${hidden.id}`, { title: 'Still not yours' }, hidden.version);
      const next = json<{ items: FeedItem[] }>(await api(ctx(), reader.token, 'GET', '/events', { query: { limit: '1', cursor: first.next_cursor } }));
      assert.deepEqual(next.items.map((i) => [i.event, i.data.entityId]), [['task.assigned', shown.id]]);
    });

    it('with include=record the feed gives each record as its GET shows it right after the change, and never without it', async () => {
      const p = await createPrincipal(ctx());
      const task = created(await api(ctx(), p.token, 'POST', '/tasks', { body: { title: 'Snapshot', assignee_id: p.userId } }));
      const afterCreate = json<Record<string, unknown>>(await api(ctx(), p.token, 'GET', `/tasks/${task.id}`));
      await patchOnce(ctx(), p, `/tasks/${task.id}`, { title: 'Snapshot 2', priority: 'high' }, task.version);
      const product = created(await api(ctx(), p.token, 'POST', '/products', { body: { name: 'Nut', price: 1.5 } }));
      const warehouse = (await ctx().storage.db.selectFrom('warehouses').select('id').where('org_id', '=', p.orgId).where('is_default', '=', true).executeTakeFirstOrThrow()).id;
      const movement = created(await api(ctx(), p.token, 'POST', '/movements', { body: { kind: 'in', warehouse_id: warehouse, lines: [{ item_id: product.id, qty: 4 }] } }));
      const meetingRes = await api(ctx(), p.token, 'POST', '/meetings', { body: { title: 'Look', start_at: new Date(Date.now() + 86_400_000).toISOString() } });
      const meeting = created(meetingRes);
      const meetingMoved = await api(ctx(), p.token, 'PATCH', `/meetings/${meeting.id}`, { body: { location: 'Room 2' }, headers: { 'if-match': String(meeting.version) } });
      assert.equal(meetingMoved.statusCode, 200, meetingMoved.body);
      const client = created(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Recorded Ltd' } }));
      await patchOnce(ctx(), p, `/clients/${client.id}`, { city: 'Riga' }, client.version);
      const deal = created(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Recorded deal', client_id: client.id, amount: 10 } }));
      const request = created(await api(ctx(), p.token, 'POST', '/finance-requests', { body: { title: 'Recorded request', amount: '12.50' } }));
      const template = await importTemplate(ctx(), p, 'recorded', [
        { id: 'approve', title: 'Approve', stage_type: 'approval', start: true, next: ['done'], executor: p.userId },
        { id: 'done', title: 'Done', stage_type: 'end' },
      ]);
      const getProcess = async (id: string) => json(await api(ctx(), p.token, 'GET', `/processes/${id}`));
      const approved = await start(ctx(), p, { template_id: template });
      const approvedAtStart = await getProcess(approved.id);
      const cancelled = await start(ctx(), p, { template_id: template });
      await cancelByOperator(ctx().storage, p.slug, cancelled.id, 'not needed');
      // The engine decides the stage when it handles the task's status change: the event runner does that.
      running.push(await startDelivery(ctx()));
      await moveTask(ctx(), p, (await taskOf(ctx(), p.orgId, approved.current_stage_ids[0]!)).id, ['In progress', 'Done']);

      const read = async (include: boolean) => {
        const res = await api(ctx(), p.token, 'GET', '/events', { query: { limit: '500', ...(include ? { include: 'record' } : {}) } });
        assert.equal(res.statusCode, 200, res.body);
        return json<{ items: FeedItem[] }>(res).items;
      };
      const items = await eventually(() => read(true), (list) => list.some((i) => i.event === 'process.cancelled') && list.some((i) => i.event === 'process.completed'));
      const recordOf = (event: string, id: string) => items.find((i) => i.event === event && i.data.entityId === id)?.data.record;
      assert.deepEqual(recordOf('task.created', task.id), afterCreate, 'the record at the version the event reports');
      assert.deepEqual(recordOf('task.updated', task.id), json(await api(ctx(), p.token, 'GET', `/tasks/${task.id}`)));
      assert.deepEqual(recordOf('product.created', product.id), json(await api(ctx(), p.token, 'GET', `/products/${product.id}`)));
      assert.deepEqual(recordOf('movement.created', movement.id), json(await api(ctx(), p.token, 'GET', `/movements/${movement.id}`)));
      assert.deepEqual(recordOf('meeting.created', meeting.id), json(meetingRes));
      assert.deepEqual(recordOf('meeting.updated', meeting.id), json(meetingMoved));
      assert.deepEqual(recordOf('client.updated', client.id), json(await api(ctx(), p.token, 'GET', `/clients/${client.id}`)));
      assert.deepEqual(recordOf('deal.created', deal.id), json(await api(ctx(), p.token, 'GET', `/deals/${deal.id}`)));
      assert.deepEqual(recordOf('finance_request.created', request.id), json(await api(ctx(), p.token, 'GET', `/finance-requests/${request.id}`)));
      assert.deepEqual(recordOf('process.started', approved.id), approvedAtStart, 'the started process with its start stage active');
      assert.deepEqual(recordOf('process.cancelled', cancelled.id), await getProcess(cancelled.id));
      const approvedAtEnd = await getProcess(approved.id);
      assert.equal((approvedAtEnd as { status?: string }).status, 'completed');
      assert.deepEqual(recordOf('process.stage_decided', approved.id), approvedAtEnd, 'decided and completed in one step: the process as it ended');
      assert.deepEqual(recordOf('process.completed', approved.id), approvedAtEnd);
      assert.ok((await read(false)).every((i) => !('record' in i.data)), 'the record only when asked for');
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);
