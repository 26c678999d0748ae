import assert from 'node:assert/strict';
import { it } from 'node:test';
import { crmDemoData } from '../../src/domains/crm/demo.ts';
import { importData } from '../../src/import.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { countRows } from './helpers.ts';
import { importError } from '../helpers/envelope.ts';

const FUNNEL_ID = '0190a1b2-0000-7000-8000-00000000a001';
const CLIENT_ID = '0190a1b2-0000-7000-8000-00000000a101';
const CONTACT_ID = '0190a1b2-0000-7000-8000-00000000a201';
const DEAL_ID = '0190a1b2-0000-7000-8000-00000000a301';

function goodFile(): Record<string, unknown[]> {
  return {
    deals: [
      { id: DEAL_ID, version: 3, title: 'Imported deal', client_id: CLIENT_ID, contact_id: CONTACT_ID, amount: 99.99, currency: 'EUR', funnel_id: FUNNEL_ID, stage: 'Signed', created_at: '2024-01-01T00:00:00+00:00' },
    ],
    contacts: [{ id: CONTACT_ID, client_id: CLIENT_ID, name: 'Импорт Контакт', telegram: '@imp', channels: [] }],
    clients: [{ id: CLIENT_ID, name: 'Imported client', phone: '+998 90 111 22 33', tags: ['import'], version: 1 }],
    funnels: [
      {
        id: FUNNEL_ID,
        name: 'Projects',
        stages: [
          { id: '0190a1b2-0000-7000-8000-00000000a011', name: 'Brief', kind: 'open', order: 1 },
          { id: '0190a1b2-0000-7000-8000-00000000a012', name: 'Signed', kind: 'won', order: 2 },
          { id: '0190a1b2-0000-7000-8000-00000000a013', name: 'Dropped', kind: 'lost', order: 3 },
        ],
      },
    ],
  };
}

describeEachDatabase('CRM import', (ctx) => {
  it('imports funnels, clients, contacts and deals in dependency order, keeping ids', async () => {
    const p = await createPrincipal(ctx());
    const counts = await importData(ctx().storage, p.slug, goodFile());
    assert.deepEqual(counts, { funnels: 1, clients: 1, contacts: 1, deals: 1 });
    const deal = json<Record<string, unknown>>(await api(ctx(), p.token, 'GET', `/deals/${DEAL_ID}`));
    assert.equal(deal.stage, 'Signed');
    assert.equal(deal.stage_id, '0190a1b2-0000-7000-8000-00000000a012');
    assert.equal(deal.amount, 99.99);
    assert.equal(deal.version, 1, 'version and timestamps are output fields, derived anew');
    const client = json<Record<string, unknown>>(await api(ctx(), p.token, 'GET', `/clients/${CLIENT_ID}`));
    assert.equal(client.phone, '+998901112233');
    const contact = json<{ channels: unknown[] }>(await api(ctx(), p.token, 'GET', `/contacts/${CONTACT_ID}`));
    assert.deepEqual(contact.channels, [{ kind: 'telegram', value: 'imp', isPrimary: true, verified: false }]);
  });

  it('a file with one bad record imports nothing and names the record and field', async () => {
    const cases: Array<[(f: Record<string, unknown[]>) => void, string]> = [
      [(f) => ((f.clients![0] as Record<string, unknown>).email = 'broken'), 'clients[0].email'],
      [(f) => f.clients!.push({ name: 'x', colour: 'red' }), 'clients[1].colour'],
      [(f) => f.clients!.push({ id: CLIENT_ID, name: 'again' }), 'clients[1].id'],
      [(f) => ((f.deals![0] as Record<string, unknown>).stage = 'Nope'), 'deals[0].stage'],
      [(f) => ((f.deals![0] as Record<string, unknown>).amount = 1.001), 'deals[0].amount'],
      [(f) => ((f.contacts![0] as Record<string, unknown>).client_id = '0190a1b2-0000-7000-8000-0000000000ff'), 'contacts[0].client_id'],
      [(f) => ((f.funnels![0] as { stages: Array<Record<string, unknown>> }).stages[1]!.kind = 'maybe'), 'funnels[0].stages.1.kind'],
      [(f) => ((f.funnels![0] as { stages: Array<Record<string, unknown>> }).stages[1]!.name = 'brief'), 'funnels[0].stages.1.name'],
      [(f) => f.deals!.push('not an object'), 'deals[1]'],
    ];
    for (const [spoil, field] of cases) {
      const p = await createPrincipal(ctx());
      const file = goodFile();
      spoil(file);
      const error = await importError(importData(ctx().storage, p.slug, file));
      assert.equal(error.status, 422);
      const fields = (error.details.fields as Array<{ field: string }>).map((f) => f.field);
      assert.ok(fields.includes(field), `${field}: ${JSON.stringify(fields)} ${error.message}`);
      for (const table of ['crm_clients', 'crm_contacts', 'crm_deals', 'events'] as const) {
        assert.equal(await countRows(ctx(), table, p.orgId), 0, `${field}: ${table} is empty`);
      }
      const funnels = await ctx().storage.db.selectFrom('crm_funnels').select('id').where('org_id', '=', p.orgId).execute();
      assert.equal(funnels.length, 1, 'only the default funnel');
    }
  });

  it('loads the demo data set: clients with a Cyrillic name, contacts and deals in several stages', async () => {
    const p = await createPrincipal(ctx());
    const counts = await importData(ctx().storage, p.slug, crmDemoData);
    assert.equal(counts.clients, crmDemoData.clients!.length);
    const deals = json<{ items: Array<{ stage: string }> }>(await api(ctx(), p.token, 'GET', '/deals'));
    assert.deepEqual(new Set(deals.items.map((d) => d.stage)), new Set(['New', 'In progress', 'Won', 'Lost']));
    const found = json<{ items: Array<{ name: string }> }>(await api(ctx(), p.token, 'GET', '/clients', { query: { search: 'северный' } }));
    assert.equal(found.items.length, 1);
  });
});
