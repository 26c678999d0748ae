import { conflict, invalidField, notFound } from '../http/errors.ts';
import { nowIso, toJson } from '../storage/codecs.ts';
import { isUniqueViolation } from '../storage/errors.ts';
import { newId } from '../storage/ids.ts';
import type { Storage, Tx } from '../storage/storage.ts';
import { findMember, findOrganizationBySlug } from './queries.ts';
import type { OrganizationRow } from './queries.ts';
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
): Promise<{ id: string; slug: string }> {
  if (!SLUG.test(input.slug)) throw invalidField('slug', 'use a-z, 0-9 and "-" (not first or last), at most 63 characters');
  if (!input.name.trim()) throw invalidField('name', 'must not be empty');
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
      await tx.notify(AUTH_CHANNEL);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_exists', `an organization with slug "${input.slug}" or domain "${domain}" exists`);
    throw error;
  }
  return { id, slug: input.slug };
}

export async function requireOrganization(storage: Storage, slug: string): Promise<OrganizationRow> {
  const org = await findOrganizationBySlug(storage.db, slug);
  if (!org) throw notFound(`organization "${slug}"`);
  return org;
}

export async function updateOrganizationSettings(storage: Storage, slug: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const org = await requireOrganization(storage, slug);
  const settings = { ...org.settings, ...patch };
  await storage.transaction(async (tx) => {
    await tx.db.updateTable('organizations').set({ settings: toJson(settings) }).where('id', '=', org.id).execute();
    await tx.notify(AUTH_CHANNEL);
  });
  return settings;
}

function checkRights(rights: string[]): string[] {
  const unknown = rights.filter((r) => !isRight(r));
  if (unknown.length > 0) throw invalidField('rights', `unknown right(s): ${unknown.join(', ')}; known: ${RIGHTS.join(', ')}`);
  return [...new Set(rights)];
}

export interface CreateUserInput {
  orgSlug: string;
  name: string;
  email?: string | undefined;
  rights: string[];
}

export async function createUser(storage: Storage, input: CreateUserInput): Promise<{ id: string; orgUserId: string }> {
  const org = await requireOrganization(storage, input.orgSlug);
  if (!input.name.trim()) throw invalidField('name', 'must not be empty');
  if (input.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) throw invalidField('email', 'is not an e-mail address');
  const rights = checkRights(input.rights);
  const id = newId();
  const orgUserId = newId();
  const at = nowIso();
  await storage.transaction(async ({ db }) => {
    await db.insertInto('users').values({ id, name: input.name.trim(), email: input.email ?? null, created_at: at }).execute();
    await db
      .insertInto('org_users')
      .values({ id: orgUserId, org_id: org.id, user_id: id, rights: toJson(rights), is_active: true, created_at: at })
      .execute();
  });
  return { id, orgUserId };
}

/** Replaces a member's rights; every process sees the change on its next request. */
export async function setMemberRights(storage: Storage, orgSlug: string, userOrMemberId: string, rights: string[]): Promise<void> {
  const org = await requireOrganization(storage, orgSlug);
  const member = await findMember(storage.db, org.id, userOrMemberId);
  if (!member) throw notFound(`user "${userOrMemberId}" in organization "${orgSlug}"`);
  const checked = checkRights(rights);
  await storage.transaction(async (tx) => {
    await tx.db.updateTable('org_users').set({ rights: toJson(checked) }).where('id', '=', member.orgUserId).where('org_id', '=', org.id).execute();
    await tx.notify(AUTH_CHANNEL);
  });
}

export interface CreateTokenInput {
  orgSlug: string;
  user: string;
  scopes: string[];
  name?: string | undefined;
  legacy?: boolean | undefined;
  expires?: string | undefined;
}

export async function createToken(storage: Storage, key: Buffer, input: CreateTokenInput): Promise<{ id: string; token: string }> {
  const org = await requireOrganization(storage, input.orgSlug);
  const member = await findMember(storage.db, org.id, input.user);
  if (!member) throw notFound(`user "${input.user}" in organization "${input.orgSlug}"`);
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
  await storage.transaction(async ({ db }) => {
    await db
      .insertInto('api_tokens')
      .values({
        id,
        org_id: org.id,
        org_user_id: member.orgUserId,
        name: input.name ?? 'API token',
        token_hash: hashToken(key, token),
        format,
        scopes: toJson([...new Set(input.scopes)]),
        created_at: nowIso(),
        expires_at: expiresAt,
        revoked_at: null,
        last_used_at: null,
      })
      .execute();
  });
  return { id, token };
}

export async function revokeToken(storage: Storage, orgSlug: string, tokenId: string): Promise<{ id: string; revoked: true }> {
  const org = await requireOrganization(storage, orgSlug);
  const changed = await storage.transaction(async (tx) => {
    const row = await tx.db
      .selectFrom('api_tokens')
      .select(['id', 'revoked_at'])
      .where('id', '=', tokenId)
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    if (!row) return false;
    if (row.revoked_at === null) {
      await tx.db.updateTable('api_tokens').set({ revoked_at: nowIso() }).where('id', '=', tokenId).where('org_id', '=', org.id).execute();
      await tx.notify(AUTH_CHANNEL);
    }
    return true;
  });
  if (!changed) throw notFound(`token "${tokenId}" in organization "${orgSlug}"`);
  return { id: tokenId, revoked: true };
}

