/** The operator's switch of an organization's outgoing deliveries (webhooks, messenger), audited. */
import type { Kysely } from 'kysely';
import { outgoingStates, pauseOutgoing, resumeOutgoing } from '../events/outbox/pause.ts';
import type { OutgoingState } from '../events/outbox/pause.ts';
import type { Database } from '../storage/schema.ts';
import type { Tx } from '../storage/storage.ts';
import { recordAudit } from './audit.ts';
import type { AuditSource } from './audit.ts';

export type { OutgoingState };

export interface OrganizationRef {
  id: string;
  slug: string;
}

/** Pauses or resumes the organizations' outgoing deliveries; returns the slugs whose state changed (each audited). */
export async function switchOutgoing(tx: Tx, orgs: readonly OrganizationRef[], paused: boolean, reason: string, by: AuditSource): Promise<string[]> {
  const ids = orgs.map((o) => o.id);
  const changed = new Set(paused ? await pauseOutgoing(tx, ids, reason) : await resumeOutgoing(tx, ids));
  for (const org of orgs) {
    if (!changed.has(org.id)) continue;
    await recordAudit(tx, by, {
      orgId: org.id,
      action: paused ? 'deliveries.pause' : 'deliveries.resume',
      targetType: 'organization',
      targetId: org.id,
      changes: { deliveriesPaused: { before: !paused, after: paused }, ...(paused ? { reason: { before: null, after: reason } } : {}) },
    });
  }
  return orgs.filter((o) => changed.has(o.id)).map((o) => o.slug);
}

export async function outgoingStateOf(db: Kysely<Database>, orgId: string): Promise<OutgoingState> {
  const state = (await outgoingStates(db, [orgId])).get(orgId);
  return state ?? { paused: false, pausedAt: null, reason: null };
}
