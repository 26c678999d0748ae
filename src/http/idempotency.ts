import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Db } from '../storage/statements.ts';
import { reusableStatement } from '../storage/reusable.ts';
import type { Storage, Tx } from '../storage/storage.ts';
import { conflict, validationError } from './errors.ts';

/** Keys are kept this long; a repeat after that is a new request. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this (its process died) may be taken over. */
const DEFAULT_CLAIM_LEASE_MS = 60_000;

const KEY = /^[\x21-\x7e]{1,255}$/;

export function checkKey(key: string): void {
  if (!KEY.test(key)) throw validationError('Idempotency-Key must be 1 to 255 visible ASCII characters', [{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The same method, path and body (keys in any order) give the same hash. */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${url}\n${canonical(body ?? null)}`).digest('hex');
}

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotencyScope {
  orgId: string;
  tokenId: string;
  key: string;
  hash: string;
}

/**
 * The outcome of claiming a key: the stored response of a completed repeat, or the claim now
 * held. `lease` (the claim's locked_until) identifies the claim: completing or releasing it
 * succeeds only while the row still carries it, so a request that outlived its lease and was
 * taken over can neither commit its effect nor drop the new owner's claim. `fresh`: the claim
 * row was inserted by this transaction, so until it commits no other request can see it, let
 * alone take it over (see completeKey).
 */
export type Claim = { replay: StoredResponse } | HeldClaim;
export type HeldClaim = { lease: string; fresh: boolean };

/**
 * Claims a key in a statement committed on its own, as a request running elsewhere holds it
 * (an earlier version of the server claimed keys this way; the lease lets a repeat take over a
 * claim whose process died). Requests claim inside the effect's transaction: claimKeyWith.
 */
export async function claimKey(storage: Storage, scope: IdempotencyScope, leaseMs = DEFAULT_CLAIM_LEASE_MS): Promise<Claim> {
  // The usual case, a fresh key, is one statement; a key seen before is looked at in a
  // transaction, which tries the insert again: the other claim may have been released meanwhile.
  const lease = leaseUntil(Date.now(), leaseMs);
  if (await storage.oneStatement(({ db }) => insertClaim(db, scope, lease))) return { lease, fresh: false };
  return storage.transaction(({ db }) => claimKeyIn(db, scope, leaseMs));
}

function leaseUntil(now: number, leaseMs: number): string {
  return new Date(now + leaseMs).toISOString();
}

/** Claims a fresh key; false when the key is already there. */
async function insertClaim(db: Kysely<Database>, scope: IdempotencyScope, lease: string): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(freshClaim(scope, lease))
    .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

function freshClaim(scope: IdempotencyScope, lease: string) {
  return {
    org_id: scope.orgId,
    token_id: scope.tokenId,
    key: scope.key,
    request_hash: scope.hash,
    state: 'in_flight',
    locked_until: lease,
    created_at: new Date().toISOString(),
  } as const;
}

type FreshClaim = ReturnType<typeof freshClaim>;
const CLAIM_COLUMNS = ['org_id', 'token_id', 'key', 'request_hash', 'state', 'locked_until', 'created_at'] as const;

/** insertClaim made only when `lock` (a condition taking the lock named `lockName`) holds; compiled once. */
const claimUnderLock = reusableStatement(
  'claimUnderLock',
  (db, lock: Expression<SqlBool>, _lockName: string, row: FreshClaim) =>
    db
      .insertInto('idempotency_keys')
      .columns([...CLAIM_COLUMNS])
      .expression(db.selectNoFrom((eb) => CLAIM_COLUMNS.map((column) => eb.val(row[column]).as(column))).where(lock))
      .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing())
      .returning('key'),
  (_lock, lockName, row) => [...CLAIM_COLUMNS.map((column) => row[column]), lockName],
);

/** The claim made only under the transaction's lock on the key; false when the lock is held elsewhere or the key is there. */
async function insertClaimUnder(tx: Tx, lockName: string, scope: IdempotencyScope, lease: string): Promise<boolean> {
  const { rows } = await tx.run(claimUnderLock, tx.lockCondition(lockName), lockName, freshClaim(scope, lease));
  return rows.length > 0;
}

/**
 * Claims the key in the effect's own transaction, so the claim, the effect and the stored
 * response commit together (one commit) or not at all: a crash before the commit leaves
 * nothing, and a repeat then runs the effect once. While the transaction is open the claim row
 * is not visible to others; on PostgreSQL a transaction-scoped advisory lock on the key says
 * "in flight" instead, so a concurrent repeat is refused with 409 at once rather than waiting
 * on the row. (SQLite runs one writer at a time: the repeat waits and gets the replay.)
 */
export async function claimKeyWith(tx: Tx, scope: IdempotencyScope, leaseMs = DEFAULT_CLAIM_LEASE_MS): Promise<Claim> {
  const lock = `bizplat.idempotency\n${scope.tokenId}\n${scope.key}`;
  // The usual case, a fresh key, is one statement: the lock and the insert made under it. No
  // row back means the lock is held elsewhere or the key is there: tried again, apart.
  const lease = leaseUntil(Date.now(), leaseMs);
  if (await insertClaimUnder(tx, lock, scope, lease)) return { lease, fresh: true };
  if (!(await tx.tryLock(lock))) throw inProgress();
  return claimKeyIn(tx.db, scope, leaseMs, true);
}

/** claimKey inside a transaction the caller already holds; `inEffect`: the effect's own transaction (a fresh claim row stays unseen until it commits). */
async function claimKeyIn(db: Kysely<Database>, scope: IdempotencyScope, leaseMs = DEFAULT_CLAIM_LEASE_MS, inEffect = false): Promise<Claim> {
  // A takeover is a compare-and-set on the row as read; losing it means another request changed
  // the row meanwhile (took it over, or completed), so the row is read once more.
  for (let attempt = 0; ; attempt++) {
    const now = Date.now();
    const lease = leaseUntil(now, leaseMs);
    if (await insertClaim(db, scope, lease)) return { lease, fresh: inEffect };
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('token_id', '=', scope.tokenId)
      .where('key', '=', scope.key)
      .executeTakeFirstOrThrow();
    const expired = Date.parse(row.created_at) + KEY_LIFETIME_MS <= now;
    const abandoned = row.state === 'in_flight' && Date.parse(row.locked_until) <= now;
    if (expired || abandoned) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ request_hash: scope.hash, state: 'in_flight', status_code: null, response_body: null, locked_until: lease, created_at: new Date(now).toISOString() })
        .where('token_id', '=', scope.tokenId)
        .where('key', '=', scope.key)
        .where('state', '=', row.state)
        .where('locked_until', '=', row.locked_until)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) return { lease, fresh: false };
      if (attempt === 0) continue;
      throw inProgress();
    }
    if (row.request_hash !== scope.hash) {
      throw validationError('this Idempotency-Key was already used with a different request; use a new key for a new request', [
        { field: 'Idempotency-Key', message: 'was used with a different body' },
      ], { reason: 'idempotency_key_reused' });
    }
    if (row.state === 'in_flight') throw inProgress();
    return { replay: { status: row.status_code ?? 200, body: row.response_body ?? '' } };
  }
}

function inProgress() {
  return conflict('idempotency_in_progress', 'a request with this Idempotency-Key is still being processed; retry shortly');
}

/** The completion's update, for both kinds of claim: the row still in flight gets the response. */
function completed(db: Db, response: StoredResponse, scope: IdempotencyScope) {
  return db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: response.status, response_body: response.body })
    .where('token_id', '=', scope.tokenId)
    .where('key', '=', scope.key)
    .where('state', '=', 'in_flight');
}

/** A claim taken over from a committed row: completed only while the row still carries its lease. */
const completion = reusableStatement(
  'completeKey',
  (db, response: StoredResponse, scope: IdempotencyScope, lease: string) => completed(db, response, scope).where('locked_until', '=', lease),
  (response, scope, lease) => ['done', response.status, response.body, scope.tokenId, scope.key, 'in_flight', lease],
);

/**
 * The completion of a fresh claim (Claim.fresh): the row is this transaction's own and no other
 * request can have taken it over, so nobody reads the answer and on PostgreSQL it goes out with
 * the transaction's next statement instead of taking a round trip of its own.
 */
const freshCompletion = reusableStatement(
  'completeFreshKey',
  completed,
  (response, scope) => ['done', response.status, response.body, scope.tokenId, scope.key, 'in_flight'],
  () => '',
  { unanswered: true },
);

/**
 * Records the response in the effect's own transaction, so both commit or neither does. Refused
 * (and the effect rolled back with it) when the claim is no longer this request's: it outlived
 * its lease and another request with the key took over, which only a claim taken over from a
 * committed row can (a fresh one is completed without asking).
 */
export async function completeKey(tx: Tx, scope: IdempotencyScope, claim: HeldClaim, response: StoredResponse): Promise<void> {
  if (claim.fresh) {
    await tx.run(freshCompletion, response, scope);
    return;
  }
  const done = await tx.run(completion, response, scope, claim.lease);
  if (Number(done.numAffectedRows ?? 0n) === 0) {
    throw conflict(
      'idempotency_claim_lost',
      'this request took longer than its Idempotency-Key claim and another request with the key took over; nothing was changed by this one: repeat it to get the outcome',
    );
  }
}

async function purgeExpiredKeys(storage: Storage): Promise<number> {
  const cutoff = new Date(Date.now() - KEY_LIFETIME_MS).toISOString();
  const result = await storage.db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}


const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** While the server runs, expired keys are purged every ten minutes. */
export function installKeyPurge(app: FastifyInstance, storage: Storage): void {
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => void purgeExpiredKeys(storage).catch(() => {}), PURGE_INTERVAL_MS);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
}
