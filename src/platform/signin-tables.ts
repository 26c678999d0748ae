import type { DbTimestamp } from '../storage/codecs.ts';

/** A user's console password: only its scrypt hash, found at sign-in by the e-mail it was set for. */
export interface UserPasswordsTable {
  user_id: string;
  org_id: string;
  /** The user's e-mail, trimmed and lower-cased when the password was set: one password account per address. */
  email_key: string;
  /** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (see platform/passwords.ts). */
  hash: string;
  updated_at: DbTimestamp;
}

/** A console sign-in: the cookie's value is never stored, only its HMAC (as for API tokens). */
export interface ConsoleSessionsTable {
  id: string;
  org_id: string;
  org_user_id: string;
  token_hash: string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  last_seen_at: DbTimestamp;
  revoked_at: DbTimestamp | null;
  /** Where the sign-in came from: the client's address and browser, for the sessions list. */
  address: string;
  user_agent: string;
}

export interface SigninTables {
  user_passwords: UserPasswordsTable;
  console_sessions: ConsoleSessionsTable;
}

declare module '../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends SigninTables {}
}
