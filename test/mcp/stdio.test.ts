import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import { POSTGRES_URL, createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { endWithTest, exited } from '../helpers/children.ts';
import { cliArgs, cliEnv, ROOT } from '../helpers/cli.ts';
import { PATIENCE_MS, TEST_TIMEOUT_MS, waitUntil } from '../helpers/patience.ts';
import { POSTGRES_SESSION_URL } from '../helpers/session-url.ts';
import { serverUrl } from './helpers.ts';

interface Reply {
  id?: number;
  result?: { tools?: Array<{ name: string }>; structuredContent?: Record<string, unknown>; serverInfo?: { name: string } };
  error?: { message: string };
}

/** Starts `bizplat mcp …`, speaks JSON-RPC over its stdio, and checks it ends when its stdin does. */
async function session(t: Pick<TestContext, 'after'>, args: string[]): Promise<{ tools: string[]; ping: Record<string, unknown> | undefined }> {
  const child = endWithTest(t, spawn(process.execPath, ['bin/bizplat.mjs', 'mcp', ...cliArgs(args)], { cwd: ROOT, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const replies = () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Reply);
  const ask = async (id: number, method: string, params: Record<string, unknown>): Promise<Reply> => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    await waitUntil(`the answer to ${method}`, () => replies().some((r) => r.id === id), PATIENCE_MS, () => `${out}\n${err}`);
    return replies().find((r) => r.id === id)!;
  };
  const init = await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stdio-test', version: '1' } });
  assert.equal(init.result?.serverInfo?.name, 'bizplat', JSON.stringify(init));
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const listed = await ask(2, 'tools/list', {});
  const called = await ask(3, 'tools/call', { name: 'getMe', arguments: {} });
  child.stdin.end();
  await exited(child);
  assert.equal(child.exitCode, 0, err);
  return { tools: (listed.result?.tools ?? []).map((tool) => tool.name), ping: called.result?.structuredContent };
}

describeEachDatabase('bizplat mcp (stdio)', (ctx) => {
  it('in-process on --db: lists the token\'s tools, calls one, and ends with its stdin', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const reader = await createPrincipal(ctx(), { scopes: ['tasks:read'] });
    const { tools, ping } = await session(t, ['--token', reader.token, '--db', ctx().config.databaseUrl]);
    assert.ok(tools.includes('listTasks') && tools.includes('getMe'), tools.join());
    assert.equal(tools.includes('createTask'), false);
    assert.equal(ping?.tokenId, reader.tokenId);
  });

  it('against a server\'s --url: the same tools through its /mcp, of the --toolsets asked for', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const reader = await createPrincipal(ctx(), { scopes: ['crm:read', 'tasks:read'] });
    const { tools, ping } = await session(t, ['--token', reader.token, '--url', await serverUrl(ctx()), '--toolsets', 'crm']);
    assert.ok(tools.includes('listClients') && !tools.includes('listTasks') && !tools.includes('getMe'), tools.join());
    assert.equal(ping?.tokenId, reader.tokenId);
  });
});

/** The test database through its transaction pooler, when the PostgreSQL half runs through one. */
const POOLED_URL = POSTGRES_SESSION_URL ? POSTGRES_URL : undefined;

describe('bizplat mcp on a transaction pooler without DATABASE_SESSION_URL', { skip: POOLED_URL ? false : 'the tests do not run through a transaction pooler' }, () => {
  it('prints why it cannot start and exits non-zero, although its stdin stays open', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    // A schema of its own, so that nothing could be written where other tests look, should it get that far.
    const url = `${POOLED_URL!}${POOLED_URL!.includes('?') ? '&' : '?'}schema=mcp_pooled_${process.pid}`;
    const child = endWithTest(t, spawn(process.execPath, ['bin/bizplat.mjs', 'mcp', '--token', 'bzp_none_x', '--db', url], { cwd: ROOT, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await waitUntil('bizplat mcp to exit', () => child.exitCode !== null || child.signalCode !== null, PATIENCE_MS, () => err);
    assert.equal(child.exitCode, 1, err);
    assert.match(err, /^error: .*unsupported startup parameter/m);
    assert.equal(out, '', 'nothing on the protocol channel');
  });
});
