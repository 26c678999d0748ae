/**
 * The processes an administrator watches from the console: running, stuck (running with nothing
 * happening for STUCK_DAYS) and failed, newest first, paged by a keyset cursor; and cancelling
 * one, recorded in the audit trail as well as the process journal.
 */
import { recordAudit } from '../../platform/audit.ts';
import type { AuditSource } from '../../platform/audit.ts';
import { isoWithOffset } from '../../storage/codecs.ts';
import { isUuid } from '../../storage/ids.ts';
import { decodeCursor, listFingerprint, pageAndCursor } from '../../storage/keyset.ts';
import { requireFound } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { cancelProcess } from './engine.ts';
import { processes } from './queries.ts';

export const STUCK_DAYS = 7;
export const WATCHED_STATES = ['running', 'stuck', 'failed'] as const;
export type WatchedState = (typeof WATCHED_STATES)[number];

export interface WatchedProcess {
  id: string;
  templateTitle: string;
  status: string;
  entityType: string | null;
  entityId: string | null;
  initiatedById: string;
  progress: number;
  startedAt: string;
  updatedAt: string;
}

export async function watchedProcesses(db: Db, orgId: string, query: { state: WatchedState; limit: number; cursor?: string | undefined }, now = Date.now()) {
  const fingerprint = listFingerprint(['processes', orgId, query.state]);
  let select = db
    .selectFrom('processes')
    .select(['id', 'template_title', 'status', 'entity_type', 'entity_id', 'initiated_by_id', 'progress', 'started_at', 'updated_at'])
    .where('org_id', '=', orgId)
    .where('status', '=', query.state === 'failed' ? 'failed' : 'running');
  if (query.state === 'stuck') select = select.where('updated_at', '<', new Date(now - STUCK_DAYS * 86_400_000).toISOString());
  if (query.cursor !== undefined) {
    const [at, id] = decodeCursor(query.cursor, fingerprint, 2).map(String) as [string, string];
    select = select.where((eb) => eb.or([eb('started_at', '<', at), eb.and([eb('started_at', '=', at), eb('id', '<', id)])]));
  }
  const rows = await select.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute();
  const { page, next } = pageAndCursor(rows, query.limit, fingerprint, (r) => [r.started_at, r.id]);
  const items: WatchedProcess[] = page.map((r) => ({
    id: r.id,
    templateTitle: r.template_title,
    status: r.status,
    entityType: r.entity_type,
    entityId: r.entity_id,
    initiatedById: r.initiated_by_id,
    progress: r.progress,
    startedAt: isoWithOffset(r.started_at),
    updatedAt: isoWithOffset(r.updated_at),
  }));
  return { items, nextCursor: next };
}

/** Cancels a running process as an administrator (the CLI's `processes cancel` in the console); `changed` is false when it was no longer running. */
export async function cancelByAdministrator(tx: Tx, orgId: string, id: string, reason: string | undefined, by: AuditSource): Promise<{ id: string; changed: boolean; status: string }> {
  const before = await requireFound(isUuid(id) ? await processes.find(tx.db, orgId, id) : undefined, 'process');
  const changed = await cancelProcess(tx, orgId, id, null, reason);
  if (changed) {
    await recordAudit(tx, by, {
      orgId,
      action: 'process.cancel',
      targetType: 'process',
      targetId: id,
      changes: { status: { before: before.status, after: 'cancelled' }, ...(reason ? { reason: { before: null, after: reason } } : {}) },
    });
  }
  return { id, changed, status: changed ? 'cancelled' : before.status };
}
