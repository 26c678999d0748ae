import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CAPABILITY_KEYS } from '../../src/capabilities/catalog.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { notesModule } from '../helpers/notes-module.ts';

const SPEC_KEYS =
  'access, ai, approvals, asset_ops, automations, beauty, billing, bpm, calendar, communications, counter, crm, documents, edo, event_bus, facility_access, files, fiscal, healthcare, identity, inventory, learning, ledger, logistics, mail, marketplace, metrics, notifications, payments, procurement, quality, service_billing, service_commerce, service_engagement, service_ops, service_partners, service_relationships, sports, sports_fitness, sports_wellness, sterilization, tasks'.split(
    ', ',
  );

interface Catalog {
  schemaVersion: number;
  products: Array<{ slug: string; status: string }>;
  capabilities: Array<{
    key: string;
    version: number;
    kind: string;
    dependsOn: string[];
    providers: string[];
    exposure: string;
    actions: Array<{ scope: string; mode: string; method: string; path: string; permissions: string[]; idempotencyKey: string; confirmation: boolean; risk: string; requiredModules: string[] }>;
  }>;
  solutionBlueprints: Array<{ key: string; maturity: string; operators: string[] }>;
}

describeEachDatabase('GET /capabilities', (ctx) => {
  it('lists all 42 capability keys of the spec with the spec shape', async () => {
    assert.equal(SPEC_KEYS.length, 42);
    assert.deepEqual([...CAPABILITY_KEYS], SPEC_KEYS);
    const p = await createPrincipal(ctx(), { scopes: ['hr:read'], rights: [] });
    const res = await api(ctx(), p.token, 'GET', '/capabilities');
    assert.equal(res.statusCode, 200);
    const catalog = json<Catalog>(res);
    assert.equal(catalog.schemaVersion, 1);
    assert.deepEqual(catalog.capabilities.map((c) => c.key), SPEC_KEYS);
    for (const c of catalog.capabilities) {
      assert.deepEqual(Object.keys(c).sort(), ['actions', 'dependsOn', 'exposure', 'key', 'kind', 'providers', 'version']);
      assert.ok(Array.isArray(c.dependsOn) && Array.isArray(c.providers) && Array.isArray(c.actions));
    }
    assert.ok(catalog.products.every((x) => typeof x.slug === 'string' && typeof x.status === 'string'));
    assert.ok(catalog.solutionBlueprints.every((b) => typeof b.key === 'string' && Array.isArray(b.operators)));
  });

  it('derives the actions from the registered routes, with mode, permissions and Idempotency-Key support', async () => {
    const p = await createPrincipal(ctx());
    const catalog = json<Catalog>(await api(ctx(), p.token, 'GET', '/capabilities'));
    const documents = catalog.capabilities.find((c) => c.key === 'documents')!;
    const actions = documents.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode}`).sort();
    assert.deepEqual(actions, [
      'GET /notes crm:read read',
      'GET /notes/:id crm:read read',
      'PATCH /notes/:id crm:write write',
      'POST /notes crm:write write',
    ]);
    const postAction = documents.actions.find((a) => a.method === 'POST')!;
    assert.deepEqual(postAction.permissions, ['crm.clients']);
    assert.equal(postAction.idempotencyKey, 'supported');
    assert.deepEqual(postAction.requiredModules, ['documents']);
    assert.equal(documents.exposure, 'public_api');
    const access = catalog.capabilities.find((c) => c.key === 'access')!;
    assert.deepEqual(access.actions.map((a) => `${a.method} ${a.path}`).sort(), ['GET /capabilities', 'GET /me', 'GET /ping']);
    const unused = catalog.capabilities.find((c) => c.key === 'sterilization')!;
    assert.deepEqual(unused.actions, []);
  });

  it('needs a valid token', async () => {
    assert.equal((await api(ctx(), undefined, 'GET', '/capabilities')).statusCode, 401);
  });
}, { modules: [notesModule] });
