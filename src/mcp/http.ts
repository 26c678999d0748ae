/**
 * The Model Context Protocol endpoint at /mcp (Streamable HTTP, stateless): every POST carries the
 * caller's token and is answered by a server made for that caller alone, so nothing is kept
 * between requests and any instance behind a balancer can answer.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../http/errors.ts';
import { Callers } from './caller.ts';
import { answererOf, canBeAsked, Elicitations, sessionIdFor } from './elicitation.ts';
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

function messagesOf(body: unknown): JSONRPCMessage[] {
  const list: unknown[] = Array.isArray(body) ? body : [body];
  return list.filter((m): m is JSONRPCMessage => typeof m === 'object' && m !== null && 'jsonrpc' in m);
}

/** The toolsets named by `?toolsets=crm,tasks`; undefined when none are named (every toolset). */
export function toolsetsOf(request: FastifyRequest, known: Set<string>): Set<string> | undefined {
  const given = new URL(request.url, 'http://mcp.invalid').searchParams.get('toolsets');
  if (given === null || given.trim() === '') return undefined;
  const names = new Set(given.split(',').map((name) => name.trim()).filter(Boolean));
  const unknown = [...names].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw validationError(`unknown toolsets: ${unknown.join(', ')}; the toolsets are ${[...known].join(', ')}`, unknown.map((name) => ({ field: 'toolsets', message: `${name} is not a toolset` })));
  }
  return names;
}

export interface McpOptions {
  /** Where the public API is served: the tools call it there. */
  apiPrefix: string;
}

export async function mcpRoutes(app: FastifyInstance, options: McpOptions): Promise<void> {
  const callers = await Callers.open(app, options.apiPrefix);
  const registry = new ToolRegistry();
  const elicitations = new Elicitations();

  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const problem = originProblem(request, app.config.host, app.config.mcpAllowedOrigins);
    if (problem !== undefined) return reply.code(403).send({ jsonrpc: '2.0', error: { code: -32000, message: problem }, id: null });
    const credentials = { headers: tokenHeaders(request.headers), host: request.host, hostname: request.hostname, address: request.ip };
    const caller = await callers.resolve(credentials);
    if ('refusal' in caller) return refuse(reply, caller.refusal);
    const messages = messagesOf(request.body);
    const answerer = answererOf(credentials.headers);
    // The user's answer to a question a waiting call asked: it goes to that call.
    if (elicitations.answer(messages, answerer)) return reply.code(202).send();
    const gateway = injectGateway(app, options.apiPrefix, credentials);
    let toolbox;
    try {
      toolbox = await registry.all(gateway);
    } catch (error) {
      if (error instanceof ToolsUnavailable) return refuse(reply, error.answer);
      throw error;
    }
    const toolsets = toolsetsOf(request, toolbox.toolsets);
    const initialize = messages.find((m) => isInitializeRequest(m));
    const sessionId = initialize && isInitializeRequest(initialize) ? sessionIdFor(initialize.params.capabilities) : request.headers['mcp-session-id']?.toString();
    if (initialize && sessionId) reply.header('mcp-session-id', sessionId);
    // A call to a client that can be asked is answered as an event stream, which can carry the question first.
    const asks = canBeAsked(sessionId) && messages.some((m) => isJSONRPCRequest(m) && m.method === 'tools/call');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !asks });
    const ask = asks
      ? (message: string, requestId: string | number, signal: AbortSignal) => elicitations.ask((question) => transport.send(question, { relatedRequestId: requestId }), message, answerer, signal)
      : undefined;
    const server = mcpServer(toolbox, caller.actor, gateway, { apiPrefix: options.apiPrefix, toolsets, ask });
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
