import { conflict, invalidField, notFound } from '../http/errors.ts';
import { requiredText } from '../http/text.ts';
import { nowIso, toJson } from '../storage/codecs.ts';
import { isUniqueViolation } from '../storage/errors.ts';
import { newId } from '../storage/ids.ts';
import { requireFound } from '../storage/resource.ts';
import type { Storage, Tx } from '../storage/storage.ts';
import { changedFields, cliSource, recordAudit } from './audit.ts';
import type { AuditSource } from './audit.ts';
import { findMember, findOrganizationBySlug } from './queries.ts';
import type { MemberRow, OrganizationRow } from './queries.ts';
import { RIGHTS, isRight, isScope } from './rights.ts';
import { generateToken, hashToken } from './token-format.ts';

/** Every process drops its cached token → actor entries when this channel is notified. */
export const AUTH_CHANNEL = 'bizplat_auth';

export type OrganizationCreatedHook = (tx: Tx, org: { id: string; slug: string; currency: string }) => Promise<void>;

export interface CreateOrganizationInput {
  slug: string;
  name: string;
  domain?: string | undefined;
  currency?: string | undefined;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A host name: dot-separated labels, no port, no trailing dot; the last label not all digits (no IPv4 address). */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*(?![0-9]+$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export async function createOrganization(
  storage: Storage,
  input: CreateOrganizationInput,
  hooks: OrganizationCreatedHook[],
  by: AuditSource = cliSource(),
): Promise<{ id: string; slug: string }> {
  if (!SLUG.test(input.slug)) throw invalidField('slug', 'use a-z, 0-9 and "-" (not first or last), at most 63 characters');
  requiredText('name', input.name);
  const currency = (input.currency ?? 'UZS').toUpperCase();
  if (!CURRENCY.test(currency)) throw invalidField('currency', 'must be a three-letter ISO 4217 code');
  const domain = input.domain?.toLowerCase();
  if (domain !== undefined && !HOST.test(domain)) throw invalidField('domain', 'must be a host name such as crm.example.com (no scheme, port, path or IP address)');
  const id = newId();
  try {
    await storage.transaction(async (tx) => {
      await tx.db
        .insertInto('organizations')
        .values({ id, slug: input.slug, name: input.name.trim(), domain: domain ?? null, currency, settings: toJson({}), created_at: nowIso() })
        .execute();
      for (const hook of hooks) await hook(tx, { id, slug: input.slug, currency });
      await recordAudit(tx, by, {
        orgId: id,
        action: 'organization.create',
        targetType: 'organization',
        targetId: id,
        changes: changedFields({}, { slug: input.slug, name: input.name.trim(), domain: domain ?? null, currency }),
      });
      await tx.notify(AUTH_CHANNEL);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_exists', `an organization with slug "${input.slug}" or domain "${domain}" exists`);
    throw error;
  }
  return { id, slug: input.slug };
}

/** The organization of this slug, read through the storage or a transaction of it. */
export async function requireOrganization(storage: Pick<Storage | Tx, 'db'>, slug: string): Promise<OrganizationRow> {
  return requireFound(await findOrganizationBySlug(storage.db, slug), `organization "${slug}"`);
}

/** The organization-wide values an administrator may change: the currency column and the settings object. */
export interface OrganizationSettingsPatch {
  currency?: string | undefined;
  settings?: Record<string, unknown> | undefined;
}

/** Changes the organization's currency and settings in `tx`, recording the changed fields. */
export async function updateOrganizationIn(tx: Tx, org: OrganizationRow, patch: OrganizationSettingsPatch, by: AuditSource): Promise<OrganizationRow> {
  const currency = patch.currency === undefined ? org.currency : patch.currency.toUpperCase();
  if (!CURRENCY.test(currency)) throw invalidField('currency', 'must be a three-letter ISO 4217 code');
  const settings = { ...org.settings, ...(patch.settings ?? {}) };
  const changes = changedFields({ currency: org.currency, ...org.settings }, { currency, ...settings });
  if (Object.keys(changes).length === 0) return org;
  await tx.db.updateTable('organizations').set({ currency, settings: toJson(settings) }).where('id', '=', org.id).execute();
  await recordAudit(tx, by, { orgId: org.id, action: 'organization.settings', targetType: 'organization', targetId: org.id, changes });
  await tx.notify(AUTH_CHANNEL);
  return { ...org, currency, settings };
}

export async function updateOrganizationSettings(
  storage: Storage,
  slug: string,
  patch: Record<string, unknown>,
  by: AuditSource = cliSource(),
): Promise<Record<string, unknown>> {
  return storage.transaction(async (tx) => {
    const org = await requireOrganization(tx, slug);
    return (await updateOrganizationIn(tx, org, { settings: patch }, by)).settings;
  });
}

function checkRights(rights: string[]): string[] {
  const unknown = rights.filter((r) => !isRight(r));
  if (unknown.length > 0) throw invalidField('rights', `unknown right(s): ${unknown.join(', ')}; known: ${RIGHTS.join(', ')}`);
  return [...new Set(rights)];
}

export interface NewUser {
  name: string;
  email?: string | undefined;
  rights: string[];
}

export interface CreateUserInput extends NewUser {
  orgSlug: string;
}

/** Adds a user with a membership of the organization, in `tx`. */
export async function createUserIn(tx: Tx, orgId: string, input: NewUser, by: AuditSource): Promise<{ id: string; orgUserId: string }> {
  const name = requiredText('name', input.name);
  if (input.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw invalidField('email', 'is not an e-mail address');
  const rights = checkRights(input.rights);
  const id = newId();
  const orgUserId = newId();
  const at = nowIso();
  await tx.db.insertInto('users').values({ id, name, email: input.email ?? null, created_at: at }).execute();
  await tx.db.insertInto('org_users').values({ id: orgUserId, org_id: orgId, user_id: id, rights: toJson(rights), is_active: true, created_at: at }).execute();
  await recordAudit(tx, by, {
    orgId,
    action: 'user.create',
    targetType: 'user',
    targetId: id,
    changes: changedFields({}, { name, email: input.email ?? null, rights, active: true }),
  });
  return { id, orgUserId };
}

export async function createUser(storage: Storage, input: CreateUserInput, by: AuditSource = cliSource()): Promise<{ id: string; orgUserId: string }> {
  const org = await requireOrganization(storage, input.orgSlug);
  return storage.transaction((tx) => createUserIn(tx, org.id, input, by));
}

async function requireMember(tx: Tx, orgId: string, userOrMemberId: string): Promise<MemberRow> {
  return requireFound(await findMember(tx.db, orgId, userOrMemberId), `user "${userOrMemberId}"`);
}

/** Replaces a member's rights in `tx`; every process sees the change on its next request. */
export async function setMemberRightsIn(tx: Tx, orgId: string, userOrMemberId: string, rights: string[], by: AuditSource): Promise<MemberRow> {
  const member = await requireMember(tx, orgId, userOrMemberId);
  const checked = checkRights(rights);
  const changes = changedFields({ rights: [...member.rights].sort() }, { rights: [...checked].sort() });
  if (Object.keys(changes).length === 0) return member;
  await tx.db.updateTable('org_users').set({ rights: toJson(checked) }).where('id', '=', member.orgUserId).where('org_id', '=', orgId).execute();
  await recordAudit(tx, by, { orgId, action: 'user.rights', targetType: 'user', targetId: member.userId, changes });
  await tx.notify(AUTH_CHANNEL);
  return { ...member, rights: checked };
}

export async function setMemberRights(storage: Storage, orgSlug: string, userOrMemberId: string, rights: string[], by: AuditSource = cliSource()): Promise<void> {
  const org = await requireOrganization(storage, orgSlug);
  await storage.transaction((tx) => setMemberRightsIn(tx, org.id, userOrMemberId, rights, by));
}

/**
 * Ends a membership: the member's tokens are refused from the next request on, in every process
 * (the authenticator checks the membership with the token and drops its cache on the notice).
 */
export async function deactivateMemberIn(tx: Tx, orgId: string, userOrMemberId: string, by: AuditSource): Promise<MemberRow> {
  const member = await requireMember(tx, orgId, userOrMemberId);
  if (!member.active) return member;
  await tx.db.updateTable('org_users').set({ is_active: false }).where('id', '=', member.orgUserId).where('org_id', '=', orgId).execute();
  await recordAudit(tx, by, { orgId, action: 'user.deactivate', targetType: 'user', targetId: member.userId, changes: { active: { before: true, after: false } } });
  await tx.notify(AUTH_CHANNEL);
  return { ...member, active: false };
}

export interface NewToken {
  /** The owner: a user id or orgUserId of the organization. */
  user: string;
  scopes: string[];
  name?: string | undefined;
  legacy?: boolean | undefined;
  expires?: string | undefined;
}

export interface CreateTokenInput extends NewToken {
  orgSlug: string;
}

/** Issues a token in `tx`: only its HMAC hash is stored; the value is returned this once. */
export async function createTokenIn(tx: Tx, key: Buffer, org: OrganizationRow, input: NewToken, by: AuditSource): Promise<{ id: string; token: string }> {
  const member = await requireFound(await findMember(tx.db, org.id, input.user), `user "${input.user}" in organization "${org.slug}"`);
  if (input.scopes.length === 0) throw invalidField('scopes', 'at least one scope is required');
  const unknown = input.scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw invalidField('scopes', `unknown scope(s): ${unknown.join(', ')}`);
  let expiresAt: string | null = null;
  if (input.expires !== undefined) {
    const when = new Date(input.expires);
    if (Number.isNaN(when.getTime())) throw invalidField('expires', 'must be an ISO 8601 timestamp');
    if (when.getTime() <= Date.now()) throw invalidField('expires', 'must be in the future');
    expiresAt = when.toISOString();
  }
  const format = input.legacy ? 'legacy' : 'new';
  const token = generateToken(format, org.slug);
  const id = newId();
  const name = input.name ?? 'API token';
  const scopes = [...new Set(input.scopes)];
  await tx.db
    .insertInto('api_tokens')
    .values({
      id,
      org_id: org.id,
      org_user_id: member.orgUserId,
      name,
      token_hash: hashToken(key, token),
      format,
      scopes: toJson(scopes),
      created_at: nowIso(),
      expires_at: expiresAt,
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
  await recordAudit(tx, by, {
    orgId: org.id,
    action: 'token.create',
    targetType: 'token',
    targetId: id,
    changes: changedFields({}, { name, scopes, ownerUserId: member.userId, format, expiresAt }),
  });
  return { id, token };
}

export async function createToken(storage: Storage, key: Buffer, input: CreateTokenInput, by: AuditSource = cliSource()): Promise<{ id: string; token: string }> {
  const org = await requireOrganization(storage, input.orgSlug);
  return storage.transaction((tx) => createTokenIn(tx, key, org, input, by));
}

/** Revokes a token in `tx`; false when the organization has no such token. Revoking twice changes nothing. */
export async function revokeTokenIn(tx: Tx, orgId: string, tokenId: string, by: AuditSource): Promise<boolean> {
  const row = await tx.db.selectFrom('api_tokens').select(['id', 'revoked_at']).where('id', '=', tokenId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return false;
  if (row.revoked_at === null) {
    const at = nowIso();
    await tx.db.updateTable('api_tokens').set({ revoked_at: at }).where('id', '=', tokenId).where('org_id', '=', orgId).execute();
    await recordAudit(tx, by, { orgId, action: 'token.revoke', targetType: 'token', targetId: tokenId, changes: { revokedAt: { before: null, after: at } } });
    await tx.notify(AUTH_CHANNEL);
  }
  return true;
}

export async function revokeToken(storage: Storage, orgSlug: string, tokenId: string, by: AuditSource = cliSource()): Promise<{ id: string; revoked: true }> {
  const org = await requireOrganization(storage, orgSlug);
  const found = await storage.transaction((tx) => revokeTokenIn(tx, org.id, tokenId, by));
  if (!found) throw notFound(`token "${tokenId}" in organization "${orgSlug}"`);
  return { id: tokenId, revoked: true };
}
