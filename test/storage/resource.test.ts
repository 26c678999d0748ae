import assert from 'node:assert/strict';
import { it } from 'node:test';
import { clients, deals } from '../../src/domains/crm/queries.ts';
import { RecordNotFoundError } from '../../src/storage/errors.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

type Rec = Record<string, unknown> & { id: string };

describeEachDatabase('declared resources', (ctx) => {
  it('get answers the record, or a 404 naming the resource, and the API says the same', async () => {
    const p = await createPrincipal(ctx());
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Got' } }));
    assert.deepEqual(await clients.get(ctx().storage.db, p.orgId, client.id), await clients.find(ctx().storage.db, p.orgId, client.id));
    await assert.rejects(clients.get(ctx().storage.db, p.orgId, 'no-such-client'), (error) => error instanceof RecordNotFoundError && error.message === 'client not found');
    await assert.rejects(
      ctx().storage.transaction((tx) => clients.update(tx.db, p.orgId, 'no-such-client', undefined, () => ({ name: 'x' }))),
      (error) => error instanceof RecordNotFoundError && error.message === 'client not found',
    );
    const missing = await api(ctx(), p.token, 'GET', '/clients/no-such-client');
    assert.equal(missing.statusCode, 404);
    assert.equal(json<{ message: string }>(missing).message, 'client not found');
  });

  it('get with a sees that refuses the record answers exactly as a missing one; update returns the record before the change', async () => {
    const p = await createPrincipal(ctx());
    const db = ctx().storage.db;
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Seen' } }));
    assert.equal((await clients.get(db, p.orgId, client.id, (record) => record.name === 'Seen')).id, client.id);
    const hidden = await clients.get(db, p.orgId, client.id, async () => false).catch((error: unknown) => error);
    const missing = await clients.get(db, p.orgId, 'no-such-client').catch((error: unknown) => error);
    assert.ok(hidden instanceof RecordNotFoundError && missing instanceof RecordNotFoundError);
    assert.equal(hidden.message, missing.message);

    const outcome = await ctx().storage.transaction((tx) => clients.update(tx.db, p.orgId, client.id, undefined, () => ({ name: 'Renamed' })));
    assert.deepEqual([outcome.before.name, outcome.record.name, outcome.changed], ['Seen', 'Renamed', ['name']]);
  });

  it("update's plan receives the record and its stored row, joined fields included, and runs again after a concurrent change", async () => {
    const p = await createPrincipal(ctx());
    const client = json<Rec>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Acme' } }));
    const deal = json<Rec>(await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'Big one', client_id: client.id } }));
    const before = await deals.find(ctx().storage.db, p.orgId, deal.id);
    const runs: Array<{ version: unknown; storedVersion: unknown; orgId: unknown }> = [];
    const outcome = await ctx().storage.transaction((tx) =>
      deals.update(tx.db, p.orgId, deal.id, undefined, async (current, stored) => {
        if (runs.length === 0) {
          assert.deepEqual(current, before, 'the record is what find answers, joined fields included');
          // Another writer moves the version between the read and the write.
          await tx.db.updateTable('crm_deals').set((eb) => ({ version: eb('version', '+', 1) })).where('org_id', '=', p.orgId).where('id', '=', deal.id).execute();
        }
        runs.push({ version: current.version, storedVersion: stored.version, orgId: stored.org_id });
        return { title: 'Bigger one' };
      }),
    );
    assert.equal(outcome.record.title, 'Bigger one');
    assert.deepEqual(outcome.changed, ['title']);
    assert.equal(runs.length, 2, 'the plan ran again on the fresh row');
    for (const run of runs) assert.equal(Number(run.storedVersion), run.version);
    assert.deepEqual(runs.map((r) => r.orgId), [p.orgId, p.orgId], 'the stored row carries columns the record does not show');
    assert.equal(Number(runs[1]!.version), Number(runs[0]!.version) + 1);
  });
});
