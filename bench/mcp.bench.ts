/**
 * What the MCP server adds to a call: the same GET /tasks as a REST request and as an MCP
 * tools/call over /mcp (raw POSTs, so the client's own cost is not counted), an MCP ping (the
 * per-request server and transport alone), and tools/list for an administrator's token.
 */
import { createPrincipal } from '../test/helpers/harness.ts';
import { benchDatabases, servedContext } from './lib.ts';

const CALLS = 300;

async function perCall(work: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 30; i++) await work();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await work();
  return (performance.now() - started) / CALLS;
}

export default async function run(): Promise<void> {
  const rows: string[] = [];
  for (const kind of benchDatabases()) {
    const ctx = await servedContext(kind);
    try {
      const p = await createPrincipal(ctx);
      const root = ctx.baseUrl.replace(/\/api\/public\/v1$/, '');
      const headers = { 'x-api-token': p.token, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
      const mcp = (method: string, params: unknown) => async () => {
        const res = await fetch(`${root}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
        if (res.status !== 200) throw new Error(`/mcp answered ${res.status}`);
        await res.text();
      };
      const rest = async () => {
        const res = await fetch(`${ctx.baseUrl}/tasks`, { headers: { 'x-api-token': p.token } });
        if (res.status !== 200) throw new Error(`GET /tasks answered ${res.status}`);
        await res.text();
      };
      const cells = [await perCall(rest), await perCall(mcp('tools/call', { name: 'listTasks', arguments: {} })), await perCall(mcp('ping', {})), await perCall(mcp('tools/list', {}))];
      rows.push(`| ${kind} | ${cells.map((ms) => ms.toFixed(1)).join(' | ')} |`);
    } finally {
      await ctx.close();
    }
  }
  console.log(`\n## MCP (ms per call, ${CALLS} sequential calls)\n`);
  console.log('| database | REST GET /tasks | MCP tools/call listTasks | MCP ping | MCP tools/list (admin) |');
  console.log('|---|---|---|---|---|');
  for (const line of rows) console.log(line);
}
