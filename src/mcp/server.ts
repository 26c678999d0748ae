import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, SetLevelRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../http/access.ts';
import { callTool } from './call.ts';
import type { ApiAnswer, ApiGateway } from './gateway.ts';
import { mayCall, toolsOf } from './tools.ts';
import type { ToolSpec } from './tools.ts';
import type { Catalog } from '../capabilities/catalog.ts';

const RESOURCES: Array<Resource & { path: string }> = [
  {
    uri: 'bizplat://capabilities', name: 'capabilities', title: 'Capabilities catalog', mimeType: 'application/json', path: '/capabilities',
    description: 'Every action of the API for automation: scope, mode, required rights, risk, confirmation and Idempotency-Key (GET /capabilities).',
  },
  {
    uri: 'bizplat://openapi', name: 'openapi', title: 'OpenAPI document', mimeType: 'application/json', path: '/openapi.json',
    description: 'The public API v1 as OpenAPI 3.1: every operation, parameter, body and answer.',
  },
  {
    uri: 'bizplat://event-catalog', name: 'event-catalog', title: 'Event catalog', mimeType: 'application/json', path: '/webhooks/event-catalog',
    description: 'The event names a webhook subscription may take (GET /webhooks/event-catalog; needs the scope admin:all).',
  },
];

const INSTRUCTIONS =
  'Tools are the operations of the bizplat public API v1 this token may call. Writes that need the user\'s confirmation say so and take confirm: true; '
  + 'writes that create take an idempotency_key: keep it when retrying. Errors carry the API\'s error envelope.';

/** The tools of the whole API, read once per process from its own document and catalog. */
export class ToolRegistry {
  #specs: Promise<ToolSpec[]> | undefined;

  /** `gateway` reads the document and the catalog as the first caller. */
  all(gateway: ApiGateway): Promise<ToolSpec[]> {
    this.#specs ??= load(gateway);
    this.#specs.catch(() => {
      this.#specs = undefined;
    });
    return this.#specs;
  }
}

/** The API refused to answer what the tools are made from (e.g. 429 for the caller's token): its answer is passed on. */
export class ToolsUnavailable extends Error {
  constructor(readonly answer: ApiAnswer) {
    super(`the API answered ${answer.status}`);
  }
}

function bodyOf(answer: ApiAnswer): Record<string, unknown> {
  if (answer.status !== 200 || typeof answer.body !== 'object' || answer.body === null) throw new ToolsUnavailable(answer);
  return { ...answer.body };
}

async function load(gateway: ApiGateway): Promise<ToolSpec[]> {
  const document = bodyOf(await gateway({ method: 'GET', path: '/openapi.json' }));
  const catalog = bodyOf(await gateway({ method: 'GET', path: '/capabilities' }));
  // The answer passed the route's response schema (CapabilitiesCatalog): it is the catalog.
  const { capabilities } = catalog as unknown as Catalog;
  return toolsOf(document, capabilities.flatMap((c) => c.actions));
}

/** An MCP server for one caller: the tools its token may call, performed through `gateway` as that caller. */
export function mcpServer(all: ToolSpec[], actor: Actor, gateway: ApiGateway): Server {
  const listed = all.filter((spec) => mayCall(actor, spec.operation)).map((spec) => spec.tool);
  const server = new Server({ name: 'bizplat', version: 'v1' }, { capabilities: { tools: { listChanged: false }, resources: {}, logging: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    // A tool of the API this token may not use is still called: the API refuses it (403) in its envelope.
    const spec = all.find((s) => s.tool.name === request.params.name);
    if (!spec) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    return callTool(spec, request.params.arguments ?? {}, gateway);
  });
  // Nothing is logged to clients (each request is answered on its own), so every level is accepted.
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: RESOURCES.map(({ path: _path, ...resource }) => resource) }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = RESOURCES.find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `no resource ${request.params.uri}`);
    const answer = await gateway({ method: 'GET', path: resource.path });
    if (answer.status !== 200) throw new McpError(ErrorCode.InvalidRequest, `HTTP ${answer.status}`, answer.body);
    return { contents: [{ uri: resource.uri, mimeType: 'application/json', text: JSON.stringify(answer.body) }] };
  });
  return server;
}
