import assert from 'node:assert/strict';
import { it } from 'node:test';
import { auditOf } from '../admin/helpers.ts';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { file, team } from '../finance/helpers.ts';
import type { FinanceRequest } from '../finance/helpers.ts';
import { createTask, member } from '../tasks/helpers.ts';
import { call, codeOf, connect, serverUrl, toolNames, withClient } from './helpers.ts';

describeEachDatabase('MCP server at /mcp', (ctx) => {
  it('lists the tools a token may call: its scopes and its owner\'s rights decide, with schemas, risk and read-only marks', async () => {
    const owner = await createPrincipal(ctx());
    const reader = await member(ctx(), owner, ['tasks.edit'], ['tasks:read']);
    const writer = await member(ctx(), owner, ['tasks.edit']);
    const noRight = await member(ctx(), owner, [], ['tasks:read', 'tasks:write']);

    const all = await withClient(ctx(), owner.token, (c) => c.listTools());
    const names = all.tools.map((t) => t.name);
    for (const name of ['getMe', 'listTasks', 'createTask', 'updateTask', 'updateFinanceRequest', 'createWebhook', 'updateMeeting']) assert.ok(names.includes(name), name);
    assert.equal(names.some((n) => n.startsWith('admin')), false, 'the admin API is not offered');

    const readerTools = await withClient(ctx(), reader.token, toolNames);
    assert.deepEqual(readerTools.filter((n) => /Task|Project/.test(n)), ['getTask', 'listProjects', 'listTasks']);
    assert.ok(readerTools.includes('getMe') && !readerTools.includes('listClients'));
    const writerTools = await withClient(ctx(), writer.token, toolNames);
    assert.ok(writerTools.includes('createTask') && writerTools.includes('updateTask'));
    const noRightTools = await withClient(ctx(), noRight.token, toolNames);
    assert.ok(noRightTools.includes('listTasks'));
    assert.equal(noRightTools.includes('createTask'), false, 'the scope alone does not list a write the owner has no right to');

    const byName = new Map(all.tools.map((t) => [t.name, t]));
    const list = byName.get('listTasks')!;
    assert.equal(list.annotations?.readOnlyHint, true);
    assert.ok(list.description?.includes('archived tasks are never listed'));
    assert.deepEqual(Object.keys(list.inputSchema.properties ?? {}).sort(), ['assignee_id', 'cursor', 'limit', 'project_id', 'status', 'updated_since']);
    const create = byName.get('createTask')!;
    assert.deepEqual([create.annotations?.readOnlyHint, create.annotations?.destructiveHint], [undefined, false]);
    assert.deepEqual(create.inputSchema.required?.slice().sort(), ['idempotency_key', 'title']);
    const approve = byName.get('updateFinanceRequest')!;
    assert.equal(approve.annotations?.destructiveHint, true);
    assert.match(approve.description ?? '', /Risk high; needs the user's confirmation/);
    assert.ok('confirm' in (approve.inputSchema.properties ?? {}) && 'if_match' in (approve.inputSchema.properties ?? {}));
  });

  it('calls a read as the token: the API\'s JSON as structured content', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Read through MCP' });
    await withClient(ctx(), owner.token, async (c) => {
      const listed = await call(c, 'listTasks', { limit: 5 });
      assert.equal(listed.isError, false);
      assert.deepEqual((listed.body.items as Array<{ id: string }>).map((t) => t.id), [task.id]);
      const one = await call(c, 'getTask', { id: task.id });
      assert.deepEqual([one.status, one.body.title], [200, 'Read through MCP']);
      const bad = await call(c, 'listTasks', { limit: 0 });
      assert.deepEqual([bad.isError, bad.status, bad.body.error, codeOf(bad)], [true, 422, 'validation_error', 'validation_error']);
      // A dot segment as an id would be resolved away and reach another operation (the list, the API root).
      for (const id of ['.', '..']) {
        const dotted = await call(c, 'getTask', { id });
        assert.deepEqual([dotted.isError, dotted.status, codeOf(dotted)], [true, null, 'validation_error'], `id ${id}`);
      }
    });
  });

  it('a task another user cannot see is the API\'s 404 envelope, as a tool error', async () => {
    const owner = await createPrincipal(ctx());
    const creator = await member(ctx(), owner, ['tasks.edit']);
    const stranger = await member(ctx(), owner, ['tasks.edit']);
    const task = await createTask(ctx(), creator, { title: 'Private' });
    await withClient(ctx(), stranger.token, async (c) => {
      const hidden = await call(c, 'getTask', { id: task.id });
      assert.deepEqual([hidden.isError, hidden.status, hidden.body.error, codeOf(hidden)], [true, 404, 'not_found', 'not_found']);
      assert.equal(typeof hidden.body.request_id, 'string');
      const listed = await call(c, 'listTasks', {});
      assert.deepEqual(listed.body.items, []);
      const changed = await call(c, 'updateTask', { id: task.id, title: 'Hijacked' });
      assert.deepEqual([changed.isError, changed.status], [true, 404]);
    });
    const after = await api(ctx(), creator.token, 'GET', `/tasks/${task.id}`);
    assert.equal(json<{ title: string }>(after).title, 'Private');
    const elsewhere = await createPrincipal(ctx());
    await withClient(ctx(), elsewhere.token, async (c) => {
      const foreign = await call(c, 'getTask', { id: task.id });
      assert.deepEqual([foreign.isError, foreign.status, codeOf(foreign)], [true, 404, 'not_found'], 'another organization\'s task');
    });
  });

  it('a write needing confirmation is not made until the call confirms it; made, it is audited as via MCP', async () => {
    const t = await team(ctx());
    const admin = await createPrincipal(ctx(), { slug: t.slug });
    const request = await file(ctx(), t.requester, { title: 'Needs approval', amount: '40.00' });
    await withClient(ctx(), t.approver.token, async (c) => {
      const refused = await call(c, 'updateFinanceRequest', { id: request.id, status: 'approved' });
      assert.deepEqual([refused.isError, codeOf(refused)], [true, 'confirmation_required']);
      const unchanged = json<FinanceRequest>(await api(ctx(), t.requester.token, 'GET', `/finance-requests/${request.id}`));
      assert.deepEqual([unchanged.status, unchanged.version], [request.status, request.version]);

      const done = await call(c, 'updateFinanceRequest', { id: request.id, status: 'approved', if_match: String(request.version), confirm: true });
      assert.deepEqual([done.isError, done.status, done.body.status], [false, 200, 'approved']);
    });
    const entries = (await auditOf(ctx(), admin.token)).filter((e) => e.target.id === request.id);
    assert.deepEqual(entries.map((e) => [e.action, e.actor.via, e.actor.tokenId]), [['finance_request.approve', 'mcp', t.approver.tokenId]]);

    const direct = await file(ctx(), t.requester, { title: 'Approved over REST', amount: '5.00' });
    const forged = await api(ctx(), t.approver.token, 'PATCH', `/finance-requests/${direct.id}`, { body: { status: 'approved' }, headers: { 'x-bizplat-via': 'mcp forged' } });
    assert.equal(forged.statusCode, 200);
    const directEntries = (await auditOf(ctx(), admin.token)).filter((e) => e.target.id === direct.id);
    assert.deepEqual(directEntries.map((e) => e.actor.via), ['api'], 'a request from outside cannot claim to come through MCP');
  });

  it('every create takes an idempotency_key: a retry with the same key answers the first result and makes one record', async () => {
    const owner = await createPrincipal(ctx());
    await withClient(ctx(), owner.token, async (c) => {
      const keyless = await call(c, 'createTask', { title: 'No key' });
      assert.deepEqual([keyless.isError, codeOf(keyless)], [true, 'idempotency_key_required']);
      const first = await call(c, 'createTask', { title: 'Once', idempotency_key: 'agent-retry-1' });
      const again = await call(c, 'createTask', { title: 'Once', idempotency_key: 'agent-retry-1' });
      assert.deepEqual([first.status, again.status], [201, 201]);
      assert.equal(again.body.id, first.body.id);
      const reused = await call(c, 'createTask', { title: 'Other', idempotency_key: 'agent-retry-1' });
      assert.equal(reused.isError, true);
    });
    const tasks = json<{ items: Array<{ title: string }> }>(await api(ctx(), owner.token, 'GET', '/tasks'));
    assert.deepEqual(tasks.items.map((t) => t.title), ['Once']);
  });

  it('serves the catalogs as resources and the OpenAPI document per area, each small', async () => {
    const owner = await createPrincipal(ctx());
    await withClient(ctx(), owner.token, async (c) => {
      const { resources } = await c.listResources();
      const uris = resources.map((r) => r.uri);
      for (const uri of ['bizplat://capabilities', 'bizplat://event-catalog', 'bizplat://openapi', 'bizplat://openapi/crm', 'bizplat://openapi/tasks']) assert.ok(uris.includes(uri), uri);
      const read = async (uri: string) => {
        const [content] = (await c.readResource({ uri })).contents;
        const text = content && 'text' in content ? content.text : '{}';
        return { text, json: JSON.parse(text) as Record<string, unknown> };
      };
      assert.equal((await read('bizplat://capabilities')).json.schemaVersion, 1);
      assert.ok(Array.isArray((await read('bizplat://event-catalog')).json.events));
      const index = await read('bizplat://openapi');
      assert.ok((index.json.areas as Array<{ uri: string }>).some((a) => a.uri === 'bizplat://openapi/finance'));
      for (const uri of uris.filter((u) => u.startsWith('bizplat://openapi'))) {
        const { text, json } = await read(uri);
        assert.ok(text.length < 60_000, `${uri}: ${text.length} characters`);
        if (uri === 'bizplat://openapi') continue;
        assert.equal(json.openapi, '3.1.0');
        // Every reference resolves inside the area's own document.
        for (const ref of text.match(/"#\/components\/[^"]+"/g) ?? []) {
          const [kind, name] = ref.slice('"#/components/'.length, -1).split('/');
          assert.ok((json.components as Record<string, Record<string, unknown>>)[kind!]?.[name!], `${uri}: ${ref}`);
        }
      }
      const crm = (await read('bizplat://openapi/crm')).json;
      assert.ok('/clients/{id}' in (crm.paths as object) && !('/tasks' in (crm.paths as object)));
    });
  });

  it('takes the token as Authorization: Bearer too; without a valid one the answer is the API\'s 401 envelope', async () => {
    const owner = await createPrincipal(ctx());
    const bearer = await connect(ctx(), { authorization: `Bearer ${owner.token}` });
    try {
      assert.ok((await toolNames(bearer)).includes('getMe'));
    } finally {
      await bearer.close();
    }
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const res = await fetch(`${await serverUrl(ctx())}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-token': 'bzp_nope' },
      body: JSON.stringify(initialize),
    });
    assert.equal(res.status, 401);
    const envelope = (await res.json()) as { error: string; details: { error: string } };
    assert.deepEqual([envelope.error, envelope.details.error], ['unauthorized', 'api_token_required']);
  });

  it('serves pages of its own host and no other; on a loopback address, pages of loopback names only (DNS rebinding)', async () => {
    const owner = await createPrincipal(ctx());
    const base = await serverUrl(ctx());
    const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-token': owner.token, ...headers }, body: JSON.stringify(ping) });
    const foreign = await post({ origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.match(((await foreign.json()) as { error: { message: string } }).error.message, /BIZPLAT_MCP_ALLOWED_ORIGINS/);
    assert.equal((await post({ origin: base })).status, 200, 'a page of the server itself');
    assert.equal((await post({})).status, 200, 'a client outside a browser sends no Origin');
    const viaName = (origin?: string) =>
      ctx().app.inject({ method: 'POST', url: '/mcp', headers: { host: 'rebound.example', ...(origin ? { origin } : {}), 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-token': owner.token }, payload: ping });
    assert.equal((await viaName('http://rebound.example')).statusCode, 403, 'a page of a name rebound to this loopback server');
    assert.equal((await viaName()).statusCode, 200, 'a client outside a browser through a balancer on this machine');
  });
});
