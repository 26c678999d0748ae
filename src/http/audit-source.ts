import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditSource } from '../platform/audit.ts';
import { findMember } from '../platform/queries.ts';
import type { Database } from '../storage/schema.ts';

const VIA_HEADER = 'x-bizplat-via';
/** Known to this process only: a request from outside cannot claim to come through MCP. */
const MCP_MARK = Buffer.from(`mcp ${randomBytes(24).toString('base64url')}`);

/** The header an in-process call made on behalf of an MCP client carries. */
export function mcpCallHeaders(): Record<string, string> {
  return { [VIA_HEADER]: MCP_MARK.toString() };
}

function viaOf(request: FastifyRequest): AuditSource['via'] {
  const given = request.headers[VIA_HEADER];
  if (typeof given !== 'string') return 'api';
  const bytes = Buffer.from(given);
  return bytes.length === MCP_MARK.length && timingSafeEqual(bytes, MCP_MARK) ? 'mcp' : 'api';
}

/** The audit source of an API request: the token, its owner's name and the client's address. */
export async function requestSource(db: Kysely<Database>, request: FastifyRequest): Promise<AuditSource> {
  const { actor } = request;
  const member = await findMember(db, actor.orgId, actor.orgUserId);
  return { via: viaOf(request), userId: actor.userId, tokenId: actor.tokenId, name: member?.name ?? actor.userId, address: request.ip };
}
