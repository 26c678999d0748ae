import assert from 'node:assert/strict';
import { it } from 'node:test';
import { assertEnvelope } from '../helpers/envelope.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import type { Principal } from '../helpers/harness.ts';
import { PROCESS_FIELDS, STAGE_FIELDS, STARTED_FIELDS, chain, countRows, handleEventsNow, importTemplate, journalKinds, member, readProcess, start, taskOf } from './helpers.ts';

describeEachDatabase('POST /processes, GET /processes, GET /processes/{id}', (ctx) => {
  let owner: Principal;
  let executor: Principal;
  let approver: Principal;
  let dealId: string;

  it('starts a process: 201 with exact fields; the start stage is active, its task assigned and notified, the journal written', async () => {
    owner = await createPrincipal(ctx());
    executor = await member(ctx(), owner);
    approver = await member(ctx(), owner);
    await importTemplate(ctx(), owner, 'deal-approval', chain(executor.userId, approver.userId), { trigger_entity: 'deal' });
    dealId = json<{ id: string }>(await api(ctx(), owner.token, 'POST', '/deals', { body: { title: 'Big order' } })).id;
    const initiator = await member(ctx(), owner, [], ['bpm:execute', 'bpm:read']);
    const res = await api(ctx(), initiator.token, 'POST', '/processes', { body: { template_id: 'deal-approval', entity_type: 'deal', entity_id: dealId, variables: { amount: 5 } } });
    assert.equal(res.statusCode, 201, res.body);
    const started = json<{ id: string; template_id: string; status: string; current_stage_ids: string[]; started_at: string }>(res);
    assert.deepEqual(Object.keys(started), STARTED_FIELDS);
    assert.equal(started.template_id, 'deal-approval');
    assert.equal(started.status, 'running');
    assert.equal(started.current_stage_ids.length, 1);
    assert.match(started.started_at, /\+00:00$/);

    const process = await readProcess(ctx(), initiator, started.id);
    assert.deepEqual(Object.keys(process), [...PROCESS_FIELDS, 'stage_instances']);
    assert.equal(process.template_title, 'Template deal-approval');
    assert.deepEqual([process.entity_type, process.entity_id, process.initiated_by_id, process.progress, process.completed_at], ['deal', dealId, initiator.userId, 0, null]);
    assert.equal(process.stage_instances.length, 1);
    const stage = process.stage_instances[0]!;
    assert.deepEqual(Object.keys(stage), STAGE_FIELDS);
    assert.deepEqual([stage.id, stage.stage_title, stage.stage_type, stage.status, stage.decision, stage.assignee_id, stage.completed_at], [started.current_stage_ids[0], 'Prepare', 'task', 'active', null, executor.userId, null]);

    const task = await taskOf(ctx(), owner.orgId, stage.id);
    assert.equal(task.assignee_id, executor.userId);
    assert.equal(task.status, 'New');
    assert.equal(task.title, 'Template deal-approval: Prepare');
    // The executor sees the task in their list, linked to the deal; task.assigned was raised and becomes their notification.
    const mine = json<{ items: Array<{ id: string; deal_id: string | null }> }>(await api(ctx(), executor.token, 'GET', '/tasks', { query: { assignee_id: executor.userId } }));
    assert.deepEqual(mine.items.map((t) => [t.id, t.deal_id]), [[task.id, dealId]]);
    const events = await ctx().storage.db.selectFrom('events').select('event').where('org_id', '=', owner.orgId).where('entity_id', '=', task.id).orderBy('seq').execute();
    assert.deepEqual(events.map((e) => e.event), ['task.created', 'task.assigned']);
    await handleEventsNow(ctx());
    const notes = await ctx().storage.db.selectFrom('notifications').select(['user_id', 'kind', 'entity_id']).where('org_id', '=', owner.orgId).where('entity_id', '=', task.id).execute();
    assert.deepEqual(notes, [{ user_id: executor.userId, kind: 'task.assigned', entity_id: task.id }]);
    assert.deepEqual(await journalKinds(ctx(), owner.orgId, started.id), ['process.started', 'stage.activated Prepare']);
    const variables = await ctx().storage.db.selectFrom('processes').select('variables').where('id', '=', started.id).executeTakeFirstOrThrow();
    assert.deepEqual(typeof variables.variables === 'string' ? JSON.parse(variables.variables) : variables.variables, { amount: 5 });
  });

  it('accepts initial_variables as the name of variables, and a process without an entity', async () => {
    const started = await start(ctx(), owner, { template_id: 'deal-approval', initial_variables: { note: 'x' } });
    const row = await ctx().storage.db.selectFrom('processes').select(['variables', 'entity_type']).where('id', '=', started.id).executeTakeFirstOrThrow();
    assert.deepEqual(typeof row.variables === 'string' ? JSON.parse(row.variables) : row.variables, { note: 'x' });
    assert.equal(row.entity_type, null);
  });

  it('refuses bad starts with the right status and writes nothing', async () => {
    const other = await createPrincipal(ctx());
    await importTemplate(ctx(), other, 'theirs', [{ id: 'a', stage_type: 'task', start: true }]);
    await importTemplate(ctx(), owner, 'unpublished', [{ id: 'a', stage_type: 'task', start: true }], { published: false });
    await importTemplate(ctx(), owner, 'startless', [{ id: 'a', stage_type: 'task' }]);
    await importTemplate(ctx(), owner, 'any-entity', [{ id: 'a', stage_type: 'task', start: true }]);
    const theirDeal = json<{ id: string }>(await api(ctx(), other.token, 'POST', '/deals', { body: { title: 'Theirs' } })).id;
    const theirClient = json<{ id: string }>(await api(ctx(), other.token, 'POST', '/clients', { body: { name: 'Theirs' } })).id;
    const client = json<{ id: string }>(await api(ctx(), owner.token, 'POST', '/clients', { body: { name: 'Ours' } })).id;
    const before = [await countRows(ctx(), 'processes', owner.orgId), await countRows(ctx(), 'tasks', owner.orgId), await countRows(ctx(), 'process_journal', owner.orgId)];
    const cases: Array<[Record<string, unknown>, number, string, string, string?]> = [
      [{}, 422, 'validation_error', 'validation_error', 'template_id'],
      [{ template_id: 'no-such' }, 404, 'not_found', 'not_found'],
      [{ template_id: 'theirs' }, 404, 'not_found', 'not_found'],
      [{ template_id: 'unpublished' }, 409, 'conflict', 'template_not_published'],
      [{ template_id: 'startless' }, 422, 'validation_error', 'validation_error', 'template_id'],
      [{ template_id: 'any-entity', entity_type: 'order', entity_id: dealId }, 422, 'validation_error', 'validation_error', 'entity_type'],
      [{ template_id: 'any-entity', entity_type: 'deal' }, 422, 'validation_error', 'validation_error', 'entity_id'],
      [{ template_id: 'any-entity', entity_id: dealId }, 422, 'validation_error', 'validation_error', 'entity_type'],
      [{ template_id: 'any-entity', entity_type: 'deal', entity_id: theirDeal }, 422, 'validation_error', 'validation_error', 'entity_id'],
      [{ template_id: 'any-entity', entity_type: 'client', entity_id: theirClient }, 422, 'validation_error', 'validation_error', 'entity_id'],
      [{ template_id: 'any-entity', entity_type: 'task', entity_id: 'no-such-task' }, 422, 'validation_error', 'validation_error', 'entity_id'],
      [{ template_id: 'any-entity', entity_type: 'client', entity_id: dealId }, 422, 'validation_error', 'validation_error', 'entity_id'],
      [{ template_id: 'deal-approval', entity_type: 'client', entity_id: client }, 422, 'validation_error', 'validation_error', 'entity_type'],
      [{ template_id: 'any-entity', variables: [1, 2] }, 422, 'validation_error', 'validation_error', 'variables'],
      [{ template_id: 'any-entity', variables: 'text' }, 422, 'validation_error', 'validation_error', 'variables'],
      [{ template_id: 'any-entity', variables: {}, initial_variables: {} }, 422, 'validation_error', 'validation_error', 'initial_variables'],
      [{ template_id: 'any-entity', status: 'completed' }, 422, 'validation_error', 'validation_error', 'status'],
    ];
    for (const [body, status, error, code, field] of cases) {
      const res = await api(ctx(), owner.token, 'POST', '/processes', { body });
      const envelope = assertEnvelope(res, status, error, code);
      if (field !== undefined) assert.ok((envelope.details.fields ?? []).some((f) => f.field === field), `${JSON.stringify(body)}: ${res.body}`);
    }
    assert.deepEqual([await countRows(ctx(), 'processes', owner.orgId), await countRows(ctx(), 'tasks', owner.orgId), await countRows(ctx(), 'process_journal', owner.orgId)], before);
    // Each entity type that exists in the organization is accepted.
    const task = json<{ id: string }>(await api(ctx(), owner.token, 'POST', '/tasks', { body: { title: 'Subject' } })).id;
    for (const [type, id] of [['deal', dealId], ['client', client], ['task', task]] as const) await start(ctx(), owner, { template_id: 'any-entity', entity_type: type, entity_id: id });
  });

  it('lists processes newest first with filters, an ETag and 304', async () => {
    const all = json<{ items: Array<Record<string, unknown>>; total: number }>(await api(ctx(), owner.token, 'GET', '/processes'));
    assert.equal(all.total, 5);
    assert.deepEqual(Object.keys(all.items[0]!), PROCESS_FIELDS);
    const byEntity = json<{ items: Array<{ entity_id: string }> }>(await api(ctx(), owner.token, 'GET', '/processes', { query: { entity_type: 'deal', entity_id: dealId } }));
    assert.equal(byEntity.items.length, 2);
    const byTemplate = json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/processes', { query: { template_id: 'any-entity', status: 'running' } }));
    assert.equal(byTemplate.total, 3);
    assert.equal(json<{ total: number }>(await api(ctx(), owner.token, 'GET', '/processes', { query: { status: 'completed' } })).total, 0);
    const page = json<{ items: unknown[]; total: number }>(await api(ctx(), owner.token, 'GET', '/processes', { query: { limit: '2', offset: '4' } }));
    assert.deepEqual([page.items.length, page.total], [1, 5]);
    assert.equal((await api(ctx(), owner.token, 'GET', '/processes', { query: { status: 'paused' } })).statusCode, 422);
    assert.equal((await api(ctx(), owner.token, 'GET', '/processes', { query: { entity_type: 'order' } })).statusCode, 422);
    const first = await api(ctx(), owner.token, 'GET', '/processes');
    assert.equal((await api(ctx(), owner.token, 'GET', '/processes', { headers: { 'if-none-match': String(first.headers.etag) } })).statusCode, 304);
    const one = await api(ctx(), owner.token, 'GET', `/processes/${all.items[0]!.id as string}`);
    assert.equal((await api(ctx(), owner.token, 'GET', `/processes/${all.items[0]!.id as string}`, { headers: { 'if-none-match': String(one.headers.etag) } })).statusCode, 304);
    assert.equal((await api(ctx(), owner.token, 'GET', '/processes/no-such')).statusCode, 404);
    // Another organization's administrator sees none of them.
    const other = await createPrincipal(ctx());
    assert.equal(json<{ total: number }>(await api(ctx(), other.token, 'GET', '/processes')).total, 0);
    assert.equal((await api(ctx(), other.token, 'GET', `/processes/${all.items[0]!.id as string}`)).statusCode, 404);
  });

  it('scopes: bpm:execute starts, bpm:read reads; neither does the other', async () => {
    const reader = await member(ctx(), owner, ['bpm.admin'], ['bpm:read']);
    const starter = await member(ctx(), owner, ['bpm.admin'], ['bpm:execute']);
    const someone = await member(ctx(), owner, ['bpm.admin'], ['tasks:read', 'tasks:write', 'crm:read']);
    const body = { template_id: 'any-entity' };
    assertEnvelope(await api(ctx(), reader.token, 'POST', '/processes', { body }), 403, 'forbidden', 'insufficient_scope');
    assertEnvelope(await api(ctx(), someone.token, 'POST', '/processes', { body }), 403, 'forbidden', 'insufficient_scope');
    const started = await start(ctx(), starter, body);
    for (const path of ['/processes', `/processes/${started.id}`, '/process-templates']) {
      assertEnvelope(await api(ctx(), starter.token, 'GET', path), 403, 'forbidden', 'insufficient_scope');
      assertEnvelope(await api(ctx(), someone.token, 'GET', path), 403, 'forbidden', 'insufficient_scope');
      assert.equal((await api(ctx(), reader.token, 'GET', path)).statusCode, 200);
    }
    assert.equal((await api(ctx(), undefined, 'POST', '/processes', { body })).statusCode, 401);
  });

  it('the capabilities catalog shows bpm as served, with the actions of its routes', async () => {
    const catalog = json<{ products: Array<{ slug: string; status: string }>; capabilities: Array<{ key: string; exposure: string; actions: Array<{ method: string; path: string; scope: string; mode: string; idempotencyKey: string }> }> }>(
      await api(ctx(), owner.token, 'GET', '/capabilities'),
    );
    const bpm = catalog.capabilities.find((c) => c.key === 'bpm')!;
    assert.equal(bpm.exposure, 'public_api');
    assert.deepEqual(bpm.actions.map((a) => `${a.method} ${a.path} ${a.scope} ${a.mode} ${a.idempotencyKey}`).sort(), [
      'GET /process-templates bpm:read read not_applicable',
      'GET /processes bpm:read read not_applicable',
      'GET /processes/:id bpm:read read not_applicable',
      'POST /processes bpm:execute write supported',
      'POST /processes/:id/cancel bpm:execute write supported',
    ]);
    assert.ok(catalog.products.some((p) => p.slug === 'bpm' && p.status === 'active'));
  });
});
