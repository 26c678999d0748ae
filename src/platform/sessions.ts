/**
 * Console sessions: made by a password sign-in, held by the browser as an HttpOnly cookie whose
 * value is stored only as its HMAC (the API tokens' key). Read from the database on every
 * request (no cache), so signing out, revoking, a password reset and deactivating the user end
 * a session at once in every process.
 */
import { randomBytes } from 'node:crypto';
import { isoWithOffset, nowIso, readBool, readJson } from '../storage/codecs.ts';
import { newId } from '../storage/ids.ts';
import type { Db } from '../storage/statements.ts';
import type { Tx } from '../storage/storage.ts';
import { recordAudit } from './audit.ts';
import type { AuditSource } from './audit.ts';
import { hashToken } from './token-format.ts';

/** A session lasts a working day from sign-in, then the user signs in again. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
const SEEN_INTERVAL_MS = 60_000;
const SESSION_PREFIX = 'bzs_';
/** The most sessions the list shows (the newest first). */
export const MAX_LISTED_SESSIONS = 200;

export function isSessionValue(value: string): boolean {
  return value.length <= 100 && /^bzs_[A-Za-z0-9_-]{43}$/.test(value);
}

export interface NewSession {
  orgId: string;
  orgUserId: string;
  address: string;
  userAgent: string;
}

/** Starts a session in `tx`: its value is returned this once. */
export async function startSessionIn(tx: Tx, key: Buffer, input: NewSession): Promise<{ id: string; value: string; expiresAt: string }> {
  const value = `${SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = newId();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
  await tx.db
    .insertInto('console_sessions')
    .values({
      id,
      org_id: input.orgId,
      org_user_id: input.orgUserId,
      token_hash: hashToken(key, value),
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      last_seen_at: new Date(now).toISOString(),
      revoked_at: null,
      address: input.address.slice(0, 100),
      user_agent: input.userAgent.slice(0, 300),
    })
    .execute();
  return { id, value, expiresAt };
}

/** A session with what a request made with it acts as. */
export interface SessionRecord {
  id: string;
  tokenHash: string;
  orgId: string;
  orgSlug: string;
  orgCurrency: string;
  orgSettings: Record<string, unknown>;
  orgUserId: string;
  userId: string;
  rights: string[];
  memberActive: boolean;
  expiresAt: string;
  revokedAt: string | null;
  lastSeenAt: string;
}

export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom('console_sessions as s')
    .innerJoin('org_users as m', (j) => j.onRef('m.id', '=', 's.org_user_id').onRef('m.org_id', '=', 's.org_id'))
    .innerJoin('organizations as o', 'o.id', 's.org_id')
    .select(['s.id', 's.token_hash', 's.org_id', 's.expires_at', 's.revoked_at', 's.last_seen_at', 'm.id as org_user_id', 'm.user_id', 'm.rights', 'm.is_active', 'o.slug', 'o.currency', 'o.settings'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    tokenHash: row.token_hash,
    orgId: row.org_id,
    orgSlug: row.slug,
    orgCurrency: row.currency,
    orgSettings: readJson<Record<string, unknown>>(row.settings),
    orgUserId: row.org_user_id,
    userId: row.user_id,
    rights: readJson<string[]>(row.rights),
    memberActive: readBool(row.is_active),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastSeenAt: row.last_seen_at,
  };
}

/** Records that the session was used (best effort, at most once a minute). */
export async function noteSessionSeen(db: Db, session: SessionRecord, now: number): Promise<void> {
  if (now - Date.parse(session.lastSeenAt) < SEEN_INTERVAL_MS) return;
  await db.updateTable('console_sessions').set({ last_seen_at: new Date(now).toISOString() }).where('id', '=', session.id).execute();
}

export interface SessionListing {
  id: string;
  user: { id: string; name: string; email: string | null };
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  address: string;
  userAgent: string;
}

/** The organization's live sessions (not ended, not expired), newest first. */
export async function listSessions(db: Db, orgId: string): Promise<SessionListing[]> {
  const rows = await db
    .selectFrom('console_sessions as s')
    .innerJoin('org_users as m', (j) => j.onRef('m.id', '=', 's.org_user_id').onRef('m.org_id', '=', 's.org_id'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['s.id', 's.created_at', 's.last_seen_at', 's.expires_at', 's.address', 's.user_agent', 'u.id as user_id', 'u.name', 'u.email', 'm.is_active'])
    .where('s.org_id', '=', orgId)
    .where('s.expires_at', '>', nowIso())
    .where('s.revoked_at', 'is', null)
    .orderBy('s.expires_at', 'desc')
    .limit(MAX_LISTED_SESSIONS)
    .execute();
  return rows
    .filter((r) => readBool(r.is_active))
    .map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: r.name, email: r.email },
      createdAt: isoWithOffset(r.created_at),
      lastSeenAt: isoWithOffset(r.last_seen_at),
      expiresAt: isoWithOffset(r.expires_at),
      address: r.address,
      userAgent: r.user_agent,
    }));
}

/** Ends one session of the organization in `tx` (audited); false when there is no such live session. */
export async function endSessionIn(tx: Tx, orgId: string, sessionId: string, action: 'session.signout' | 'session.revoke', by: AuditSource): Promise<boolean> {
  const row = await tx.db
    .selectFrom('console_sessions as s')
    .innerJoin('org_users as m', 'm.id', 's.org_user_id')
    .select(['s.id', 's.revoked_at', 'm.user_id'])
    .where('s.id', '=', sessionId)
    .where('s.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return false;
  const at = nowIso();
  await tx.db.updateTable('console_sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('org_id', '=', orgId).execute();
  await recordAudit(tx, by, { orgId, action, targetType: 'session', targetId: sessionId, changes: { user: { before: row.user_id, after: row.user_id }, endedAt: { before: null, after: at } } });
  return true;
}

/** Ends every live session of a member in `tx`; how many there were. */
export async function endMemberSessionsIn(tx: Tx, orgId: string, orgUserId: string): Promise<number> {
  const result = await tx.db
    .updateTable('console_sessions')
    .set({ revoked_at: nowIso() })
    .where('org_id', '=', orgId)
    .where('org_user_id', '=', orgUserId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
