/**
 * The audit trail: who changed what, when, from where, with the before and after of each changed
 * field. Written by the platform's own writers inside their transaction, so a change and its
 * entry commit together; a secret (a token's value or hash) is never passed here.
 */
import { userInfo } from 'node:os';
import { nowIso, toJson } from '../storage/codecs.ts';
import type { Tx } from '../storage/storage.ts';

/** Who made a change and from which address. */
export interface AuditSource {
  /** `api`: an API token over HTTP; `mcp`: the same, called by an AI agent through the MCP server; `cli`: a command on the server's machine. */
  via: 'api' | 'mcp' | 'cli';
  userId: string | null;
  tokenId: string | null;
  /** The operating-system user for `cli`; the token owner's name for `api`. */
  name: string;
  /** The client's IP address, or "cli". */
  address: string;
}

/** The source of changes made by this process on the operator's behalf (CLI commands, start-up). */
export function cliSource(): AuditSource {
  let name = process.env.USER ?? 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry for this uid (a container): the environment's name stands in.
  }
  return { via: 'cli', userId: null, tokenId: null, name, address: 'cli' };
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The fields whose value differs between `before` and `after` (compared as JSON). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

export interface AuditEntryInput {
  orgId: string;
  /** What was done, e.g. "token.create", "user.rights". */
  action: string;
  targetType: string;
  targetId: string;
  changes: FieldChanges;
}

export async function recordAudit(tx: Tx, source: AuditSource, entry: AuditEntryInput): Promise<void> {
  await tx.db
    .insertInto('audit_log')
    .values({
      org_id: entry.orgId,
      at: nowIso(),
      via: source.via,
      user_id: source.userId,
      token_id: source.tokenId,
      actor_name: source.name,
      address: source.address,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      changes: toJson(entry.changes),
    })
    .execute();
}
