import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';
import { countRows, fieldsOf } from './helpers.ts';

type Body = Record<string, unknown> & { id: string; version: number };

describeEachDatabase('CRM contacts', (ctx) => {
  it('creates a contact of a client with normalized channels', async () => {
    const p = await createPrincipal(ctx());
    const client = json<Body>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Acme' } }));
    const res = await api(ctx(), p.token, 'POST', '/contacts', {
      body: { name: 'Anna', client_id: client.id, email: 'Anna@Acme.example', telegram: '@anna_t', instagram: 'https://instagram.com/anna.i', phone: '+7 (495) 123-45-67', job_title: 'CFO' },
    });
    assert.equal(res.statusCode, 201);
    const c = json<Body>(res);
    assert.equal(c.version, 1);
    assert.equal(c.client_id, client.id);
    assert.equal(c.phone, '+74951234567');
    assert.deepEqual(c.tags, []);
    assert.deepEqual(c.channels, [
      { kind: 'phone', value: '+74951234567', isPrimary: true, verified: false },
      { kind: 'email', value: 'anna@acme.example', isPrimary: false, verified: false },
      { kind: 'telegram', value: 'anna_t', isPrimary: false, verified: false },
      { kind: 'instagram', value: 'anna.i', isPrimary: false, verified: false },
    ]);
    const got = await api(ctx(), p.token, 'GET', `/contacts/${c.id}`);
    assert.deepEqual(json(got), c);
    assert.equal(got.headers.etag, '"1"');
  });

  it('refuses a client_id that is not a client of the organization, and bad channels, with 422', async () => {
    const p = await createPrincipal(ctx());
    for (const [body, field] of [
      [{ name: 'A', client_id: randomUUID() }, 'client_id'],
      [{ name: 'A', phone: '000' }, 'phone'],
      [{ name: 'A', email: 'a@' }, 'email'],
      [{ name: 'A', channels: [] }, 'channels'],
      [{ client_id: null }, 'name'],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await api(ctx(), p.token, 'POST', '/contacts', { body });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.ok(fieldsOf(res).includes(field), `${JSON.stringify(body)}: ${JSON.stringify(fieldsOf(res))}`);
    }
    assert.equal(await countRows(ctx(), 'crm_contacts', p.orgId), 0);
  });

  it('patches with If-Match, recomputes channels, archives, filters by client and searches', async () => {
    const p = await createPrincipal(ctx());
    const a = json<Body>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'A' } }));
    const b = json<Body>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'B' } }));
    const c1 = json<Body>(await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'Сергей Петров', client_id: a.id, email: 's@a.example' } }));
    const c2 = json<Body>(await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'Olga', client_id: b.id } }));
    const res = await api(ctx(), p.token, 'PATCH', `/contacts/${c1.id}`, { body: { email: null, telegram: 'serg' }, headers: { 'if-match': '"1"' } });
    assert.equal(res.statusCode, 200);
    const patched = json<Body>(res);
    assert.equal(patched.version, 2);
    assert.equal(patched.email, null);
    assert.deepEqual(patched.channels, [{ kind: 'telegram', value: 'serg', isPrimary: true, verified: false }]);
    const stale = await api(ctx(), p.token, 'PATCH', `/contacts/${c1.id}`, { body: { name: 'X' }, headers: { 'if-match': '1' } });
    assert.equal(stale.statusCode, 409);
    assert.equal(json<Envelope>(stale).details.error, 'stale_version');
    assert.equal((await api(ctx(), p.token, 'PATCH', `/contacts/${c1.id}`, { body: { client_id: randomUUID() } })).statusCode, 422);
    assert.equal((await api(ctx(), p.token, 'PATCH', `/contacts/${randomUUID()}`, { body: { name: 'X' } })).statusCode, 404);
    assert.equal((await api(ctx(), p.token, 'GET', `/contacts/${randomUUID()}`)).statusCode, 404);

    const list = async (query: Record<string, string>) =>
      json<{ items: Body[]; total: number }>(await api(ctx(), p.token, 'GET', '/contacts', { query })).items.map((i) => i.id);
    assert.deepEqual(await list({ client_id: a.id }), [c1.id]);
    assert.deepEqual(await list({ search: 'сергей' }), [c1.id]);
    assert.deepEqual(await list({}), [c2.id, c1.id]);
    assert.equal((await api(ctx(), p.token, 'PATCH', `/contacts/${c2.id}`, { body: { is_archived: true } })).statusCode, 200);
    assert.deepEqual(await list({}), [c1.id]);
    assert.deepEqual(await list({ include_archived: 'true' }), [c2.id, c1.id]);
    assert.equal(json<Body>(await api(ctx(), p.token, 'GET', `/contacts/${c2.id}`)).is_archived, true);
  });
});
