import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { auditOf } from './helpers.ts';

describeEachDatabase('webhook subscriptions in the audit trail', (ctx) => {
  it('creating and disabling a subscription are audited with who, when and which subscription, never the secret', async () => {
    const owner = await createPrincipal(ctx());
    const before = Date.now();
    const created = await api(ctx(), owner.token, 'POST', '/webhooks', {
      body: { name: 'CRM sync', url: 'https://hooks.example.com/in', events: ['client.created'] },
      headers: { 'idempotency-key': 'audit-create-1' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id, secret } = created.json() as { id: string; secret: string };
    const replay = await api(ctx(), owner.token, 'POST', '/webhooks', {
      body: { name: 'CRM sync', url: 'https://hooks.example.com/in', events: ['client.created'] },
      headers: { 'idempotency-key': 'audit-create-1' },
    });
    assert.equal(replay.statusCode, 201);
    assert.equal((await api(ctx(), owner.token, 'DELETE', `/webhooks/${id}`)).statusCode, 200);
    assert.equal((await api(ctx(), owner.token, 'DELETE', `/webhooks/${id}`)).statusCode, 200, 'repeating the delete changes nothing');

    const audit = (await auditOf(ctx(), owner.token)).filter((e) => e.target.id === id);
    assert.deepEqual(audit.map((e) => e.action), ['webhook.disable', 'webhook.create'], 'one entry each, newest first; the replay and the repeated delete write none');
    const [disabled, create] = audit as [(typeof audit)[number], (typeof audit)[number]];
    for (const entry of [create, disabled]) {
      assert.equal(entry.target.type, 'webhook_subscription');
      assert.deepEqual([entry.actor.via, entry.actor.userId, entry.actor.tokenId], ['api', owner.userId, owner.tokenId]);
      assert.ok(Date.parse(entry.at) >= before - 1000 && Date.parse(entry.at) <= Date.now() + 1000, entry.at);
    }
    assert.deepEqual(create.changes.url, { before: null, after: 'https://hooks.example.com/in' });
    assert.deepEqual(create.changes.events, { before: null, after: ['client.created'] });
    assert.deepEqual(disabled.changes, { isActive: { before: true, after: false } });
    const stored = await ctx().storage.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    const all = JSON.stringify(await ctx().storage.db.selectFrom('audit_log').selectAll().execute());
    assert.ok(!all.includes(secret) && !all.includes(stored.secret.slice(8, 40)), 'no secret, clear or sealed, in the audit trail');
  });

  it('a refused create writes no audit entry', async () => {
    const owner = await createPrincipal(ctx());
    const refused = await api(ctx(), owner.token, 'POST', '/webhooks', { body: { name: 'x', url: 'https://hooks.example.com/in', events: ['no.such.event'] } });
    assert.equal(refused.statusCode, 422);
    assert.equal((await auditOf(ctx(), owner.token)).filter((e) => e.action.startsWith('webhook.')).length, 0);
  });
});
