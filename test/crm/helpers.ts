import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helpers/harness.ts';

export interface Envelope {
  error: string;
  message: string;
  request_id: string;
  details: { error: string; fields?: Array<{ field: string; message: string }> };
}

export function fieldsOf(res: LightMyRequestResponse): string[] {
  return ((res.json() as Envelope).details.fields ?? []).map((f) => f.field);
}

/** Rows of the outbox for one entity, oldest first. */
export async function eventsFor(ctx: TestContext, orgId: string, entityId: string): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const rows = await ctx.storage.db
    .selectFrom('events')
    .select(['event', 'data'])
    .where('org_id', '=', orgId)
    .where('entity_id', '=', entityId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ event: r.event, data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown> }));
}

export async function countRows(ctx: TestContext, table: 'crm_clients' | 'crm_contacts' | 'crm_deals' | 'events', orgId: string): Promise<number> {
  const row = await ctx.storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
