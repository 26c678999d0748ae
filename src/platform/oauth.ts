/**
 * The authorization server's records: registered clients and authorization codes. A code is
 * kept only as its HMAC, lives a few minutes and is exchanged once (with the PKCE verifier) for
 * an API token of the usual kind; a code presented again revokes that token (RFC 6749 §4.1.2).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { nowIso, readJson, toJson } from '../storage/codecs.ts';
import { newId } from '../storage/ids.ts';
import type { Db } from '../storage/statements.ts';
import type { Tx } from '../storage/storage.ts';
import { hashToken } from './token-format.ts';

export const CODE_LIFETIME_MS = 10 * 60_000;

export interface OauthClient {
  id: string;
  name: string;
  redirectUris: string[];
}

export async function registerClient(db: Db, name: string, redirectUris: string[]): Promise<OauthClient & { createdAt: string }> {
  const id = `mcp_${newId()}`;
  const createdAt = nowIso();
  await db.insertInto('oauth_clients').values({ id, name, redirect_uris: toJson(redirectUris), created_at: createdAt }).execute();
  return { id, name, redirectUris, createdAt };
}

export async function findClient(db: Db, id: string): Promise<OauthClient | undefined> {
  if (id.length > 100) return undefined;
  const row = await db.selectFrom('oauth_clients').select(['id', 'name', 'redirect_uris']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name, redirectUris: readJson<string[]>(row.redirect_uris) };
}

export interface NewCode {
  clientId: string;
  orgId: string;
  orgUserId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string;
}

/** Issues a code in `tx`: its value is returned this once. */
export async function issueCodeIn(tx: Tx, key: Buffer, input: NewCode): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await tx.db
    .insertInto('oauth_codes')
    .values({
      code_hash: hashToken(key, `code\0${code}`),
      client_id: input.clientId,
      org_id: input.orgId,
      org_user_id: input.orgUserId,
      scopes: toJson(input.scopes),
      redirect_uri: input.redirectUri,
      code_challenge: input.codeChallenge,
      expires_at: new Date(Date.now() + CODE_LIFETIME_MS).toISOString(),
      used_at: null,
      token_id: null,
      created_at: nowIso(),
    })
    .execute();
  return code;
}

export interface CodeRecord extends NewCode {
  codeHash: string;
  expiresAt: string;
  usedAt: string | null;
  tokenId: string | null;
}

export async function findCode(db: Db, key: Buffer, code: string): Promise<CodeRecord | undefined> {
  if (code.length > 100) return undefined;
  const row = await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', hashToken(key, `code\0${code}`)).executeTakeFirst();
  return row && {
    codeHash: row.code_hash,
    clientId: row.client_id,
    orgId: row.org_id,
    orgUserId: row.org_user_id,
    scopes: readJson<string[]>(row.scopes),
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    tokenId: row.token_id,
  };
}

/** Marks the code used by `tokenId`; false when another exchange used it first. */
export async function useCodeIn(tx: Tx, codeHash: string, tokenId: string): Promise<boolean> {
  const result = await tx.db.updateTable('oauth_codes').set({ used_at: nowIso(), token_id: tokenId }).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the PKCE verifier is the one the S256 challenge was made from (RFC 7636). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const made = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return made.length === expected.length && timingSafeEqual(made, expected);
}

/** Codes past their time are of no use: removed by the key purge's loop. */
export async function purgeExpiredCodes(db: Db): Promise<void> {
  await db.deleteFrom('oauth_codes').where('expires_at', '<', new Date(Date.now() - CODE_LIFETIME_MS).toISOString()).execute();
}
