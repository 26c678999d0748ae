import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';
import { countRows, eventsFor } from './helpers.ts';

describeEachDatabase('CRM idempotency and optimistic locking under concurrency', (ctx) => {
  it('50 concurrent POST /clients with one Idempotency-Key create exactly one client', async () => {
    const p = await createPrincipal(ctx());
    const key = randomUUID();
    const body = { name: 'Once only', email: 'once@example.com' };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => api(ctx(), p.token, 'POST', '/clients', { body, headers: { 'idempotency-key': key } })),
    );
    assert.equal(await countRows(ctx(), 'crm_clients', p.orgId), 1);
    const created = responses.filter((r) => r.statusCode === 201);
    const fresh = created.filter((r) => r.headers['idempotent-replayed'] === undefined);
    assert.equal(fresh.length, 1, 'one request performed the create');
    for (const r of responses) {
      if (r.statusCode === 201) assert.equal(r.body, fresh[0]?.body, 'replays carry the same bytes');
      else {
        assert.equal(r.statusCode, 409, r.body);
        assert.equal(json<Envelope>(r).details.error, 'idempotency_in_progress');
      }
    }
    const id = json<{ id: string }>(fresh[0]!).id;
    assert.equal((await eventsFor(ctx(), p.orgId, id)).length, 1, 'one client.created event');
    const repeat = await api(ctx(), p.token, 'POST', '/clients', { body: { email: 'once@example.com', name: 'Once only' }, headers: { 'idempotency-key': key } });
    assert.equal(repeat.statusCode, 201);
    assert.equal(repeat.headers['idempotent-replayed'], 'true');
    assert.equal(repeat.body, fresh[0]?.body);
    const other = await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Something else' }, headers: { 'idempotency-key': key } });
    assert.equal(other.statusCode, 422);
    assert.equal(json<Envelope>(other).details.error, 'validation_error');
    assert.equal(await countRows(ctx(), 'crm_clients', p.orgId), 1);
  });

  it('a failed POST with a key stores nothing, and the key can be used once the body is mended', async () => {
    const p = await createPrincipal(ctx());
    const key = randomUUID();
    const bad = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'D', stage: 'Nope' }, headers: { 'idempotency-key': key } });
    assert.equal(bad.statusCode, 422);
    assert.equal(await countRows(ctx(), 'events', p.orgId), 0);
    const good = await api(ctx(), p.token, 'POST', '/deals', { body: { title: 'D' }, headers: { 'idempotency-key': key } });
    assert.equal(good.statusCode, 201);
    assert.equal(await countRows(ctx(), 'crm_deals', p.orgId), 1);
  });

  for (const kind of ['clients', 'contacts', 'deals'] as const) {
    it(`two concurrent PATCH /${kind} with the same If-Match give one 200 and one 409`, async () => {
      const p = await createPrincipal(ctx());
      const body = kind === 'deals' ? { title: 'T' } : { name: 'N' };
      const rec = json<{ id: string }>(await api(ctx(), p.token, 'POST', `/${kind}`, { body }));
      const change = (n: number) => (kind === 'deals' ? { title: `T${n}` } : { name: `N${n}` });
      const [a, b] = await Promise.all([1, 2].map((n) => api(ctx(), p.token, 'PATCH', `/${kind}/${rec.id}`, { body: change(n), headers: { 'if-match': '"1"' } })));
      const codes = [a!.statusCode, b!.statusCode].sort();
      assert.deepEqual(codes, [200, 409]);
      const loser = a!.statusCode === 409 ? a! : b!;
      assert.equal(json<Envelope>(loser).details.error, 'stale_version');
      const now = json<{ version: number }>(await api(ctx(), p.token, 'GET', `/${kind}/${rec.id}`));
      assert.equal(now.version, 2);
    });
  }

  it('concurrent PATCHes without If-Match all apply, each bumping the version once', async () => {
    const p = await createPrincipal(ctx());
    const rec = json<{ id: string }>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'N' } }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api(ctx(), p.token, 'PATCH', `/clients/${rec.id}`, { body: { tags: [`t${i}`] } })),
    );
    assert.deepEqual(results.map((r) => r.statusCode), Array(10).fill(200));
    assert.deepEqual(results.map((r) => json<{ version: number }>(r).version).sort((x, y) => x - y), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
