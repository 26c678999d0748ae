import { collectionChangesMigration } from '../storage/change-counters.ts';
import { listCountsMigration } from '../storage/list-counts.ts';
import type { Migration } from '../storage/migrations.ts';

export const platformMigrations: Migration[] = [
  {
    name: '0001_platform',
    statements: (t) => [
      `CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        domain TEXT UNIQUE,
        currency TEXT NOT NULL,
        settings ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE TABLE org_users (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        rights ${t.json} NOT NULL,
        is_active ${t.bool} NOT NULL DEFAULT ${t.true},
        created_at ${t.timestamp} NOT NULL,
        UNIQUE (org_id, user_id)
      )`,
      `CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        org_user_id TEXT NOT NULL REFERENCES org_users(id),
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        format TEXT NOT NULL,
        scopes ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        expires_at ${t.timestamp},
        revoked_at ${t.timestamp},
        last_used_at ${t.timestamp}
      )`,
      `CREATE INDEX api_tokens_org ON api_tokens (org_id, created_at)`,
      `CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE idempotency_keys (
        org_id TEXT NOT NULL,
        token_id TEXT NOT NULL,
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        state TEXT NOT NULL,
        status_code INTEGER,
        response_body TEXT,
        locked_until ${t.timestamp} NOT NULL,
        created_at ${t.timestamp} NOT NULL,
        PRIMARY KEY (token_id, key)
      )`,
      `CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`,
    ],
  },
  {
    name: '0002_collection_changes',
    statements: (t) => collectionChangesMigration(t),
  },
  {
    name: '0003_audit_log',
    statements: (t) => [
      `CREATE TABLE audit_log (
        seq ${t.autoId},
        org_id TEXT NOT NULL,
        at ${t.timestamp} NOT NULL,
        via TEXT NOT NULL,
        user_id TEXT,
        token_id TEXT,
        actor_name TEXT NOT NULL,
        address TEXT NOT NULL,
        action TEXT NOT NULL,
        target_type TEXT NOT NULL,
        target_id TEXT NOT NULL,
        changes ${t.json} NOT NULL
      )`,
      `CREATE INDEX audit_log_org_seq ON audit_log (org_id, seq)`,
    ],
  },
  {
    name: '0008_list_counts',
    statements: (t) => listCountsMigration(t),
  },
  {
    name: '0030_console_signin',
    statements: (t) => [
      `CREATE TABLE user_passwords (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        org_id TEXT NOT NULL REFERENCES organizations(id),
        email_key TEXT NOT NULL UNIQUE,
        hash TEXT NOT NULL,
        updated_at ${t.timestamp} NOT NULL
      )`,
      `CREATE TABLE console_sessions (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        org_user_id TEXT NOT NULL REFERENCES org_users(id),
        token_hash TEXT NOT NULL UNIQUE,
        created_at ${t.timestamp} NOT NULL,
        expires_at ${t.timestamp} NOT NULL,
        last_seen_at ${t.timestamp} NOT NULL,
        revoked_at ${t.timestamp},
        address TEXT NOT NULL,
        user_agent TEXT NOT NULL
      )`,
      `CREATE INDEX console_sessions_org ON console_sessions (org_id, expires_at)`,
      `CREATE INDEX console_sessions_member ON console_sessions (org_user_id)`,
    ],
  },
  {
    name: '0031_oauth',
    statements: (t) => [
      `CREATE TABLE oauth_clients (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        redirect_uris ${t.json} NOT NULL,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE TABLE oauth_codes (
        code_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(id),
        org_id TEXT NOT NULL REFERENCES organizations(id),
        org_user_id TEXT NOT NULL REFERENCES org_users(id),
        scopes ${t.json} NOT NULL,
        redirect_uri TEXT NOT NULL,
        code_challenge TEXT NOT NULL,
        expires_at ${t.timestamp} NOT NULL,
        used_at ${t.timestamp},
        token_id TEXT,
        created_at ${t.timestamp} NOT NULL
      )`,
      `CREATE INDEX oauth_codes_expires ON oauth_codes (expires_at)`,
    ],
  },
];
