import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seedDemoData } from '../../src/demo.ts';
import { importData } from '../../src/import.ts';
import { importError } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { countRows, importTemplate, member } from './helpers.ts';

describeEachDatabase('processTemplates import and GET /process-templates', (ctx) => {
  it('imports templates with their graph and lists only the published ones, by title, with exact fields', async () => {
    const owner = await createPrincipal(ctx());
    const approver = await member(ctx(), owner);
    const result = await importData(ctx().storage, owner.slug, {
      processTemplates: [
        {
          id: 'onboarding', title: 'Client onboarding', trigger_entity: 'client', category: 'sales', description: 'Welcome a new client', published: true,
          stages: [
            { id: 's1', title: 'Call', stage_type: 'task', start: true, next: ['s2', 's3'] },
            { id: 's2', title: 'Contract', stage_type: 'task', next: ['s4'], executor: approver.userId },
            { id: 's3', title: 'Invoice', stage_type: 'task', next: ['s4'], executor: 'initiator' },
            { id: 's4', title: 'Sign-off', stage_type: 'approval', next: ['s5'], reject_next: ['s6'] },
            { id: 's5', title: 'Finished', stage_type: 'end', next: [] },
            { id: 's6', title: 'Lost', stage_type: 'end', next: [] },
          ],
        },
        { id: 'audit', title: 'Audit', published: true, stages: [{ id: 'a', title: 'Check', stage_type: 'task', start: true, next: [] }] },
        { id: 'draft', title: 'A draft', published: false, stages: [{ id: 'a', title: 'Check', stage_type: 'task', start: true, next: [] }] },
        { id: 'nostart', title: 'Without a start', published: true, stages: [{ id: 'a', title: 'Check', stage_type: 'task', next: [] }] },
      ],
    });
    assert.deepEqual(result, { processTemplates: 4 });
    const reader = await member(ctx(), owner, [], ['bpm:read']);
    const res = await api(ctx(), reader.token, 'GET', '/process-templates');
    assert.equal(res.statusCode, 200, res.body);
    const page = json<{ items: Array<Record<string, unknown>>; total: number; limit: number; offset: number }>(res);
    assert.deepEqual(page.items, [
      { id: 'audit', title: 'Audit', trigger_entity: null, category: null, description: null },
      { id: 'onboarding', title: 'Client onboarding', trigger_entity: 'client', category: 'sales', description: 'Welcome a new client' },
      { id: 'nostart', title: 'Without a start', trigger_entity: null, category: null, description: null },
    ]);
    assert.deepEqual([page.total, page.limit, page.offset], [3, 50, 0]);
    const second = json<{ items: Array<{ id: string }>; total: number }>(await api(ctx(), reader.token, 'GET', '/process-templates', { query: { limit: '1', offset: '1' } }));
    assert.deepEqual(second.items.map((t) => t.id), ['onboarding']);
    assert.equal(second.total, 3);
    // The page carries an ETag, and the same tag gives 304 while nothing changed.
    const again = await api(ctx(), reader.token, 'GET', '/process-templates', { headers: { 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
    // Another organization sees none of them.
    const other = await createPrincipal(ctx(), { scopes: ['bpm:read'] });
    assert.equal(json<{ total: number }>(await api(ctx(), other.token, 'GET', '/process-templates')).total, 0);
  });

  it('refuses a template whose graph is broken, naming the record and field, and imports nothing of the file', async () => {
    const owner = await createPrincipal(ctx());
    const other = await createPrincipal(ctx());
    const good = { id: 'good', title: 'Good', published: true, stages: [{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [] }] };
    const cases: Array<[Array<Record<string, unknown>>, string]> = [
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: ['zz'] }], 'processTemplates[1].stages[0].next[0]'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [] }, { id: 'b', title: 'B', stage_type: 'task', next: [] }], 'processTemplates[1].stages[1]'],
      [[{ id: 'a', title: 'A', stage_type: 'gateway', start: true, next: [] }], 'processTemplates[1].stages[0].stage_type'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: ['b'] }, { id: 'b', title: 'B', stage_type: 'task', next: ['a'] }], 'processTemplates[1].stages[0].next'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [] }, { id: 'b', title: 'B', stage_type: 'task', start: true, next: [] }], 'processTemplates[1].stages[1].start'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [] }, { id: 'a', title: 'A again', stage_type: 'end', next: [] }], 'processTemplates[1].stages[1].id'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: ['b'], reject_next: ['b'] }, { id: 'b', title: 'B', stage_type: 'end', next: [] }], 'processTemplates[1].stages[0].reject_next'],
      [[{ id: 'a', title: 'A', stage_type: 'end', start: true, next: ['b'] }, { id: 'b', title: 'B', stage_type: 'end', next: [] }], 'processTemplates[1].stages[0].next'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [], executor: other.userId }], 'processTemplates[1].stages[0].executor'],
      [[{ id: 'a', title: 'A', stage_type: 'task', start: true, next: [], extra: 1 }], 'processTemplates[1].stages[0].extra'],
    ];
    for (const [stages, field] of cases) {
      const error = await importError(importData(ctx().storage, owner.slug, { processTemplates: [good, { id: 'bad', title: 'Bad', published: true, stages }] }));
      assert.equal(error.status, 422);
      const fields = (error.details.fields as Array<{ field: string }>).map((f) => f.field);
      assert.ok(fields.includes(field), `${field} in ${JSON.stringify(fields)}`);
    }
    const missing = await importError(importData(ctx().storage, owner.slug, { processTemplates: [{ id: 'x', stages: [] }] }));
    assert.ok((missing.details.fields as Array<{ field: string }>).some((f) => f.field === 'processTemplates[0].title'));
    assert.equal(await countRows(ctx(), 'process_templates', owner.orgId), 0);
    // An id already used in the organization is refused; another organization may use it.
    await importTemplate(ctx(), owner, 'dup', [{ id: 'a', stage_type: 'task', start: true }]);
    const dup = await importError(importTemplate(ctx(), owner, 'dup', [{ id: 'a', stage_type: 'task', start: true }]));
    assert.ok((dup.details.fields as Array<{ field: string }>).some((f) => f.field === 'processTemplates[0].id'));
    await importTemplate(ctx(), other, 'dup', [{ id: 'a', stage_type: 'task', start: true }]);
  });

  it('needs the scope bpm:read', async () => {
    const owner = await createPrincipal(ctx());
    for (const [scopes, status] of [[['bpm:execute'], 403], [['tasks:read'], 403], [['bpm:read'], 200], [['admin:all'], 200]] as const) {
      const p = await createPrincipal(ctx(), { slug: owner.slug, scopes: [...scopes], rights: [] });
      const res = await api(ctx(), p.token, 'GET', '/process-templates');
      assert.equal(res.statusCode, status, `${scopes.join(',')}: ${res.body}`);
    }
    assert.equal((await api(ctx(), undefined, 'GET', '/process-templates')).statusCode, 401);
  });

  it('the demo data set brings two published templates that start', async () => {
    const owner = await createPrincipal(ctx());
    assert.equal((await seedDemoData(ctx().storage, owner.slug)).processTemplates, 2);
    const page = json<{ items: Array<{ id: string }> }>(await api(ctx(), owner.token, 'GET', '/process-templates'));
    assert.deepEqual(page.items.map((t) => t.id), ['client-onboarding', 'deal-approval']);
    const client = json<{ items: Array<{ id: string }> }>(await api(ctx(), owner.token, 'GET', '/clients', { query: { limit: '1' } })).items[0]!;
    const started = await api(ctx(), owner.token, 'POST', '/processes', { body: { template_id: 'client-onboarding', entity_type: 'client', entity_id: client.id } });
    assert.equal(started.statusCode, 201, started.body);
  });
});
