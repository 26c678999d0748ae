import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditSource } from '../platform/audit.ts';
import { findMember } from '../platform/queries.ts';
import type { Database } from '../storage/schema.ts';

/** The audit source of an API request: the token, its owner's name and the client's address. */
export async function requestSource(db: Kysely<Database>, request: FastifyRequest): Promise<AuditSource> {
  const { actor } = request;
  const member = await findMember(db, actor.orgId, actor.orgUserId);
  return { via: 'api', userId: actor.userId, tokenId: actor.tokenId, name: member?.name ?? actor.userId, address: request.ip };
}
