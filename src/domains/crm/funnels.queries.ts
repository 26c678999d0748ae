/** The sales funnels list: funnels with their stages, in one read each. */
import { defineCollection } from '../../storage/change-counters.ts';
import type { Db } from '../../storage/statements.ts';
import type { FunnelRow, StageRow } from './queries.ts';

/** The collection whose change counter tags the funnels list. */
export const funnels = defineCollection('crm_funnels');

/** Marks the funnels list changed (a funnel or a stage was written). */
export function funnelsChanged(db: Db, orgId: string): Promise<void> {
  return funnels.bump(db, orgId);
}

/** Where a funnels page starts after: the last funnel's is_default, name and id. */
export type FunnelPosition = readonly [boolean, string, string];

/**
 * A page of the organization's funnels (the default first, then by name) and how many there
 * are: `limit` from `offset`, or after the funnel at `after`.
 */
export async function funnelPage(db: Db, orgId: string, limit: number, offset: number, after?: FunnelPosition): Promise<{ rows: FunnelRow[]; total: number }> {
  let page = db.selectFrom('crm_funnels').selectAll().where('org_id', '=', orgId);
  if (after !== undefined) {
    const [isDefault, name, id] = after;
    page = page.where((eb) =>
      eb.or([
        eb('is_default', '<', isDefault),
        eb.and([eb('is_default', '=', isDefault), eb.or([eb('name', '>', name), eb.and([eb('name', '=', name), eb('id', '>', id)])])]),
      ]),
    );
  }
  const rows = await page.orderBy('is_default', 'desc').orderBy('name').orderBy('id').limit(limit).offset(offset).execute();
  const count = await db.selectFrom('crm_funnels').select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The stages of these funnels, in their order. */
export async function stagesOf(db: Db, orgId: string, funnelIds: string[]): Promise<StageRow[]> {
  if (funnelIds.length === 0) return [];
  return db
    .selectFrom('crm_funnel_stages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('funnel_id', 'in', funnelIds)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
