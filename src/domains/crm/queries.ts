/** The CRM's only SQL. Every function takes orgId: a query can never reach another tenant's rows. */
import type { Insertable, Selectable } from 'kysely';
import { isoWithOffset, readBool, readJson } from '../../storage/codecs.ts';
import { MONEY_SCALE, scaledToNumber } from '../../storage/decimal.ts';
import { defineResource, fieldsOf } from '../../storage/resource.ts';
import type { Db } from '../../storage/statements.ts';
import type { ChannelOut } from './schemas.ts';
import type { CrmFunnelStagesTable, CrmFunnelsTable } from './tables.ts';

/** Deal amounts are stored in cents. */

export type StageRow = Selectable<CrmFunnelStagesTable>;
export type FunnelRow = Selectable<CrmFunnelsTable>;

const client = fieldsOf<'crm_clients'>();
const contact = fieldsOf<'crm_contacts'>();
const deal = fieldsOf<'crm_deals', 'crm_funnel_stages'>();
const tagList = (value: unknown) => readJson<string[]>(value);
const timestamp = (value: string) => isoWithOffset(value);

export const clients = defineResource({
  table: 'crm_clients',
  counted: {},
  noun: 'client',
  fields: {
    id: 'id',
    version: 'version',
    name: 'name',
    phone: 'phone',
    email: 'email',
    company_name: 'company_name',
    inn: 'inn',
    vat_number: 'vat_number',
    industry: 'industry',
    segment: 'segment',
    city: 'city',
    source: 'source',
    tags: client.via('tags', tagList),
    is_archived: client.via('is_archived', readBool),
    created_at: client.via('created_at', timestamp),
    updated_at: client.via('updated_at', timestamp),
  },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
  searchColumn: 'search_text',
});

export const contacts = defineResource({
  table: 'crm_contacts',
  counted: {},
  noun: 'contact',
  fields: {
    id: 'id',
    version: 'version',
    client_id: 'client_id',
    name: 'name',
    phone: 'phone',
    email: 'email',
    telegram: 'telegram',
    instagram: 'instagram',
    job_title: 'job_title',
    tags: contact.via('tags', tagList),
    channels: contact.via('channels', (value) => readJson<ChannelOut[]>(value)),
    is_archived: contact.via('is_archived', readBool),
    created_at: contact.via('created_at', timestamp),
    updated_at: contact.via('updated_at', timestamp),
  },
  filters: { client_id: 'client_id' },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
  searchColumn: 'search_text',
});

/**
 * Deals carry their stage's name: the one join of the CRM. Fields are in the order
 * deal.updated has always listed changedFields in.
 */
export const deals = defineResource({
  table: 'crm_deals',
  counted: {},
  noun: 'deal',
  join: { table: 'crm_funnel_stages', on: [['id', 'stage_id']] },
  fields: {
    id: 'id',
    version: 'version',
    title: 'title',
    amount: deal.via('amount_cents', (cents) => scaledToNumber(Number(cents), MONEY_SCALE)),
    currency: 'currency',
    source: 'source',
    tags: deal.via('tags', tagList),
    is_archived: deal.via('is_archived', readBool),
    client_id: 'client_id',
    contact_id: 'contact_id',
    assignee_id: 'assignee_id',
    funnel_id: 'funnel_id',
    stage_id: 'stage_id',
    stage: deal.joined('name'),
    created_at: deal.via('created_at', timestamp),
    updated_at: deal.via('updated_at', timestamp),
  },
  filters: { client_id: 'client_id', funnel_id: 'funnel_id', stage_key: deal.joined('name_key') },
  archivedColumn: 'is_archived',
  updatedColumn: 'updated_at',
  searchColumn: 'search_text',
});

// ---- funnels and stages ----
export async function insertFunnel(db: Db, funnel: Insertable<CrmFunnelsTable>, stages: Array<Insertable<CrmFunnelStagesTable>>): Promise<void> {
  await db.insertInto('crm_funnels').values(funnel).execute();
  if (stages.length > 0) await db.insertInto('crm_funnel_stages').values(stages).execute();
}

export function findFunnel(db: Db, orgId: string, id: string): Promise<FunnelRow | undefined> {
  return db.selectFrom('crm_funnels').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export function findDefaultFunnel(db: Db, orgId: string): Promise<FunnelRow | undefined> {
  return db
    .selectFrom('crm_funnels')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('is_default', '=', true)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

export function findStage(db: Db, orgId: string, id: string): Promise<StageRow | undefined> {
  return db.selectFrom('crm_funnel_stages').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export function funnelStages(db: Db, orgId: string, funnelId: string): Promise<StageRow[]> {
  return db
    .selectFrom('crm_funnel_stages')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('funnel_id', '=', funnelId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The ids of the organization's funnels. */
export async function funnelIds(db: Db, orgId: string): Promise<string[]> {
  return (await db.selectFrom('crm_funnels').select('id').where('org_id', '=', orgId).execute()).map((r) => r.id);
}

/** Every stage of the organization, each funnel's in the order funnelStages gives. */
export function organizationStages(db: Db, orgId: string): Promise<StageRow[]> {
  return db.selectFrom('crm_funnel_stages').selectAll().where('org_id', '=', orgId).orderBy('funnel_id').orderBy('sort_order').orderBy('id').execute();
}

/** Which of these ids name stages of the organization (any funnel): import checks ids before writing. */
export async function existingStageIds(db: Db, orgId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('crm_funnel_stages').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Existence checks for links: true when the record is in this organization. */
export async function clientExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await existingClients(db, orgId, [id])).length > 0;
}

/** Which of `ids` name clients of the organization (archived ones too, as clientExists). */
export async function existingClients(db: Db, orgId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('crm_clients').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute()).map((r) => r.id);
}

/** The client each of these contacts of the organization belongs to (null for none); contacts of other organizations are absent. */
export async function contactClients(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('crm_contacts').select(['id', 'client_id']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.client_id]));
}

/** Which of `ids` name deals of the organization (archived ones too). */
export async function existingDealIds(db: Db, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('crm_deals').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute()).map((r) => r.id));
}

/** Makes no funnel of the organization the default (an imported one is about to be). */
export async function clearDefaultFunnel(db: Db, orgId: string): Promise<void> {
  await db.updateTable('crm_funnels').set({ is_default: false }).where('org_id', '=', orgId).where('is_default', '=', true).execute();
}

/** Removes a funnel and its stages if no deal (archived ones too) is in it; whether it did. */
export async function removeFunnelWithoutDeals(db: Db, orgId: string, id: string): Promise<boolean> {
  const deal = await db.selectFrom('crm_deals').select('id').where('org_id', '=', orgId).where('funnel_id', '=', id).limit(1).executeTakeFirst();
  if (deal) return false;
  await db.deleteFrom('crm_funnel_stages').where('org_id', '=', orgId).where('funnel_id', '=', id).execute();
  await db.deleteFrom('crm_funnels').where('org_id', '=', orgId).where('id', '=', id).execute();
  return true;
}
