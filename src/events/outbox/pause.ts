/**
 * Outgoing deliveries paused per organization: while an organization has a pause, no queue on
 * the outbox (webhooks, messenger, reminders) claims its jobs; they stay queued and go out after
 * resume. The state lives in the database, so every process sees it at its next claim.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../storage/codecs.ts';
import type { Database } from '../../storage/schema.ts';
import type { Tx } from '../../storage/storage.ts';
import { deletePauses, findPauses, insertPauses } from './queries.ts';

/** Notified when deliveries resume: every dispatcher looks for due jobs at once. */
export const OUTBOX_RESUMED_CHANNEL = 'bizplat_outbox_resumed';

export interface OutgoingState {
  paused: boolean;
  pausedAt: string | null;
  reason: string | null;
}

/** Pauses the organizations' outgoing deliveries; returns the ones that were not paused before. */
export function pauseOutgoing(tx: Tx, orgIds: readonly string[], reason: string): Promise<string[]> {
  return insertPauses(tx.db, orgIds, nowIso(), reason);
}

/**
 * Resumes them; returns the ones that were paused. Dispatchers wake after the commit and put
 * back what was parked, a batch at a time (parking.ts), so a resume costs the same whatever the
 * backlog it releases.
 */
export async function resumeOutgoing(tx: Tx, orgIds: readonly string[]): Promise<string[]> {
  const resumed = await deletePauses(tx.db, orgIds);
  if (resumed.length > 0) await tx.notify(OUTBOX_RESUMED_CHANNEL);
  return resumed;
}

export async function outgoingStates(db: Kysely<Database>, orgIds: readonly string[]): Promise<Map<string, OutgoingState>> {
  const pauses = new Map((await findPauses(db, orgIds)).map((p) => [p.org_id, p]));
  return new Map(
    orgIds.map((id) => {
      const p = pauses.get(id);
      return [id, p ? { paused: true, pausedAt: p.paused_at, reason: p.reason } : { paused: false, pausedAt: null, reason: null }];
    }),
  );
}
