/**
 * Console passwords: scrypt (node:crypto) with a random salt per password, stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` so the cost can be raised later without losing the
 * old hashes. A password is set by the operator (CLI); signing in checks it in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { conflict, invalidField } from '../http/errors.ts';
import { nowIso, readBool, readJson } from '../storage/codecs.ts';
import { isUniqueViolation } from '../storage/errors.ts';
import { requireFound } from '../storage/resource.ts';
import type { Db } from '../storage/statements.ts';
import type { Tx } from '../storage/storage.ts';
import { recordAudit } from './audit.ts';
import type { AuditSource } from './audit.ts';
import { findMember } from './queries.ts';
import { endMemberSessionsIn } from './sessions.ts';

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 10;
/** Hashing is bounded work: a longer password is refused before it is hashed. */
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2n;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG2_N, R, P);
  return `scrypt$${LOG2_N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` is the one `stored` was made from; false for a stored value of an unknown form. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2n, r, p] = parts.slice(1, 4).map(Number);
  if (!Number.isInteger(log2n) || !Number.isInteger(r) || !Number.isInteger(p) || log2n! > 20 || r! > 32 || p! > 4) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), log2n!, r!, p!);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the e-mail has no account, so the answer takes as long either way. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummy;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalidField('password', `must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw invalidField('password', `must have at most ${MAX_PASSWORD_LENGTH} characters`);
  if (password.trim() === '') throw invalidField('password', 'must not be blank');
}

/**
 * Sets or replaces a member's password in `tx` and ends every console session of theirs, so a
 * reset shuts out whoever knew the old one. Audited without the password or its hash.
 */
export async function setPasswordIn(tx: Tx, orgId: string, userOrMemberId: string, password: string, by: AuditSource): Promise<{ userId: string; email: string; endedSessions: number }> {
  checkPassword(password);
  const resolved = await requireFound(await findMember(tx.db, orgId, userOrMemberId), `user "${userOrMemberId}"`);
  if (resolved.email === null) throw invalidField('id', 'the user has no e-mail address, which is what they sign in with');
  const hash = await hashPassword(password);
  const key = emailKey(resolved.email);
  const taken = () => conflict('already_exists', `another user signs in with ${resolved.email}: give this user another e-mail address first`);
  const holder = await tx.db.selectFrom('user_passwords').select('user_id').where('email_key', '=', key).executeTakeFirst();
  if (holder !== undefined && holder.user_id !== resolved.userId) throw taken();
  const existing = await tx.db.selectFrom('user_passwords').select('user_id').where('user_id', '=', resolved.userId).executeTakeFirst();
  const values = { org_id: orgId, email_key: key, hash, updated_at: nowIso() };
  try {
    if (existing) await tx.db.updateTable('user_passwords').set(values).where('user_id', '=', resolved.userId).execute();
    else await tx.db.insertInto('user_passwords').values({ user_id: resolved.userId, ...values }).execute();
  } catch (error) {
    // Set for the same address at the same moment by another request: the whole change is undone.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  const endedSessions = await endMemberSessionsIn(tx, orgId, resolved.orgUserId);
  await recordAudit(tx, by, {
    orgId,
    action: existing ? 'user.password_reset' : 'user.password_set',
    targetType: 'user',
    targetId: resolved.userId,
    changes: { password: { before: existing ? 'set' : null, after: 'set' }, ...(endedSessions > 0 ? { endedSessions: { before: null, after: endedSessions } } : {}) },
  });
  return { userId: resolved.userId, email: resolved.email, endedSessions };
}

/** Who signs in with this e-mail: the member, their organization and the password hash. */
export interface PasswordAccount {
  userId: string;
  orgUserId: string;
  orgId: string;
  orgSlug: string;
  orgName: string;
  name: string;
  email: string;
  hash: string;
  active: boolean;
  rights: string[];
}

export async function findPasswordAccount(db: Db, email: string): Promise<PasswordAccount | undefined> {
  const row = await db
    .selectFrom('user_passwords as p')
    .innerJoin('org_users as m', (j) => j.onRef('m.user_id', '=', 'p.user_id').onRef('m.org_id', '=', 'p.org_id'))
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('organizations as o', 'o.id', 'p.org_id')
    .select(['p.user_id', 'p.hash', 'm.id as org_user_id', 'm.is_active', 'm.rights', 'o.id as org_id', 'o.slug', 'o.name as org_name', 'u.name', 'u.email'])
    .where('p.email_key', '=', emailKey(email))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.user_id,
    orgUserId: row.org_user_id,
    orgId: row.org_id,
    orgSlug: row.slug,
    orgName: row.org_name,
    name: row.name,
    email: row.email ?? email,
    hash: row.hash,
    active: readBool(row.is_active),
    rights: readJson<string[]>(row.rights),
  };
}
