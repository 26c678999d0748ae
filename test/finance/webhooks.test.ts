import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { makeCertificate, opensslHmac, startReceiver } from '../helpers/https-receiver.ts';
import { settle, startDelivery } from '../webhooks/helpers.ts';
import { file, patch, team } from './helpers.ts';

const cert = makeCertificate();
after(() => cert.remove());

describeEachDatabase('finance events reach a real HTTPS webhook subscriber', (ctx) => {
  it('created, approved and paid arrive in order, signed, with the CRM payload shape; the internal approval request never does', async () => {
    const t = await team(ctx());
    const receiver = await startReceiver(cert);
    const delivery = await startDelivery(ctx(), { webhookPollMs: 200, eventPollMs: 200 });
    try {
      // Webhooks need admin:all and every role right: an administrator of the same organization subscribes.
      const admin = await createPrincipal(ctx(), { slug: t.slug });
      const sub = await api(ctx(), admin.token, 'POST', '/webhooks', { body: { name: 'erp', url: receiver.url, events: '*' } });
      assert.equal(sub.statusCode, 201, sub.body);
      const { secret } = json<{ secret: string }>(sub);
      const r = await file(ctx(), t.requester, { title: 'Hooked', amount: '99.90' });
      assert.equal((await patch(ctx(), t.approver, r.id, { status: 'approved' }, 1)).statusCode, 200);
      assert.equal((await patch(ctx(), t.payer, r.id, { status: 'paid' }, 2)).statusCode, 200);
      const got = await receiver.waitFor(3);
      await settle(300);
      assert.equal(receiver.received.length, 3, 'nothing else arrives (approval_requested is internal)');
      const bodies = got.map((g) => JSON.parse(g.body.toString('utf8')) as { event: string; data: Record<string, unknown>; ts: string });
      assert.deepEqual(bodies.map((b) => b.event), ['finance_request.created', 'finance_request.approved', 'finance_request.paid']);
      assert.deepEqual(bodies.map((b) => b.data), [1, 2, 3].map((version) => ({ entityType: 'finance_request', entityId: r.id, version })));
      for (const g of got) assert.equal(g.headers['x-webhook-signature'], opensslHmac(secret, g.body, cert.dir));
      for (const b of bodies) assert.match(b.ts, /[+-]\d\d:\d\d$|Z$/);
    } finally {
      await delivery.stop();
      await receiver.close();
    }
  });
}, { env: { BIZPLAT_WEBHOOK_ALLOW_PRIVATE: '1', BIZPLAT_WEBHOOK_CA_FILE: cert.certFile, BIZPLAT_WEBHOOK_POLL_MS: '200' } });
