import { buildApp } from '../../app.ts';
import { bridgeStdio, MCP_POST_HEADERS } from '../../mcp/stdio.ts';
import type { McpPost } from '../../mcp/stdio.ts';
import { MCP_PATH } from '../../mcp/http.ts';
import { openMigratedStorage } from '../../setup.ts';
import type { CliCommand } from '../command.ts';
import { UsageError, requiredOption, stringOption } from '../command.ts';

/** /mcp, with the toolsets asked for. */
function mcpPath(toolsets: string | undefined): string {
  return toolsets === undefined ? MCP_PATH : `${MCP_PATH}?${new URLSearchParams({ toolsets }).toString()}`;
}

function remote(url: string, token: string, path: string): McpPost {
  let endpoint: URL;
  try {
    endpoint = new URL(path, url);
  } catch {
    throw new UsageError('--url must be the server\'s address, e.g. https://bizplat.example.com');
  }
  return async (message) => {
    const response = await fetch(endpoint, { method: 'POST', headers: { ...MCP_POST_HEADERS, 'x-api-token': token }, body: JSON.stringify(message) });
    return { status: response.status, body: await response.text() };
  };
}

const mcp: CliCommand = {
  name: 'mcp',
  summary: 'Serve the MCP server over stdio for a desktop agent, as the token: against --url, or in-process on the database',
  options: {
    token: { description: 'the API token the agent acts with (its scopes and its owner\'s rights decide the tools)', required: true },
    url: { description: 'a bizplat server\'s address (its /mcp is used); without it, the database (--db) is served in-process' },
    toolsets: { description: 'the tool groups to offer, comma-separated (crm,tasks,…); by default every group the token\'s scopes allow' },
  },
  async run(args) {
    const token = requiredOption(args, 'token');
    const url = stringOption(args, 'url');
    const path = mcpPath(stringOption(args, 'toolsets'));
    if (url !== undefined) {
      await bridgeStdio(remote(url, token, path));
      return undefined;
    }
    // stdout carries the protocol: the in-process app logs nothing.
    const storage = await openMigratedStorage(args.config, { poolSize: 2 });
    const app = await buildApp({ config: args.config, storage, logger: false });
    try {
      await app.ready();
      await bridgeStdio(async (message) => {
        const response = await app.inject({ method: 'POST', url: path, headers: { ...MCP_POST_HEADERS, 'x-api-token': token }, payload: JSON.stringify(message) });
        return { status: response.statusCode, body: response.body };
      });
    } finally {
      await app.close();
      await storage.close();
    }
    return undefined;
  },
};

export const mcpCommands: CliCommand[] = [mcp];
