import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { importData } from '../../src/import.ts';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { EMPLOYEE_KEYS, employeeId } from './helpers.ts';
import type { EmployeePage } from './helpers.ts';

const staff = [
  { id: employeeId(1), full_name: 'Aziza Rahimova', position: 'Accountant', department_id: 'finance', status: 'active', salary: 1200 },
  { id: employeeId(2), full_name: 'Bekzod Tursunov', position: 'Storekeeper', department_id: 'warehouse', status: 'active' },
  { id: employeeId(3), full_name: 'Dilnoza Karimova', position: 'Accountant', department_id: 'finance', status: 'on_leave' },
  { id: employeeId(4), full_name: 'Elena Petrova', position: null, department_id: 'sales', status: 'dismissed' },
  { id: employeeId(5), full_name: 'Farrukh Aliyev', department_id: 'sales' },
  { id: employeeId(6), full_name: 'Gulnora Archived', department_id: 'finance', status: 'active', is_archived: true },
];

describeEachDatabase('GET /employees', (ctx) => {
  let p: Principal;
  const list = async (query: Record<string, string> = {}, token = p.token) => {
    const res = await api(ctx(), token, 'GET', '/employees', { query });
    assert.equal(res.statusCode, 200, res.body);
    return json<EmployeePage>(res);
  };
  const names = (page: EmployeePage) => page.items.map((e) => e.full_name);

  before(async () => {
    p = await createPrincipal(ctx(), { scopes: ['hr:read'], rights: [] });
    const linked = { id: employeeId(7), full_name: 'Hamid Linked', user_id: p.userId, position: 'Director', department_id: 'board' };
    await importData(ctx().storage, p.slug, { employees: [...staff, linked] });
  });

  it('lists non-archived employees by full name, each with exactly the whitelisted fields', async () => {
    const page = await list();
    assert.deepEqual(names(page), ['Aziza Rahimova', 'Bekzod Tursunov', 'Dilnoza Karimova', 'Elena Petrova', 'Farrukh Aliyev', 'Hamid Linked']);
    assert.equal(page.total, 6);
    assert.deepEqual([page.limit, page.offset], [50, 0]);
    for (const item of page.items) assert.deepEqual(Object.keys(item).sort(), EMPLOYEE_KEYS);
    assert.deepEqual(page.items[4], { id: employeeId(5), user_id: null, full_name: 'Farrukh Aliyev', position: null, department_id: 'sales', status: 'active' });
    assert.deepEqual(page.items[5], { id: employeeId(7), user_id: p.userId, full_name: 'Hamid Linked', position: 'Director', department_id: 'board', status: 'active' });
  });

  it('filters by department_id and status, together too', async () => {
    assert.deepEqual(names(await list({ department_id: 'finance' })), ['Aziza Rahimova', 'Dilnoza Karimova']);
    assert.deepEqual(names(await list({ status: 'active' })), ['Aziza Rahimova', 'Bekzod Tursunov', 'Farrukh Aliyev', 'Hamid Linked']);
    assert.deepEqual(names(await list({ status: 'dismissed' })), ['Elena Petrova']);
    const both = await list({ department_id: 'finance', status: 'on_leave' });
    assert.deepEqual([names(both), both.total], [['Dilnoza Karimova'], 1]);
    assert.deepEqual((await list({ department_id: 'nowhere' })).items, []);
  });

  it('searches the full name only, case-insensitively, with wildcards taken literally', async () => {
    assert.deepEqual(names(await list({ search: 'KARIM' })), ['Dilnoza Karimova']);
    assert.deepEqual(names(await list({ search: 'ova' })), ['Aziza Rahimova', 'Dilnoza Karimova', 'Elena Petrova']);
    assert.deepEqual(names(await list({ search: 'accountant' })), [], 'the position is not searched');
    assert.deepEqual(names(await list({ search: 'finance' })), [], 'the department is not searched');
    assert.deepEqual(names(await list({ search: '%' })), []);
    assert.deepEqual(names(await list({ search: 'archived' })), [], 'archived employees are not found either');
    assert.deepEqual(names(await list({ search: 'ova', department_id: 'sales' })), ['Elena Petrova']);
  });

  it('pages with limit and offset; total counts every page', async () => {
    const first = await list({ limit: '2' });
    const second = await list({ limit: '2', offset: '2' });
    const last = await list({ limit: '2', offset: '4' });
    assert.deepEqual([first.total, second.total, last.total], [6, 6, 6]);
    assert.deepEqual([...names(first), ...names(second), ...names(last)], names(await list()));
    assert.deepEqual((await list({ offset: '6' })).items, []);
  });

  it('refuses bad parameters with 422 naming them, include_archived among them', async () => {
    for (const [query, field] of [
      [{ status: 'fired' }, 'status'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ include_archived: 'true' }, 'include_archived'],
      [{ search: 'x'.repeat(201) }, 'search'],
      [{ salary: '1' }, 'salary'],
    ] as const) {
      const body = assertEnvelope(await api(ctx(), p.token, 'GET', '/employees', { query }), 422, 'validation_error', 'validation_error');
      assert.ok(body.details.fields?.some((f) => f.field === field), `${field}: ${JSON.stringify(body.details)}`);
    }
  });

  it('needs hr:read (or admin:all) and no role right', async () => {
    const other = await createPrincipal(ctx(), { slug: p.slug, scopes: ['crm:read', 'tasks:read', 'inventory:read'] });
    const refused = assertEnvelope(await api(ctx(), other.token, 'GET', '/employees'), 403, 'forbidden', 'insufficient_scope');
    assert.equal(refused.details.required_scope, 'hr:read');
    assertEnvelope(await api(ctx(), undefined, 'GET', '/employees'), 401, 'unauthorized', 'api_token_required');
    const admin = await createPrincipal(ctx(), { slug: p.slug, scopes: ['admin:all'], rights: [] });
    assert.equal((await list({}, admin.token)).total, 6);
  });

  it('shows only the caller\'s organization', async () => {
    const q = await createPrincipal(ctx(), { scopes: ['hr:read'] });
    assert.deepEqual(await list({}, q.token), { items: [], total: 0, limit: 50, offset: 0, next_cursor: null });
    await importData(ctx().storage, q.slug, { employees: [{ id: employeeId(1), full_name: 'Same Id Other Org', department_id: 'finance' }] });
    assert.deepEqual(names(await list({ department_id: 'finance' }, q.token)), ['Same Id Other Org']);
    assert.deepEqual(names(await list({ department_id: 'finance' })), ['Aziza Rahimova', 'Dilnoza Karimova']);
    assert.deepEqual(names(await list({ search: 'same id' })), []);
  });

  it('has no read of a single employee (the spec lists none)', async () => {
    assert.equal((await api(ctx(), p.token, 'GET', `/employees/${employeeId(1)}`)).statusCode, 404);
  });

  it('answers 304 to an unchanged page, and a new page after an import', async () => {
    const first = await api(ctx(), p.token, 'GET', '/employees');
    const etag = String(first.headers.etag);
    assert.equal((await api(ctx(), p.token, 'GET', '/employees', { headers: { 'if-none-match': etag } })).statusCode, 304);
    await importData(ctx().storage, p.slug, { employees: [{ full_name: 'Zarina New' }] });
    const after = await api(ctx(), p.token, 'GET', '/employees', { headers: { 'if-none-match': etag } });
    assert.equal(after.statusCode, 200);
    assert.ok(names(json<EmployeePage>(after)).includes('Zarina New'));
  });

  it('is the identity capability\'s action in GET /capabilities', async () => {
    const catalog = json<{ capabilities: Array<{ key: string; exposure: string; providers: string[]; actions: Array<Record<string, unknown>> }> }>(await api(ctx(), p.token, 'GET', '/capabilities'));
    const identity = catalog.capabilities.find((c) => c.key === 'identity')!;
    assert.equal(identity.exposure, 'public_api');
    assert.deepEqual(identity.providers, ['bizplat']);
    const action = identity.actions.find((a) => a.path === '/employees');
    assert.deepEqual(action, { scope: 'hr:read', mode: 'read', method: 'GET', path: '/employees', requiredModules: ['identity'], permissions: [], risk: 'low', confirmation: false, idempotencyKey: 'not_applicable' });
  });
});
