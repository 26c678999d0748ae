import type { DbJson, DbTimestamp } from '../storage/codecs.ts';

/** A client registered by RFC 7591 dynamic registration: public (PKCE), no secret. */
export interface OauthClientsTable {
  id: string;
  name: string;
  redirect_uris: DbJson;
  created_at: DbTimestamp;
}

/** An authorization code: only its HMAC is stored; used once, within minutes. */
export interface OauthCodesTable {
  code_hash: string;
  client_id: string;
  org_id: string;
  org_user_id: string;
  scopes: DbJson;
  redirect_uri: string;
  code_challenge: string;
  expires_at: DbTimestamp;
  used_at: DbTimestamp | null;
  /** The token the code was exchanged for: revoked if the code is presented again. */
  token_id: string | null;
  created_at: DbTimestamp;
}

export interface OauthTables {
  oauth_clients: OauthClientsTable;
  oauth_codes: OauthCodesTable;
}

declare module '../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends OauthTables {}
}
