import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { updateOrganizationSettings } from '../../src/platform/service.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Envelope } from './helpers.ts';
import { countRows, eventsFor, fieldsOf } from './helpers.ts';

type ClientBody = Record<string, unknown> & { id: string; version: number };
type ChangePage = { items: ClientBody[]; total: number; next_cursor: string | null };

describeEachDatabase('CRM clients', (ctx) => {
  it('creates a client with defaults, E.164 phone and version 1, and emits client.created', async () => {
    const p = await createPrincipal(ctx());
    const res = await api(ctx(), p.token, 'POST', '/clients', { body: { name: '  Acme  ', phone: '90 123 45 67', email: 'sales@acme.example' } });
    assert.equal(res.statusCode, 201);
    const c = json<ClientBody>(res);
    assert.equal(c.name, 'Acme');
    assert.equal(c.phone, '+998901234567', 'a number without + is read in the region of the org currency (UZS → UZ)');
    assert.equal(c.version, 1);
    assert.deepEqual(c.tags, []);
    assert.equal(c.vat_number, null);
    assert.equal(c.is_archived, false);
    assert.match(String(c.created_at), /\+00:00$/);
    assert.deepEqual(await eventsFor(ctx(), p.orgId, c.id), [
      { event: 'client.created', data: { entityType: 'client', entityId: c.id, version: 1 } },
    ]);
    const got = await api(ctx(), p.token, 'GET', `/clients/${c.id}`);
    assert.equal(got.statusCode, 200);
    assert.deepEqual(json(got), c);
    assert.equal(got.headers.etag, '"1"');
    const again = await api(ctx(), p.token, 'GET', `/clients/${c.id}`, { headers: { 'if-none-match': '"1"' } });
    assert.equal(again.statusCode, 304);
  });

  it('keeps a supplied id and refuses a duplicate with 409', async () => {
    const p = await createPrincipal(ctx());
    const id = randomUUID();
    const first = await api(ctx(), p.token, 'POST', '/clients', { body: { id, name: 'One' } });
    assert.equal(first.statusCode, 201);
    assert.equal(json(first).id, id);
    const dup = await api(ctx(), p.token, 'POST', '/clients', { body: { id, name: 'Two' } });
    assert.equal(dup.statusCode, 409);
    assert.equal(json<Envelope>(dup).error, 'conflict');
    assert.equal(json<Envelope>(dup).details.error, 'duplicate_id');
    assert.equal(await countRows(ctx(), 'crm_clients', p.orgId), 1);
    assert.equal(await countRows(ctx(), 'events', p.orgId), 1, 'the failed create wrote no event');
  });

  it('refuses bad phone, bad email, bad id, empty name, unknown and read-only fields with 422 naming the field', async () => {
    const p = await createPrincipal(ctx());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'X', phone: '12' }, 'phone'],
      [{ name: 'X', phone: 'call me' }, 'phone'],
      [{ name: 'X', email: 'not-an-email' }, 'email'],
      [{ name: 'X', id: 'not-a-uuid' }, 'id'],
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 'X', version: 3 }, 'version'],
      [{ name: 'X', created_at: '2020-01-01' }, 'created_at'],
      [{ name: 'X', colour: 'red' }, 'colour'],
      [{ name: 'X', tags: 'vip' }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const res = await api(ctx(), p.token, 'POST', '/clients', { body });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.equal(json<Envelope>(res).details.error, 'validation_error');
      assert.ok(fieldsOf(res).includes(field), `${JSON.stringify(body)} → ${JSON.stringify(fieldsOf(res))}`);
    }
    assert.equal(await countRows(ctx(), 'crm_clients', p.orgId), 0);
    assert.equal(await countRows(ctx(), 'events', p.orgId), 0);
  });

  it('patches only the given fields, bumps the version, honours If-Match and emits client.updated with changedFields', async () => {
    const p = await createPrincipal(ctx());
    const c = json<ClientBody>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Old', city: 'Bukhara', tags: ['a'] } }));
    const res = await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { name: 'New', city: 'Bukhara' }, headers: { 'if-match': 'W/"1"' } });
    assert.equal(res.statusCode, 200);
    const patched = json<ClientBody>(res);
    assert.equal(patched.version, 2);
    assert.equal(patched.name, 'New');
    assert.deepEqual(patched.tags, ['a']);
    assert.equal(res.headers.etag, '"2"');
    const stale = await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { name: 'Newer' }, headers: { 'if-match': '1' } });
    assert.equal(stale.statusCode, 409);
    assert.equal(json<Envelope>(stale).details.error, 'stale_version');
    const free = await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { phone: '+998 90 123 45 67' } });
    assert.equal(free.statusCode, 200);
    assert.equal(json<ClientBody>(free).version, 3);
    const events = await eventsFor(ctx(), p.orgId, c.id);
    assert.deepEqual(events.map((e) => e.event), ['client.created', 'client.updated', 'client.updated']);
    assert.deepEqual(events[1]?.data, { entityType: 'client', entityId: c.id, version: 2, changedFields: ['name'] });
    assert.deepEqual(events[2]?.data.changedFields, ['phone']);
  });

  it('refuses read-only fields, bad If-Match and an empty body on PATCH; 404 for an unknown id', async () => {
    const p = await createPrincipal(ctx());
    const c = json<ClientBody>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'A' } }));
    for (const field of ['id', 'version', 'created_at', 'updated_at', 'created_by_user_id']) {
      const res = await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { [field]: 'x' } });
      assert.equal(res.statusCode, 422, field);
      assert.deepEqual(fieldsOf(res), [field]);
    }
    const bad = await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { name: 'B' }, headers: { 'if-match': 'banana' } });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(fieldsOf(bad), ['If-Match']);
    assert.equal((await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: {} })).statusCode, 422);
    assert.equal((await api(ctx(), p.token, 'PATCH', `/clients/${randomUUID()}`, { body: { name: 'B' } })).statusCode, 404);
    const missing = await api(ctx(), p.token, 'GET', `/clients/${randomUUID()}`);
    assert.equal(missing.statusCode, 404);
    assert.equal(json<Envelope>(missing).details.error, 'not_found');
    assert.equal(json<ClientBody>(await api(ctx(), p.token, 'GET', `/clients/${c.id}`)).version, 1);
  });

  it('archives with PATCH: gone from the list unless include_archived, still readable by id', async () => {
    const p = await createPrincipal(ctx());
    const c = json<ClientBody>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Archived one' } }));
    await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'Active one' } });
    assert.equal((await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { is_archived: true } })).statusCode, 200);
    const list = json<{ items: ClientBody[]; total: number }>(await api(ctx(), p.token, 'GET', '/clients'));
    assert.deepEqual(list.items.map((i) => i.name), ['Active one']);
    assert.equal(list.total, 1);
    const all = json<{ items: ClientBody[]; total: number }>(await api(ctx(), p.token, 'GET', '/clients', { query: { include_archived: 'true' } }));
    assert.equal(all.total, 2);
    assert.equal(json<ClientBody>(await api(ctx(), p.token, 'GET', `/clients/${c.id}`)).is_archived, true);
  });

  it('lists newest first with limit/offset and searches name, phone and email case-insensitively (Cyrillic too)', async () => {
    const p = await createPrincipal(ctx());
    for (const body of [
      { name: 'Первый Клиент', email: 'first@example.com' },
      { name: 'Second', phone: '+998 90 765 43 21' },
      { name: 'Third 100%_x', email: 'Third@Example.com' },
    ]) {
      assert.equal((await api(ctx(), p.token, 'POST', '/clients', { body })).statusCode, 201);
    }
    const page = json<{ items: ClientBody[]; total: number; limit: number; offset: number }>(await api(ctx(), p.token, 'GET', '/clients', { query: { limit: '2', offset: '0' } }));
    assert.deepEqual(page.items.map((i) => i.name), ['Third 100%_x', 'Second']);
    assert.equal(page.total, 3);
    assert.equal(page.limit, 2);
    assert.equal(page.offset, 0);
    const search = async (term: string) =>
      json<{ items: ClientBody[] }>(await api(ctx(), p.token, 'GET', '/clients', { query: { search: term } })).items.map((i) => i.name);
    assert.deepEqual(await search('ПЕРВЫЙ'), ['Первый Клиент']);
    assert.deepEqual(await search('клиент'), ['Первый Клиент']);
    assert.deepEqual(await search('7654321'), ['Second']);
    assert.deepEqual(await search('THIRD@example'), ['Third 100%_x']);
    assert.deepEqual(await search('100%_'), ['Third 100%_x']);
    assert.deepEqual(await search('%'), ['Third 100%_x'], 'wildcards are matched literally');
    assert.deepEqual(await search('nobody'), []);
    for (const query of [{ limit: '0' }, { limit: '201' }, { offset: '-1' }, { limit: 'x' }, { unknown: '1' }] as Array<Record<string, string>>) {
      assert.equal((await api(ctx(), p.token, 'GET', '/clients', { query })).statusCode, 422, JSON.stringify(query));
    }
  });

  it('reads numbers without "+" in the organization\'s phone region: from its currency, or the phoneRegion setting', async () => {
    const rub = await createPrincipal(ctx(), { currency: 'RUB' });
    const ru = await api(ctx(), rub.token, 'POST', '/clients', { body: { name: 'R', phone: '8 (495) 123-45-67' } });
    assert.equal(json(ru).phone, '+74951234567');
    await updateOrganizationSettings(ctx().storage, rub.slug, { phoneRegion: 'KZ' });
    const kz = await api(ctx(), rub.token, 'POST', '/clients', { body: { name: 'K', phone: '8 701 123 4567' } });
    assert.equal(json(kz).phone, '+77011234567');
    const eur = await createPrincipal(ctx(), { currency: 'EUR' });
    const none = await api(ctx(), eur.token, 'POST', '/clients', { body: { name: 'E', phone: '030 123456' } });
    assert.equal(none.statusCode, 422, 'no region: a number must be international');
    assert.equal(json(await api(ctx(), eur.token, 'POST', '/clients', { body: { name: 'E', phone: '+49 30 1234567' } })).phone, '+49301234567');
  });

  it('updated_since lists the clients changed at or after it, oldest change first, by cursor too; a resync from the last change seen minus a margin misses none', async () => {
    const p = await createPrincipal(ctx());
    const created: ClientBody[] = [];
    for (const name of ['Old A', 'Old B', 'Old C']) created.push(json<ClientBody>(await api(ctx(), p.token, 'POST', '/clients', { body: { name } })));
    const [a, b, c] = created as [ClientBody, ClientBody, ClientBody];
    const since = new Date(Date.parse(String(c.updated_at)) + 1);
    while (Date.now() <= since.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
    await api(ctx(), p.token, 'PATCH', `/clients/${b.id}`, { body: { city: 'Oslo' } });
    const d = json<ClientBody>(await api(ctx(), p.token, 'POST', '/clients', { body: { name: 'New D' } }));
    await api(ctx(), p.token, 'PATCH', `/clients/${a.id}`, { body: { is_archived: true } });

    const changed = (query: Record<string, string>) => api(ctx(), p.token, 'GET', '/clients', { query: { updated_since: since.toISOString(), ...query } });
    assert.deepEqual(json<{ items: ClientBody[] }>(await changed({})).items.map((r) => r.name), ['Old B', 'New D'], 'archived ones only with include_archived');
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ChangePage = json<ChangePage>(await changed({ include_archived: 'true', limit: '1', ...(cursor === null ? {} : { cursor }) }));
      assert.equal(page.total, 3);
      walked.push(...page.items.map((r) => String(r.name)));
      cursor = page.next_cursor;
    } while (cursor !== null);
    assert.deepEqual(walked, ['Old B', 'New D', 'Old A']);
    const offsetTime = (await changed({ updated_since: '2020-01-01T00:00:00+05:00' }));
    assert.equal(json<{ total: number }>(offsetTime).total, 3, 'a time with any offset is read as the instant it names');

    // The next run starts a minute before the last change it saw: a change stamped earlier but committed later is still met.
    const lastSeen = Date.parse(String(json<{ items: ClientBody[] }>(await changed({ include_archived: 'true' })).items.at(-1)?.updated_at));
    await api(ctx(), p.token, 'PATCH', `/clients/${c.id}`, { body: { city: 'Riga' } });
    const resync = json<{ items: ClientBody[] }>(await api(ctx(), p.token, 'GET', '/clients', { query: { updated_since: new Date(lastSeen - 60_000).toISOString(), include_archived: 'true' } }));
    assert.ok(resync.items.some((r) => r.id === c.id && r.city === 'Riga'));
    assert.ok(resync.items.some((r) => r.id === d.id));
    const bad = await api(ctx(), p.token, 'GET', '/clients', { query: { updated_since: 'yesterday' } });
    assert.equal(bad.statusCode, 422);
  });
});
