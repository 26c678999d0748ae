import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { migrate } from '../../src/setup.ts';
import { EVENT_NAMES } from '../../src/domains/webhooks/catalog.ts';
import { SIGNATURE_NOTE } from '../../src/domains/webhooks/subscriptions.ts';

interface Sub {
  id: string;
  name: string;
  url: string;
  events: string[];
  isActive: boolean;
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  secret?: string;
  note?: string;
}
interface ErrorBody {
  error: string;
  details: { error: string; fields?: Array<{ field: string; message: string }> };
}

const PUBLIC_URL = 'https://93.184.216.34/hooks/bizplat';

describeEachDatabase('webhook subscriptions API', (ctx) => {
  it('lists the event catalog: the 9 events and *', async () => {
    const p = await createPrincipal(ctx());
    const res = await api(ctx(), p.token, 'GET', '/webhooks/event-catalog');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(json(res), { events: [...EVENT_NAMES, '*'] });
    assert.deepEqual(EVENT_NAMES.slice(0, 9), ['client.created', 'client.updated', 'deal.created', 'deal.updated', 'deal.won', 'deal.lost', 'finance_request.created', 'finance_request.approved', 'finance_request.paid']);
  });

  it('appears in the capabilities catalog under event_bus (beside the events feed) and in the OpenAPI document', async () => {
    const p = await createPrincipal(ctx());
    const catalog = json<{ capabilities: Array<{ key: string; actions: Array<{ method: string; path: string; scope: string; permissions: string[] }> }> }>(
      await api(ctx(), p.token, 'GET', '/capabilities'),
    );
    const bus = catalog.capabilities.find((c) => c.key === 'event_bus');
    assert.deepEqual(
      bus?.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.permissions.join(',')}`).sort(),
      ['DELETE /webhooks/:id admin:all all', 'GET /events any ', 'GET /webhooks admin:all all', 'GET /webhooks/event-catalog admin:all all', 'PATCH /webhooks/:id admin:all all', 'POST /webhooks admin:all all', 'POST /webhooks/:id/rotate-secret admin:all all', 'POST /webhooks/:id/test admin:all all'],
    );
    const doc = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/openapi.json' });
    assert.equal(doc.statusCode, 200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(doc).paths);
    assert.ok(paths.includes('/webhooks') && paths.includes('/webhooks/{id}') && paths.includes('/webhooks/event-catalog'), paths.join(' '));
  });

  it('needs scope admin:all and an administrator owner on every route', async () => {
    const crmWriter = await createPrincipal(ctx(), { scopes: ['crm:read', 'crm:write'] });
    const notAdmin = await createPrincipal(ctx(), { scopes: ['admin:all'], rights: ['crm.clients', 'crm.deals.edit'] });
    for (const p of [crmWriter, notAdmin]) {
      for (const [method, path, body] of [
        ['GET', '/webhooks/event-catalog', undefined],
        ['GET', '/webhooks', undefined],
        ['POST', '/webhooks', { name: 'x', url: PUBLIC_URL, events: '*' }],
        ['DELETE', '/webhooks/0190d1a0-0000-7000-8000-000000000000', undefined],
      ] as const) {
        const res = await api(ctx(), p.token, method, path, body ? { body } : {});
        assert.equal(res.statusCode, 403, `${method} ${path}`);
        assert.equal(json<ErrorBody>(res).details.error, 'insufficient_scope');
      }
    }
    assert.equal((await api(ctx(), undefined, 'GET', '/webhooks')).statusCode, 401);
  });

  it('creates a subscription: 201, secret and note once, then lists it without the secret', async () => {
    const p = await createPrincipal(ctx());
    const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'ERP sync', url: PUBLIC_URL, events: ['client.created', 'deal.won'] } });
    assert.equal(res.statusCode, 201);
    const created = json<Sub>(res);
    assert.deepEqual(
      { ...created, id: undefined, secret: undefined, note: undefined },
      { id: undefined, version: 1, name: 'ERP sync', url: PUBLIC_URL, events: ['client.created', 'deal.won'], isActive: true, includeRecord: false, failureCount: 0, lastSuccessAt: null, lastFailureAt: null, secret: undefined, note: undefined },
    );
    assert.match(created.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/, 'whsec_ and 32 random bytes in base64');
    assert.match(created.note!, /HMAC-SHA256/);
    assert.match(created.note!, /X-Webhook-Signature/);

    const list = await api(ctx(), p.token, 'GET', '/webhooks');
    assert.equal(list.statusCode, 200);
    const body = json<{ items: Sub[] }>(list);
    assert.deepEqual(Object.keys(body), ['items']);
    assert.equal(body.items.length, 1);
    assert.equal(body.items[0]!.id, created.id);
    assert.equal(list.body.includes(created.secret!), false);
    assert.deepEqual(Object.keys(body.items[0]!).sort(), ['events', 'failureCount', 'id', 'includeRecord', 'isActive', 'lastFailureAt', 'lastSuccessAt', 'name', 'url', 'version']);

    const stored = await ctx().storage.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.equal(stored.secret.includes(created.secret!), false, 'sealed at rest, never in clear');
    assert.match(stored.secret, /^sealed1:[A-Za-z0-9_-]+$/);

    const other = await createPrincipal(ctx());
    assert.deepEqual(json(await api(ctx(), other.token, 'GET', '/webhooks')), { items: [] }, 'another organization sees none');
  });

  it('stores the target normalized (the parsed href, without fragment): what is shown is what is called', async () => {
    const p = await createPrincipal(ctx());
    const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'n', url: 'HTTPS://93.184.216.34:443/hooks/./x/../Bizplat?q=a b#frag', events: '*' } });
    assert.equal(res.statusCode, 201, res.body);
    const normalized = 'https://93.184.216.34/hooks/Bizplat?q=a%20b';
    assert.equal(json<Sub>(res).url, normalized);
    assert.equal(json<{ items: Sub[] }>(await api(ctx(), p.token, 'GET', '/webhooks')).items[0]!.url, normalized);
    const stored = await ctx().storage.db.selectFrom('webhook_subscriptions').select('url').where('org_id', '=', p.orgId).executeTakeFirstOrThrow();
    assert.equal(stored.url, normalized);
  });

  it('accepts "*" and ["*"] for every event', async () => {
    const p = await createPrincipal(ctx());
    for (const events of ['*', ['*']]) {
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'all', url: PUBLIC_URL, events } });
      assert.equal(res.statusCode, 201);
      assert.deepEqual(json<Sub>(res).events, ['*']);
    }
  });

  it('answers a repeated POST with the same Idempotency-Key with the same subscription, created once, and the secret shown once', async () => {
    const p = await createPrincipal(ctx());
    const request = { body: { name: 'once', url: PUBLIC_URL, events: ['deal.won'] }, headers: { 'idempotency-key': 'create-hook-1' } };
    const first = await api(ctx(), p.token, 'POST', '/webhooks', request);
    const again = await api(ctx(), p.token, 'POST', '/webhooks', request);
    assert.equal(first.statusCode, 201);
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const created = json<Sub>(first);
    assert.match(created.secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(json<Sub>(again).id, created.id);
    assert.equal(json<{ items: Sub[] }>(await api(ctx(), p.token, 'GET', '/webhooks')).items.length, 1);

    // The replay is the subscription without its secret, with a note saying it was shown once.
    const replay = json<Sub>(again);
    assert.equal('secret' in replay, false);
    assert.equal(again.body.includes(created.secret!), false);
    assert.match(replay.note!, /shown only in the first response/);
    const { secret: _secret, note: _note, ...subscription } = created;
    assert.deepEqual({ ...replay, note: undefined }, { ...subscription, note: undefined });
    const stored = await ctx().storage.db.selectFrom('idempotency_keys').select('response_body').where('token_id', '=', p.tokenId).where('key', '=', 'create-hook-1').executeTakeFirstOrThrow();
    assert.equal(stored.response_body?.includes(created.secret!), false, 'the idempotency record never holds the secret');

    assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${created.id}`)).statusCode, 200);
    const afterDelete = await api(ctx(), p.token, 'POST', '/webhooks', request);
    assert.equal(afterDelete.statusCode, 201);
    assert.equal(afterDelete.body.includes(created.secret!), false, 'nor after the subscription was deleted');
  });

  it('a migration removes stored create responses that held a secret, and only those', async () => {
    const p = await createPrincipal(ctx());
    const secret = 'ab'.repeat(32);
    const oldBody = JSON.stringify({ id: '0190d1a0-0000-7000-8000-0000000000aa', name: 'old', url: PUBLIC_URL, events: ['*'], isActive: true, failureCount: 0, lastSuccessAt: null, lastFailureAt: null, secret, note: SIGNATURE_NOTE });
    const row = (key: string, body: string) => ({ org_id: p.orgId, token_id: p.tokenId, key, request_hash: 'h', state: 'done' as const, status_code: 201, response_body: body, locked_until: new Date().toISOString(), created_at: new Date().toISOString() });
    await ctx().storage.db.insertInto('idempotency_keys').values([row('old-create', oldBody), row('other', '{"id":"x","name":"secret"}')]).execute();
    await sql`delete from schema_migrations where name = '0303_drop_replays_holding_secrets'`.execute(ctx().storage.db);
    assert.deepEqual(await migrate(ctx().storage), ['0303_drop_replays_holding_secrets']);
    const left = await ctx().storage.db.selectFrom('idempotency_keys').select('key').where('token_id', '=', p.tokenId).orderBy('key').execute();
    assert.deepEqual(left.map((r) => r.key), ['other']);
  });

  it('refuses bad bodies with 422 naming the field', async () => {
    const p = await createPrincipal(ctx());
    const cases: Array<[unknown, string]> = [
      [{ url: PUBLIC_URL, events: '*' }, 'name'],
      [{ name: '  ', url: PUBLIC_URL, events: '*' }, 'name'],
      [{ name: 'x', events: '*' }, 'url'],
      [{ name: 'x', url: 'http://93.184.216.34/hook', events: '*' }, 'url'],
      [{ name: 'x', url: 'not a url', events: '*' }, 'url'],
      [{ name: 'x', url: 'https://user:pw@93.184.216.34/hook', events: '*' }, 'url'],
      [{ name: 'x', url: PUBLIC_URL }, 'events'],
      [{ name: 'x', url: PUBLIC_URL, events: [] }, 'events'],
      [{ name: 'x', url: PUBLIC_URL, events: 'client.created' }, 'events'],
      [{ name: 'x', url: PUBLIC_URL, events: ['client.created', 'client.deleted'] }, 'events.1'],
      [{ name: 'x', url: PUBLIC_URL, events: ['*', 'deal.won'] }, 'events.0'],
      [{ name: 'x', url: PUBLIC_URL, events: '*', secret: 'mine' }, 'secret'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: body as Record<string, unknown> });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      const err = json<ErrorBody>(res);
      assert.equal(err.details.error, 'validation_error');
      assert.ok(err.details.fields?.some((f) => f.field === field), `${JSON.stringify(body)} → ${JSON.stringify(err.details.fields)}`);
    }
    assert.deepEqual(json(await api(ctx(), p.token, 'GET', '/webhooks')), { items: [] });
  });

  it('refuses every loopback, private and reserved target form at create time', async () => {
    const p = await createPrincipal(ctx());
    for (const host of [
      '127.0.0.1', '2130706433', '0x7f.1', '017700000001', '127.1', '0x7f000001', '10.0.0.5', '172.16.3.4', '192.168.0.10', '169.254.169.254',
      '100.64.1.1', '0.0.0.0', '224.0.0.251', '240.1.2.3', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[fe80::1]', '[fd00::1]', '[ff02::1]', '[::]',
      'localhost', 'app.localhost', 'localhost.',
    ]) {
      const res = await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'ssrf', url: `https://${host}:8443/hook`, events: '*' } });
      assert.equal(res.statusCode, 422, host);
      assert.equal(json<ErrorBody>(res).details.fields?.[0]?.field, 'url', host);
    }
    assert.deepEqual(json(await api(ctx(), p.token, 'GET', '/webhooks')), { items: [] });
  });

  it('DELETE disables the subscription, answers { ok: true }, and 404s for unknown ids', async () => {
    const p = await createPrincipal(ctx());
    const created = json<Sub>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'gone', url: PUBLIC_URL, events: '*' } }));
    const other = await createPrincipal(ctx());
    assert.equal((await api(ctx(), other.token, 'DELETE', `/webhooks/${created.id}`)).statusCode, 404, 'not across organizations');
    const res = await api(ctx(), p.token, 'DELETE', `/webhooks/${created.id}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(json(res), { ok: true });
    const items = json<{ items: Sub[] }>(await api(ctx(), p.token, 'GET', '/webhooks')).items;
    assert.equal(items[0]!.isActive, false);
    assert.equal((await api(ctx(), p.token, 'DELETE', `/webhooks/${created.id}`)).statusCode, 200, 'repeating it changes nothing');
    const missing = await api(ctx(), p.token, 'DELETE', '/webhooks/0190d1a0-0000-7000-8000-000000000000');
    assert.equal(missing.statusCode, 404);
    assert.equal(json<ErrorBody>(missing).details.error, 'not_found');
    assert.equal((await api(ctx(), p.token, 'DELETE', '/webhooks/not-a-uuid')).statusCode, 404);
  });
});
