import { emitEvent } from '../../src/domains/webhooks/outbox.ts';
import { newId } from '../../src/storage/ids.ts';
import type { Storage } from '../../src/storage/storage.ts';

/** Emits client.created as a CRM service would, inside a write transaction; returns the event's and the entity's ids. */
export async function emitClientCreated(storage: Storage, orgId: string, context: Record<string, unknown> = { version: 1 }): Promise<{ eventId: string; entityId: string }> {
  const entityId = newId();
  await storage.transaction((tx) => emitEvent(tx, { orgId, event: 'client.created', entityType: 'client', entityId, context }));
  const row = await storage.db.selectFrom('events').select('id').where('org_id', '=', orgId).where('entity_id', '=', entityId).executeTakeFirstOrThrow();
  return { eventId: row.id, entityId };
}

export function settle(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
