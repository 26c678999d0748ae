import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { api, createPrincipal, describeEachDatabase, json } from '../helpers/harness.ts';
import { file, team } from '../finance/helpers.ts';
import type { FinanceRequest } from '../finance/helpers.ts';
import { createTask } from '../tasks/helpers.ts';
import { call, codeOf, serverUrl, withClient } from './helpers.ts';

/** The ceiling an admin token's whole tool list must stay under, in characters of its JSON. */
const TOOL_LIST_BUDGET = 30_000;

describeEachDatabase('MCP tools an agent can afford', (ctx) => {
  it('an admin token\'s tools/list stays within the budget, one tool per operation, with output schemas the answers match', async () => {
    const owner = await createPrincipal(ctx());
    const task = await createTask(ctx(), owner, { title: 'Shaped' });
    await withClient(ctx(), owner.token, async (c) => {
      const listed = await c.listTools();
      const size = JSON.stringify(listed).length;
      assert.ok(size <= TOOL_LIST_BUDGET, `tools/list is ${size} characters`);
      const names = listed.tools.map((t) => t.name);
      assert.ok(names.includes('listFinanceRequests') && !names.includes('listFinanceRequestsByCategoryId'), 'the /finance/requests alias gives no second tool');
      const getTask = listed.tools.find((t) => t.name === 'getTask')!;
      assert.ok((getTask.outputSchema?.required as string[]).includes('title'));
      // The client checks structured content against the output schema: a mismatch would throw here.
      const got = await call(c, 'getTask', { id: task.id });
      assert.deepEqual([got.isError, got.body.title], [false, 'Shaped']);
      const missing = await call(c, 'getTask', { id: '0193b1d2-7c4e-7a10-8f3e-000000000000' });
      assert.deepEqual([missing.isError, missing.status, codeOf(missing)], [true, 404, 'not_found']);
    });
  });

  it('offers the toolsets asked for in ?toolsets=, refuses an unknown one, and by default every one the token\'s scopes allow', async () => {
    const owner = await createPrincipal(ctx());
    const base = await serverUrl(ctx());
    const client = new Client({ name: 'toolsets', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp?toolsets=crm,tasks`), { requestInit: { headers: { 'x-api-token': owner.token } } }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      assert.ok(names.includes('listClients') && names.includes('createTask'), names.join());
      assert.equal(names.some((n) => /Finance|Meeting|Webhook|getMe/.test(n)), false, names.join());
    } finally {
      await client.close();
    }
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const unknown = await fetch(`${base}/mcp?toolsets=crm,payroll`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-token': owner.token }, body: JSON.stringify(initialize),
    });
    assert.equal(unknown.status, 422);
    assert.match(((await unknown.json()) as { message: string }).message, /unknown toolsets: payroll/);
    const reader = await createPrincipal(ctx(), { scopes: ['crm:read'] });
    const readerTools = await withClient(ctx(), reader.token, async (c) => (await c.listTools()).tools.map((t) => t.name));
    assert.ok(readerTools.includes('listClients') && !readerTools.includes('listTasks') && !readerTools.includes('createClient'), readerTools.join());
  });

  it('checks path arguments against the route before calling, and a call that would reach another route is refused', async () => {
    const owner = await createPrincipal(ctx());
    await withClient(ctx(), owner.token, async (c) => {
      const long = await call(c, 'getTask', { id: 'x'.repeat(201) });
      assert.deepEqual([long.isError, long.status, codeOf(long)], [true, null, 'validation_error']);
      assert.match(String(long.body.message), /^id: /);
    });
    const off = await ctx().app.inject({ method: 'GET', url: '/api/public/v1/tasks', headers: { 'x-api-token': owner.token, 'x-bizplat-mcp-route': 'GET /api/public/v1/tasks/:id' } });
    assert.equal(off.statusCode, 422);
    assert.equal(json<{ details: { error: string } }>(off).details.error, 'route_mismatch');
  });

  it('asks the user through elicitation when the client can be asked: a decline changes nothing, whatever the call says; an accept makes the change', async () => {
    const t = await team(ctx());
    const request = await file(ctx(), t.requester, { title: 'Ask the user', amount: '12.00' });
    const answers: Array<'accept' | 'decline'> = ['decline', 'accept'];
    const questions: string[] = [];
    const client = new Client({ name: 'asks', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (question) => {
      questions.push(question.params.message);
      const action = answers.shift() ?? 'decline';
      return action === 'accept' ? { action, content: { confirm: true } } : { action };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${await serverUrl(ctx())}/mcp`), { requestInit: { headers: { 'x-api-token': t.approver.token } } }));
    try {
      const approve = (args: Record<string, unknown>) => client.callTool({ name: 'updateFinanceRequest', arguments: { id: request.id, status: 'approved', ...args } }) as Promise<CallToolResult>;
      const declined = await approve({ confirm: true });
      assert.equal(declined.isError, true);
      assert.match(JSON.stringify(declined.content), /confirmation_declined/);
      const unchanged = json<FinanceRequest>(await api(ctx(), t.requester.token, 'GET', `/finance-requests/${request.id}`));
      assert.equal(unchanged.status, request.status);
      const accepted = await approve({});
      assert.deepEqual([accepted.isError, (accepted.structuredContent as { status?: string } | undefined)?.status], [undefined, 'approved']);
      assert.equal(questions.length, 2);
      assert.match(questions[0]!, /updateFinanceRequest.*risk high.*"status":"approved"/);
    } finally {
      await client.close();
    }
  });
});
