import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatementScope, Tx } from '../storage/storage.ts';
import { checkKey, claimKey, claimKeyIn, completeKey, releaseKey, requestHash } from './idempotency.ts';
import type { IdempotencyScope } from './idempotency.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
export const REPLAY_HEADER = 'idempotent-replayed';

/** The Idempotency-Key a request is to be replayed under: POST requests only. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * Runs one use case as a single transaction and answers with `status`. A POST with an
 * Idempotency-Key stores its response in that same transaction; a repeat with the same key and
 * body gets those stored bytes back (with `Idempotent-Replayed: true`).
 */
export async function write<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T | FastifyReply> {
  const storage = request.server.storage;
  const key = idempotencyKeyOf(request);
  if (key === undefined) {
    const result = await storage.transaction(work);
    reply.code(status);
    return result;
  }
  checkKey(key);
  const scope: IdempotencyScope = {
    orgId: request.actor.orgId,
    tokenId: request.actor.tokenId,
    key,
    hash: requestHash(request.method, request.url, request.body),
  };
  const leaseMs = request.server.config.idempotencyLeaseMs;
  if (storage.oneWriterAtATime) {
    // With one writer at a time the claim, the effect and the stored response can share one
    // transaction (one commit, one fsync): a concurrent repeat waits for it and gets the replay,
    // and a failure rolls the claim back with the effect.
    const outcome = await storage.transaction(async (tx) => {
      const claim = await claimKeyIn(tx.db, scope, leaseMs);
      if ('replay' in claim) return { replay: claim.replay };
      return { body: await performAndRecord(tx, reply, status, scope, claim.lease, work) };
    });
    if (outcome.replay) {
      return reply.code(outcome.replay.status).header(REPLAY_HEADER, 'true').type(JSON_TYPE).send(outcome.replay.body);
    }
    return reply.code(status).type(JSON_TYPE).send(outcome.body);
  }
  const claim = await claimKey(storage, scope, leaseMs);
  if ('replay' in claim) {
    return reply.code(claim.replay.status).header(REPLAY_HEADER, 'true').type(JSON_TYPE).send(claim.replay.body);
  }
  let body: string;
  try {
    body = await storage.transaction((tx) => performAndRecord(tx, reply, status, scope, claim.lease, work));
  } catch (error) {
    await releaseKey(storage, scope, claim.lease).catch((e: unknown) => request.log.warn({ err: e }, 'could not release an idempotency key'));
    throw error;
  }
  return reply.code(status).type(JSON_TYPE).send(body);
}

/**
 * write() for a use case whose writes are one statement: without an Idempotency-Key it runs
 * through storage.oneStatement (no BEGIN/COMMIT round trips on PostgreSQL).
 */
export async function writeOneStatement<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: (scope: StatementScope) => Promise<T>,
): Promise<T | FastifyReply> {
  if (idempotencyKeyOf(request) !== undefined) return write(request, reply, status, work);
  const result = await request.server.storage.oneStatement(work);
  reply.code(status);
  return result;
}

/** The effect, then its response serialized by the route's schema and stored under the key, in `tx`. */
async function performAndRecord<T>(
  tx: Tx,
  reply: FastifyReply,
  status: number,
  scope: IdempotencyScope,
  lease: string,
  work: (tx: Tx) => Promise<T>,
): Promise<string> {
  const result = await work(tx);
  reply.code(status);
  const serialized = reply.serialize(result) as string;
  await completeKey(tx.db, scope, lease, { status, body: serialized });
  return serialized;
}
