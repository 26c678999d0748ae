import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { importData } from '../../src/import.ts';
import { allMigrations } from '../../src/setup.ts';
import { runMigrations } from '../../src/storage/migrations.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';

interface Record {
  id: string;
  client_id?: string | null;
}

const UPPER = '0190D1A0-ABCD-7EF0-8ABC-DEF012345678';
const LOWER = UPPER.toLowerCase();
const MIXED = '0190d1a0-ABCD-7ef0-8abc-DEF012345678';

describeEachDatabase('UUIDs compare case-insensitively, in every domain', (ctx) => {
  it('stores a supplied upper-case id in lower case, finds it by a path id in any case, and refuses a case-only twin as a duplicate', async () => {
    const p = await createPrincipal(ctx());
    const created = await api(ctx(), p.token, 'POST', '/clients', { body: { id: UPPER, name: 'Upper Ltd' } });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(json<Record>(created).id, LOWER);
    const stored = await ctx().storage.db.selectFrom('crm_clients').select('id').where('org_id', '=', p.orgId).execute();
    assert.deepEqual(stored, [{ id: LOWER }]);
    for (const id of [UPPER, LOWER, MIXED]) {
      const res = await api(ctx(), p.token, 'GET', `/clients/${id}`);
      assert.equal(res.statusCode, 200, id);
      assert.equal(json<Record>(res).id, LOWER);
    }
    for (const id of [LOWER, MIXED]) {
      const twin = await api(ctx(), p.token, 'POST', '/clients', { body: { id, name: 'Twin' } });
      assert.equal(twin.statusCode, 409, id);
      assert.equal(json<{ details: { error: string } }>(twin).details.error, 'duplicate_id');
    }
    const patched = await api(ctx(), p.token, 'PATCH', `/clients/${MIXED}`, { body: { city: 'Tashkent' } });
    assert.equal(patched.statusCode, 200, patched.body);

    // A reference in any case links to the record.
    const contact = await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'Ann', client_id: UPPER } });
    assert.equal(contact.statusCode, 201, contact.body);
    assert.equal(json<Record>(contact).client_id, LOWER);
    const filtered = await api(ctx(), p.token, 'GET', '/contacts', { query: { client_id: MIXED } });
    assert.equal(filtered.statusCode, 200, filtered.body);
    assert.equal(json<{ items: Record[] }>(filtered).items.length, 1);
  });

  it('applies to other domains: an imported product and a webhook subscription by an upper-case path id', async () => {
    const p = await createPrincipal(ctx());
    await importData(ctx().storage, p.slug, { products: [{ id: UPPER, name: 'Widget', sku: 'W-1' }] });
    const product = await api(ctx(), p.token, 'GET', `/products/${UPPER}`);
    assert.equal(product.statusCode, 200, product.body);
    assert.equal(json<Record>(product).id, LOWER);

    const sub = json<Record>(await api(ctx(), p.token, 'POST', '/webhooks', { body: { name: 'h', url: 'https://93.184.216.34/hook', events: '*' } }));
    const deleted = await api(ctx(), p.token, 'DELETE', `/webhooks/${sub.id.toUpperCase()}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  it('a migration lowers ids stored in upper case before, and the references to them', async () => {
    const p = await createPrincipal(ctx());
    const other = '0190D1A0-0000-7000-8000-00000000BEEF';
    const client = await api(ctx(), p.token, 'POST', '/clients', { body: { id: other.toLowerCase(), name: 'Old' } });
    const contact = json<Record>(await api(ctx(), p.token, 'POST', '/contacts', { body: { name: 'Bob', client_id: other.toLowerCase() } }));
    assert.equal(client.statusCode, 201);
    // As stored before ids were lowered.
    await ctx().storage.db.updateTable('crm_clients').set({ id: other }).where('org_id', '=', p.orgId).where('id', '=', other.toLowerCase()).execute();
    await ctx().storage.db.updateTable('crm_contacts').set({ client_id: other }).where('org_id', '=', p.orgId).where('id', '=', contact.id).execute();
    assert.equal((await api(ctx(), p.token, 'GET', `/clients/${other}`)).statusCode, 404, 'unreachable until migrated');
    await sql`delete from schema_migrations where name = '0102_crm_ids_lower_case'`.execute(ctx().storage.db);
    assert.deepEqual(await runMigrations(ctx().storage.db, ctx().storage.dialect, allMigrations()), ['0102_crm_ids_lower_case']);
    assert.equal((await api(ctx(), p.token, 'GET', `/clients/${other}`)).statusCode, 200);
    assert.equal(json<Record>(await api(ctx(), p.token, 'GET', `/contacts/${contact.id}`)).client_id, other.toLowerCase());
  });
});
