import { readBool, readJson } from '../storage/codecs.ts';
import type { Db } from '../storage/statements.ts';

export interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  domain: string | null;
  currency: string;
  settings: Record<string, unknown>;
}

function toOrganization(row: {
  id: string;
  slug: string;
  name: string;
  domain: string | null;
  currency: string;
  settings: unknown;
}): OrganizationRow {
  return { ...row, settings: readJson<Record<string, unknown>>(row.settings) };
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<OrganizationRow | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'slug', 'name', 'domain', 'currency', 'settings'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toOrganization(row);
}

/** The organization's settings (empty when it does not exist). */
export async function organizationSettings(db: Db, orgId: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('organizations').select('settings').where('id', '=', orgId).executeTakeFirst();
  return row === undefined ? {} : readJson<Record<string, unknown>>(row.settings);
}

/** Every organization's own address: domain → organization id. */
export async function listOrganizationDomains(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('organizations').select(['id', 'domain']).where('domain', 'is not', null).execute();
  return new Map(rows.flatMap((row) => (row.domain === null ? [] : [[row.domain, row.id] as const])));
}

export async function findOrganizationIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const row = await db.selectFrom('organizations').select('id').where('domain', '=', domain).executeTakeFirst();
  return row?.id;
}

export interface TokenRecord {
  tokenId: string;
  orgId: string;
  orgSlug: string;
  orgCurrency: string;
  orgSettings: Record<string, unknown>;
  format: 'new' | 'legacy';
  tokenHash: string;
  scopes: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  orgUserId: string;
  userId: string;
  rights: string[];
  memberActive: boolean;
}

export async function findTokenByHash(db: Db, tokenHash: string): Promise<TokenRecord | undefined> {
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('org_users as m', (j) => j.onRef('m.id', '=', 't.org_user_id').onRef('m.org_id', '=', 't.org_id'))
    .innerJoin('organizations as o', 'o.id', 't.org_id')
    .select([
      't.id as token_id',
      't.org_id',
      't.format',
      't.token_hash',
      't.scopes',
      't.expires_at',
      't.revoked_at',
      'm.id as org_user_id',
      'm.user_id',
      'm.rights',
      'm.is_active',
      'o.slug',
      'o.currency',
      'o.settings',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenId: row.token_id,
    orgId: row.org_id,
    orgSlug: row.slug,
    orgCurrency: row.currency,
    orgSettings: readJson<Record<string, unknown>>(row.settings),
    format: row.format,
    tokenHash: row.token_hash,
    scopes: readJson<string[]>(row.scopes),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    orgUserId: row.org_user_id,
    userId: row.user_id,
    rights: readJson<string[]>(row.rights),
    memberActive: readBool(row.is_active),
  };
}

export interface MemberRow {
  orgUserId: string;
  userId: string;
  name: string;
  email: string | null;
  rights: string[];
  active: boolean;
}

/** A member of the organization, found by user id or by membership (orgUserId) id. */
export async function findMember(db: Db, orgId: string, userOrMemberId: string): Promise<MemberRow | undefined> {
  const row = await db
    .selectFrom('org_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id as org_user_id', 'm.user_id', 'm.rights', 'm.is_active', 'u.name', 'u.email'])
    .where('m.org_id', '=', orgId)
    .where((eb) => eb.or([eb('m.user_id', '=', userOrMemberId), eb('m.id', '=', userOrMemberId)]))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    orgUserId: row.org_user_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    rights: readJson<string[]>(row.rights),
    active: readBool(row.is_active),
  };
}

/** Which of `userIds` are members of the organization: active ones only, or deactivated ones too. */
export async function existingMemberUserIds(db: Db, orgId: string, userIds: string[], which: 'active' | 'any'): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  let query = db.selectFrom('org_users').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', userIds);
  if (which === 'active') query = query.where('is_active', '=', true);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function touchToken(db: Db, tokenId: string, at: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute();
}

/** Active members of the organization with their rights (a domain picks those holding a right). */
export async function activeMemberRights(db: Db, orgId: string): Promise<Array<{ userId: string; rights: string[] }>> {
  const rows = await db.selectFrom('org_users').select(['user_id', 'rights', 'is_active']).where('org_id', '=', orgId).orderBy('created_at').orderBy('user_id').execute();
  return rows.filter((r) => readBool(r.is_active)).map((r) => ({ userId: r.user_id, rights: readJson<string[]>(r.rights) }));
}

/** A value kept in `server_secrets`, or undefined when none was stored under `name`. */
export async function findServerSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `name` unless one is there already; returns the value that is stored. */
export async function keepServerSecret(db: Db, name: string, value: string): Promise<string> {
  await db.insertInto('server_secrets').values({ name, value }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Every organization's id and slug, by slug. */
export function listOrganizationSlugs(db: Db): Promise<Array<{ id: string; slug: string }>> {
  return db.selectFrom('organizations').select(['id', 'slug']).orderBy('slug').execute();
}

/** Who a token acts as: the user's name and e-mail and the organization's name. */
export async function findCallerNames(db: Db, orgId: string, userId: string): Promise<{ userName: string; email: string | null; orgName: string } | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('organizations as o', (join) => join.on('o.id', '=', orgId))
    .select(['u.name as userName', 'u.email', 'o.name as orgName'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
