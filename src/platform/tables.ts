import type { Generated } from 'kysely';
import type { DbBool, DbJson, DbTimestamp } from '../storage/codecs.ts';

export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  domain: string | null;
  currency: string;
  /** Organization settings (JSON object), e.g. { "allowNegativeStock": false }. */
  settings: DbJson;
  created_at: DbTimestamp;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  created_at: DbTimestamp;
}

/** A user's membership of an organization: its id is the API's orgUserId; rights live here. */
export interface OrgUsersTable {
  id: string;
  org_id: string;
  user_id: string;
  rights: DbJson;
  is_active: DbBool;
  created_at: DbTimestamp;
}

export interface ApiTokensTable {
  id: string;
  org_id: string;
  org_user_id: string;
  name: string;
  /** HMAC-SHA256 of the whole token, hex: the only form in which a token is stored. */
  token_hash: string;
  format: 'new' | 'legacy';
  scopes: DbJson;
  created_at: DbTimestamp;
  expires_at: DbTimestamp | null;
  revoked_at: DbTimestamp | null;
  last_used_at: DbTimestamp | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface IdempotencyKeysTable {
  org_id: string;
  token_id: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  status_code: number | null;
  response_body: string | null;
  locked_until: DbTimestamp;
  created_at: DbTimestamp;
}

/** One change to an organization's users, rights, tokens or settings, or a recorded decision (see platform/audit.ts). */
export interface AuditLogTable {
  /** Insertion order: the audit list's cursor. */
  seq: Generated<number>;
  org_id: string;
  at: DbTimestamp;
  via: 'api' | 'mcp' | 'cli';
  user_id: string | null;
  token_id: string | null;
  actor_name: string;
  address: string;
  action: string;
  target_type: string;
  target_id: string;
  /** { field: { before, after } } */
  changes: DbJson;
}

export interface PlatformTables {
  audit_log: AuditLogTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  org_users: OrgUsersTable;
  api_tokens: ApiTokensTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
}

declare module '../storage/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds these tables to the database type
  interface Database extends PlatformTables {}
}
