/**
 * The record as a subscription option (includeRecord, an extension): a subscription that asks
 * gets data.record, the record as its GET shows it after the change; one that does not gets
 * exactly the spec's body. Both signatures verify over the bytes sent.
 */
import assert from 'node:assert/strict';
import { after, afterEach, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import type { Receiver } from '../helpers/https-receiver.ts';
import { emitClientCreated, endDelivery, startDelivery } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

interface Body {
  event: string;
  data: Record<string, unknown>;
}

describeEachDatabase(
  'the record beside each delivery, for the subscriptions that ask for it',
  (ctx) => {
    const running: Array<{ stop(): Promise<void> }> = [];
    const receivers: Receiver[] = [];
    afterEach(() => endDelivery(ctx(), running, receivers));

    it('includeRecord: true adds data.record as GET shows it; without it the body is the spec\'s; each verifies under its secret', async () => {
      const p = await createPrincipal(ctx());
      const plain = await startReceiver(cert);
      const full = await startReceiver(cert);
      receivers.push(plain, full);
      const subscribe = async (url: string, extra: Record<string, unknown>) => {
        const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'hooks', url, events: ['task.created', 'meeting.updated', 'client.created'], ...extra } });
        assert.equal(res.statusCode, 201, res.body);
        return json<{ id: string; secret: string; includeRecord: boolean }>(res);
      };
      const without = await subscribe(plain.url, {});
      const withRecord = await subscribe(full.url, { includeRecord: true });
      assert.deepEqual([without.includeRecord, withRecord.includeRecord], [false, true]);
      const listed = json<{ items: Array<{ id: string; includeRecord: boolean }> }>(await api(ctx(), p.token, 'GET', '/webhooks')).items;
      assert.deepEqual(listed.map((s) => [s.id, s.includeRecord]), [[without.id, false], [withRecord.id, true]]);
      running.push(await startDelivery(ctx()));

      const task = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/tasks', { body: { title: 'Carry me' } }));
      const meeting = json<{ id: string; version: number }>(await api(ctx(), p.token, 'POST', '/meetings', { body: { title: 'Plan', start_at: new Date(Date.now() + 86_400_000).toISOString() } }));
      const moved = await api(ctx(), p.token, 'PATCH', `/meetings/${meeting.id}`, { body: { title: 'Plan B' }, headers: { 'if-match': String(meeting.version) } });
      assert.equal(moved.statusCode, 200, moved.body);
      await emitClientCreated(ctx().storage, p.orgId);
      const [plainGot, fullGot] = [await plain.waitFor(3), await full.waitFor(3)];
      const bodies = (got: typeof plainGot) => got.map((r) => JSON.parse(r.body.toString()) as Body);
      const find = (list: Body[], event: string) => list.find((b) => b.event === event)!;

      const taskRecord = json(await api(ctx(), p.token, 'GET', `/tasks/${task.id}`));
      assert.deepEqual(find(bodies(fullGot), 'task.created').data, { entityType: 'task', entityId: task.id, version: 1, record: taskRecord });
      assert.deepEqual(find(bodies(plainGot), 'task.created').data, { entityType: 'task', entityId: task.id, version: 1 });
      assert.deepEqual(find(bodies(fullGot), 'meeting.updated').data, { entityType: 'meeting', entityId: meeting.id, version: 2, changedFields: ['title'], record: json(moved) });
      assert.deepEqual(find(bodies(plainGot), 'meeting.updated').data, { entityType: 'meeting', entityId: meeting.id, version: 2, changedFields: ['title'] });
      assert.ok(!('record' in find(bodies(fullGot), 'client.created').data), 'no record where the writer gave none');

      for (const [got, secret] of [[plainGot, without.secret], [fullGot, withRecord.secret]] as const) {
        for (const r of got) {
          assert.equal(r.headers['x-webhook-signature'], opensslHmac(secret, r.body, cert.dir));
          const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));
          assert.ok(new Webhook(secret).verify(r.body.toString('utf8'), headers));
        }
      }
    });

    it('includeRecord must be a boolean', async () => {
      const p = await createPrincipal(ctx());
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'hooks', url: 'https://hooks.example.com/in', events: '*', includeRecord: 'yes' } });
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.body, /includeRecord/);
    });
  },
  { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile } },
);
