/**
 * The MCP server over stdio, for desktop agents that start a command: each JSON-RPC message read
 * from stdin is posted to an /mcp endpoint (a server's over HTTP, or this process's own app
 * in-process) and its answer written to stdout, so both modes run the very server /mcp runs.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface PostAnswer {
  status: number;
  body: string;
}

/** Posts one JSON-RPC message to /mcp with the caller's token. */
export type McpPost = (message: JSONRPCMessage) => Promise<PostAnswer>;

export const MCP_POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function messagesOf(answer: PostAnswer): JSONRPCMessage[] {
  if (answer.body === '') return [];
  const parsed = JSON.parse(answer.body) as JSONRPCMessage | JSONRPCMessage[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** The answer to a request the endpoint refused outright (401, 429, …): a JSON-RPC error carrying the API's envelope. */
function refusal(message: JSONRPCMessage, answer: PostAnswer): JSONRPCMessage[] {
  if (!isJSONRPCRequest(message)) return [];
  let envelope: unknown = answer.body;
  try {
    envelope = JSON.parse(answer.body);
  } catch {
    // Not JSON: passed on as text.
  }
  const text = typeof envelope === 'object' && envelope !== null && 'message' in envelope && typeof envelope.message === 'string' ? envelope.message : `HTTP ${answer.status}`;
  return [{ jsonrpc: '2.0', id: message.id, error: { code: -32001, message: text, data: envelope } }];
}

/** Bridges stdin/stdout to `post` until stdin ends. */
export async function bridgeStdio(post: McpPost): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', () => void transport.close());
  });
  transport.onmessage = (message) => {
    void post(message)
      .then((answer) => (answer.status >= 400 && !answer.body.startsWith('{"jsonrpc"') ? refusal(message, answer) : messagesOf(answer)))
      .catch((error: unknown) => (isJSONRPCRequest(message) ? [{ jsonrpc: '2.0' as const, id: message.id, error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }] : []))
      .then(async (replies) => {
        for (const reply of replies) await transport.send(reply);
      });
  };
  await transport.start();
  await closed;
}
