import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestContext } from '../helpers/harness.ts';

const listening = new WeakMap<TestContext['app'], Promise<string>>();

/** The server's root URL over real HTTP (the suite's app listens once, on a free port). */
export function serverUrl(ctx: TestContext): Promise<string> {
  let url = listening.get(ctx.app);
  if (!url) {
    url = ctx.app.listen({ port: 0, host: '127.0.0.1' }).then(() => `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    listening.set(ctx.app, url);
  }
  return url;
}

/** An MCP client of the server's /mcp, with `headers` (the token) on every request. */
export async function connect(ctx: TestContext, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'bizplat-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${await serverUrl(ctx)}/mcp`), { requestInit: { headers } }));
  return client;
}

/** Runs `work` with a client of the token and always closes it. */
export async function withClient<T>(ctx: TestContext, token: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await connect(ctx, { 'x-api-token': token });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

export async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((t) => t.name).sort();
}

export interface ToolAnswer {
  isError: boolean;
  body: Record<string, unknown>;
  status: unknown;
}

/** A tool's answer: the structured content of a success, the envelope an error carries as text. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  const text = first?.type === 'text' ? (JSON.parse(first.text) as Record<string, unknown>) : {};
  return { isError: result.isError === true, body: result.isError === true ? text : (result.structuredContent ?? text), status: result._meta?.['bizplat/status'] };
}

/** The specific error code of an envelope answer. */
export function codeOf(answer: ToolAnswer): unknown {
  const details = answer.body.details;
  return typeof details === 'object' && details !== null && 'error' in details ? details.error : undefined;
}
