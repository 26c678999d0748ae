import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { createPrincipal, describeEachDatabase } from '../helpers/harness.ts';
import { endWithTest, exited } from '../helpers/children.ts';
import { cliEnv, ROOT } from '../helpers/cli.ts';
import { TEST_TIMEOUT_MS } from '../helpers/patience.ts';
import { serverUrl } from './helpers.ts';

const CONFORMANCE = 'node_modules/@modelcontextprotocol/conformance/dist/index.js';
const EXPECTED = 'test/mcp/conformance-expected-failures.yaml';

/** A gateway in front of /mcp that adds the token: the conformance client sends none. */
async function withToken(target: string, token: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, 'x-api-token': token } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

describeEachDatabase('MCP conformance (@modelcontextprotocol/conformance server scenarios)', (ctx) => {
  it('passes every applicable scenario; the ones that assume test-only tools, resources or prompts fail as listed', { timeout: TEST_TIMEOUT_MS }, async (t) => {
    const owner = await createPrincipal(ctx());
    const proxy = await withToken(await serverUrl(ctx()), owner.token);
    t.after(proxy.close);
    const child = endWithTest(t, spawn(process.execPath, [CONFORMANCE, 'server', '--url', proxy.url, '--expected-failures', EXPECTED], { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    await exited(child);
    const summary = output.slice(output.indexOf('=== SUMMARY ==='));
    assert.equal(child.exitCode, 0, summary);
    for (const scenario of ['server-initialize', 'ping', 'logging-set-level', 'tools-list', 'resources-list']) {
      assert.match(summary, new RegExp(`✓ ${scenario}: [1-9]\\d* passed, 0 failed`), scenario);
    }
  });
});
