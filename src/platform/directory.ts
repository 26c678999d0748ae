/** What an administrator reads about the organization: its members, its tokens and the audit trail. */
import { isoWithOffset, readBool, readJson } from '../storage/codecs.ts';
import type { Db } from '../storage/statements.ts';
import type { FieldChanges } from './audit.ts';

export interface MemberListing {
  id: string;
  orgUserId: string;
  name: string;
  email: string | null;
  rights: string[];
  active: boolean;
  createdAt: string;
}

export async function listMembers(db: Db, orgId: string): Promise<MemberListing[]> {
  const rows = await db
    .selectFrom('org_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'm.id as org_user_id', 'u.name', 'u.email', 'm.rights', 'm.is_active', 'm.created_at'])
    .where('m.org_id', '=', orgId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orgUserId: r.org_user_id,
    name: r.name,
    email: r.email,
    rights: readJson<string[]>(r.rights),
    active: readBool(r.is_active),
    createdAt: isoWithOffset(r.created_at),
  }));
}

/** A token as an administrator sees it: never its value nor its hash. */
export interface TokenListing {
  id: string;
  name: string;
  scopes: string[];
  format: 'new' | 'legacy';
  owner: { id: string; name: string };
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export async function listTokens(db: Db, orgId: string): Promise<TokenListing[]> {
  const rows = await db
    .selectFrom('api_tokens as t')
    .innerJoin('org_users as m', (j) => j.onRef('m.id', '=', 't.org_user_id').onRef('m.org_id', '=', 't.org_id'))
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['t.id', 't.name', 't.scopes', 't.format', 't.created_at', 't.last_used_at', 't.expires_at', 't.revoked_at', 'u.id as user_id', 'u.name as user_name'])
    .where('t.org_id', '=', orgId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: readJson<string[]>(r.scopes),
    format: r.format,
    owner: { id: r.user_id, name: r.user_name },
    createdAt: isoWithOffset(r.created_at),
    lastUsedAt: isoWithOffset(r.last_used_at),
    expiresAt: isoWithOffset(r.expires_at),
    revokedAt: isoWithOffset(r.revoked_at),
  }));
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: { via: 'api' | 'mcp' | 'cli'; userId: string | null; tokenId: string | null; name: string };
  address: string;
  action: string;
  target: { type: string; id: string };
  changes: FieldChanges;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The organization's audit entries, newest first, `limit` at a time from after `cursor`. */
export async function listAudit(db: Db, orgId: string, page: { cursor?: string | undefined; limit: number }): Promise<AuditPage> {
  let query = db.selectFrom('audit_log').selectAll().where('org_id', '=', orgId);
  if (page.cursor !== undefined) query = query.where('seq', '<', Number(page.cursor));
  const rows = await query.orderBy('seq', 'desc').limit(page.limit + 1).execute();
  const items = rows.slice(0, page.limit).map((r) => ({
    id: String(r.seq),
    at: isoWithOffset(r.at),
    actor: { via: r.via, userId: r.user_id, tokenId: r.token_id, name: r.actor_name },
    address: r.address,
    action: r.action,
    target: { type: r.target_type, id: r.target_id },
    changes: readJson<FieldChanges>(r.changes),
  }));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last ? last.id : null };
}
