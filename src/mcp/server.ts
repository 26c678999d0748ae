import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, SetLevelRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../http/access.ts';
import { areasOf, areaUri, OPENAPI_URI } from './areas.ts';
import type { Areas } from './areas.ts';
import { callTool } from './call.ts';
import type { Confirmer } from './call.ts';
import type { ApiAnswer, ApiGateway } from './gateway.ts';
import { INSTRUCTIONS } from './instructions.ts';
import { mayCall, toolsOf } from './tools.ts';
import type { ToolSpec } from './tools.ts';
import type { Catalog } from '../capabilities/catalog.ts';

/** Resources read through the API as the caller. */
const API_RESOURCES: Array<Resource & { path: string }> = [
  {
    uri: 'bizplat://capabilities', name: 'capabilities', title: 'Capabilities catalog', mimeType: 'application/json', path: '/capabilities',
    description: 'Every action of the API for automation: scope, mode, required rights, risk, confirmation and Idempotency-Key (GET /capabilities).',
  },
  {
    uri: 'bizplat://event-catalog', name: 'event-catalog', title: 'Event catalog', mimeType: 'application/json', path: '/webhooks/event-catalog',
    description: 'The event names a webhook subscription may take (GET /webhooks/event-catalog; needs the scope admin:all).',
  },
];

/** What the tools and the area documents are made from: the API's own document and catalog, read once per process. */
export interface Toolbox {
  specs: ToolSpec[];
  areas: Areas;
  /** Every toolset a tool belongs to. */
  toolsets: Set<string>;
}

export class ToolRegistry {
  #toolbox: Promise<Toolbox> | undefined;

  /** `gateway` reads the document and the catalog as the first caller. */
  all(gateway: ApiGateway): Promise<Toolbox> {
    this.#toolbox ??= load(gateway);
    this.#toolbox.catch(() => {
      this.#toolbox = undefined;
    });
    return this.#toolbox;
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

async function load(gateway: ApiGateway): Promise<Toolbox> {
  const document = bodyOf(await gateway({ method: 'GET', path: '/openapi.json' }));
  const catalog = bodyOf(await gateway({ method: 'GET', path: '/capabilities' }));
  // The answer passed the route's response schema (CapabilitiesCatalog): it is the catalog.
  const { capabilities } = catalog as unknown as Catalog;
  const specs = toolsOf(document, capabilities.flatMap((c) => c.actions));
  return { specs, areas: areasOf(document), toolsets: new Set(specs.map((spec) => spec.operation.toolset)) };
}

export interface CallerOptions {
  /** Where the public API is served. */
  apiPrefix: string;
  /** The toolsets asked for; undefined: every toolset. */
  toolsets: Set<string> | undefined;
  /** Asks the user through the client, when the client can be asked; `requestId` is the tools/call's. */
  ask: ((message: string, requestId: string | number, signal: AbortSignal) => ReturnType<Confirmer>) | undefined;
}

function documentResources(areas: Areas): Resource[] {
  const index: Resource = { uri: OPENAPI_URI, name: 'openapi', title: 'OpenAPI index', mimeType: 'application/json', description: 'The public API v1: its introduction and the areas below, each an OpenAPI 3.1 document of its own.' };
  const perArea = [...areas.documents.keys()].map((area): Resource => ({
    uri: areaUri(area), name: `openapi-${area}`, title: `OpenAPI: ${area}`, mimeType: 'application/json',
    description: `Every operation of the ${area} area in full (parameters, bodies, answers, rules) and the schemas they use.`,
  }));
  return [index, ...perArea];
}

/** An MCP server for one caller: the tools its token may call in the toolsets asked for, performed through `gateway` as that caller. */
export function mcpServer(toolbox: Toolbox, actor: Actor, gateway: ApiGateway, options: CallerOptions): Server {
  const offered = toolbox.specs.filter((spec) => mayCall(actor, spec.operation) && (options.toolsets === undefined || options.toolsets.has(spec.operation.toolset)));
  const listed = offered.map((spec) => spec.tool);
  const server = new Server({ name: 'bizplat', version: 'v1' }, { capabilities: { tools: { listChanged: false }, resources: {}, logging: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    // A tool of the API this token may not use is still called: the API refuses it (403) in its envelope.
    const spec = toolbox.specs.find((s) => s.tool.name === request.params.name);
    if (!spec) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    const { ask } = options;
    const confirmer: Confirmer | undefined = ask ? (message) => ask(message, extra.requestId, extra.signal) : undefined;
    return callTool(spec, request.params.arguments ?? {}, gateway, options.apiPrefix, confirmer);
  });
  // Nothing is logged to clients (each request is answered on its own), so every level is accepted.
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
  const documents = documentResources(toolbox.areas);
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [...API_RESOURCES.map(({ path: _path, ...resource }) => resource), ...documents] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const area = uri.startsWith(`${OPENAPI_URI}/`) ? toolbox.areas.documents.get(uri.slice(OPENAPI_URI.length + 1)) : undefined;
    const text = uri === OPENAPI_URI ? JSON.stringify(toolbox.areas.index) : area !== undefined ? JSON.stringify(area) : undefined;
    if (text !== undefined) return { contents: [{ uri, mimeType: 'application/json', text }] };
    const resource = API_RESOURCES.find((r) => r.uri === uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `no resource ${uri}`);
    const answer = await gateway({ method: 'GET', path: resource.path });
    if (answer.status !== 200) throw new McpError(ErrorCode.InvalidRequest, `HTTP ${answer.status}`, answer.body);
    return { contents: [{ uri: resource.uri, mimeType: 'application/json', text: JSON.stringify(answer.body) }] };
  });
  return server;
}
