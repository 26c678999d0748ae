import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedWrite } from '../storage/shared-writes.ts';
import type { Tx } from '../storage/storage.ts';
import { checkKey, claimKeyWith, completeKey, requestHash } from './idempotency.ts';
import type { HeldClaim, IdempotencyScope } from './idempotency.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
export const REPLAY_HEADER = 'idempotent-replayed';

/** The Idempotency-Key a request is to be replayed under: POST requests only. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** What a route tells write() about its response. */
export interface WriteOptions<T> {
  /**
   * Top-level response fields shown only in the first response (a one-time secret): the stored
   * replay leaves them out, so they are never kept in the idempotency record nor sent twice.
   */
  shownOnce?: ReadonlyArray<keyof T & string>;
  /** Fields the stored replay carries in their place, e.g. a note saying the value was shown once. */
  onReplay?: Partial<T>;
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
  options: WriteOptions<NoInfer<T>> = {},
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
  // The claim, the effect and the stored response share one transaction (one commit): a
  // failure rolls the claim back with the effect, and a repeat meanwhile is refused (in flight)
  // or waits for it and gets the replay (see claimKeyWith).
  const outcome = await storage.transaction(async (tx) => {
    const claim = await claimKeyWith(tx, scope, leaseMs);
    if ('replay' in claim) return { replay: claim.replay };
    return { body: await performAndRecord(tx, reply, status, scope, claim, work, options) };
  });
  if (outcome.replay) {
    return reply.code(outcome.replay.status).header(REPLAY_HEADER, 'true').type(JSON_TYPE).send(outcome.replay.body);
  }
  return reply.code(status).type(JSON_TYPE).send(outcome.body);
}

/**
 * write() for a shared write: without an Idempotency-Key the input joins the others arriving
 * together (storage.shared: one transaction and shared statements for all of them); with one,
 * it is written alone in the transaction that also stores the response under the key.
 */
export async function writeShared<I, O>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  shared: SharedWrite<I, O>,
  input: I,
): Promise<O | FastifyReply> {
  if (idempotencyKeyOf(request) !== undefined) return write(request, reply, status, (tx) => shared.one(tx, input));
  const result = await request.server.storage.shared(shared, input);
  reply.code(status);
  return result;
}

/**
 * The effect, then its response serialized by the route's schema and stored under the key, in
 * `tx`; returns the first response's bytes. Fields shown once are left out of what is stored.
 */
async function performAndRecord<T>(
  tx: Tx,
  reply: FastifyReply,
  status: number,
  scope: IdempotencyScope,
  claim: HeldClaim,
  work: (tx: Tx) => Promise<T>,
  options: WriteOptions<T>,
): Promise<string> {
  const result = await work(tx);
  reply.code(status);
  const serialized = reply.serialize(result) as string;
  const stored = options.shownOnce?.length ? (reply.serialize(replayOf(result, options)) as string) : serialized;
  await completeKey(tx, scope, claim, { status, body: stored });
  return serialized;
}

function replayOf<T>(result: T, options: WriteOptions<T>): Partial<T> {
  const replay: Partial<T> = { ...result };
  for (const field of options.shownOnce ?? []) delete replay[field];
  return { ...replay, ...options.onReplay };
}
