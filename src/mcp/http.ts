/**
 * The Model Context Protocol endpoint at /mcp (Streamable HTTP, stateless): every POST carries the
 * caller's token and is answered by a server made for that caller alone, so nothing is kept
 * between requests and any instance behind a balancer can answer.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Callers } from './caller.ts';
import { injectGateway, tokenHeaders } from './gateway.ts';
import type { ApiAnswer } from './gateway.ts';
import { resourceMetadataUrl } from '../oauth/urls.ts';
import { originProblem } from './origin.ts';
import { mcpServer, ToolRegistry, ToolsUnavailable } from './server.ts';

export const MCP_PATH = '/mcp';

/** The refusal headers a client acts on, taken from the API's answer. */
const PASSED_HEADERS = ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

function refuse(reply: FastifyReply, answer: ApiAnswer): FastifyReply {
  // An OAuth client learns from a 401 where to get a token (RFC 9728 §5.1).
  if (answer.status === 401) reply.header('www-authenticate', `Bearer resource_metadata="${resourceMetadataUrl(reply.request, MCP_PATH)}"`);
  for (const name of PASSED_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.code(answer.status).send(answer.body);
}

export interface McpOptions {
  /** Where the public API is served: the tools call it there. */
  apiPrefix: string;
}

export async function mcpRoutes(app: FastifyInstance, options: McpOptions): Promise<void> {
  const callers = await Callers.open(app, options.apiPrefix);
  const registry = new ToolRegistry();

  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const problem = originProblem(request, app.config.host, app.config.mcpAllowedOrigins);
    if (problem !== undefined) return reply.code(403).send({ jsonrpc: '2.0', error: { code: -32000, message: problem }, id: null });
    const credentials = { headers: tokenHeaders(request.headers), host: request.host, hostname: request.hostname, address: request.ip };
    const caller = await callers.resolve(credentials);
    if ('refusal' in caller) return refuse(reply, caller.refusal);
    const gateway = injectGateway(app, options.apiPrefix, credentials);
    let tools;
    try {
      tools = await registry.all(gateway);
    } catch (error) {
      if (error instanceof ToolsUnavailable) return refuse(reply, error.answer);
      throw error;
    }
    const server = mcpServer(tools, caller.actor, gateway);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The transport writes the answer itself; the headers every answer carries go with it.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
    return reply;
  });

  // Stateless: no stream to open (GET) and no session to end (DELETE).
  const stateless = async (_request: unknown, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send({ jsonrpc: '2.0', error: { code: -32000, message: 'this MCP endpoint is stateless: POST each JSON-RPC message' }, id: null });
  app.get(MCP_PATH, { schema: { hide: true } }, stateless);
  app.delete(MCP_PATH, { schema: { hide: true } }, stateless);
}
