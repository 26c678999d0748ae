/** The CRM's only SQL. Every function takes orgId: a query can never reach another tenant's rows. */
import { sql } from 'kysely';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import { containsPattern } from '../../storage/codecs.ts';
import { preparedRead } from '../../storage/prepared-read.ts';
import type { Database } from '../../storage/schema.ts';
import type { CrmClientsTable, CrmContactsTable, CrmDealsTable, CrmFunnelStagesTable, CrmFunnelsTable } from './tables.ts';

export type Db = Kysely<Database> | Transaction<Database>;
/** Only the columns a response needs: fewer values to read and materialize per row. */
const CLIENT_COLUMNS = ['id', 'version', 'name', 'phone', 'email', 'company_name', 'inn', 'vat_number', 'industry', 'segment', 'city', 'source', 'tags', 'is_archived', 'created_at', 'updated_at'] as const;
const CONTACT_COLUMNS = ['id', 'version', 'client_id', 'name', 'phone', 'email', 'telegram', 'instagram', 'job_title', 'tags', 'channels', 'is_archived', 'created_at', 'updated_at'] as const;
const DEAL_COLUMNS = ['id', 'version', 'title', 'client_id', 'contact_id', 'amount_cents', 'currency', 'funnel_id', 'stage_id', 'source', 'assignee_id', 'tags', 'is_archived', 'created_at', 'updated_at'] as const;
const prefixed = <T extends string>(columns: readonly T[]) => columns.map((c) => `t.${c}` as const);

export type ClientRow = Pick<Selectable<CrmClientsTable>, (typeof CLIENT_COLUMNS)[number]>;
export type ContactRow = Pick<Selectable<CrmContactsTable>, (typeof CONTACT_COLUMNS)[number]>;
export type DealRow = Pick<Selectable<CrmDealsTable>, (typeof DEAL_COLUMNS)[number]> & { stage_name: string; stage_kind: string };
export type StageRow = Selectable<CrmFunnelStagesTable>;
export type FunnelRow = Selectable<CrmFunnelsTable>;

export interface ListFilter {
  limit: number;
  offset: number;
  includeArchived: boolean;
  search?: string | undefined;
}

export interface Rows<T> {
  rows: T[];
  total: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter shared by the count and page queries of one table
type Query = SelectQueryBuilder<Database, any, any>;

async function page<T>(base: Query, filter: ListFilter, select: (q: Query) => Query): Promise<Rows<T>> {
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() as Promise<{ n: number | string } | undefined>,
    select(base)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute() as Promise<T[]>,
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** `column = value` for the shared list filters, whose builder is not typed per table. */
function eq(column: string, value: string | boolean) {
  return sql<boolean>`${sql.ref(column)} = ${value}`;
}

function common(q: Query, filter: ListFilter): Query {
  let out = q;
  if (!filter.includeArchived) out = out.where(eq('t.is_archived', false));
  if (filter.search) out = out.where(sql<boolean>`t.search_text like ${containsPattern(filter.search)} escape '\\'`);
  return out;
}


// ---- clients ----
export async function insertClient(db: Db, row: Insertable<CrmClientsTable>): Promise<void> {
  await db.insertInto('crm_clients').values(row).execute();
}

export const findClient: (db: Db, orgId: string, id: string) => Promise<ClientRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  db.selectFrom('crm_clients').select(CLIENT_COLUMNS).where('org_id', '=', orgId).where('id', '=', id),
);

export function listClients(db: Db, orgId: string, filter: ListFilter): Promise<Rows<ClientRow>> {
  const base = common(db.selectFrom('crm_clients as t').where('t.org_id', '=', orgId) as Query, filter);
  return page<ClientRow>(base, filter, (q) => q.select(prefixed(CLIENT_COLUMNS)));
}

/** Applies `changes` and bumps the version, only if the row is still at `version`; undefined when it is not. */
export function updateClient(db: Db, orgId: string, id: string, version: number, changes: Updateable<CrmClientsTable>): Promise<ClientRow | undefined> {
  return db
    .updateTable('crm_clients')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(CLIENT_COLUMNS)
    .executeTakeFirst();
}

// ---- contacts ----
export async function insertContact(db: Db, row: Insertable<CrmContactsTable>): Promise<void> {
  await db.insertInto('crm_contacts').values(row).execute();
}

export const findContact: (db: Db, orgId: string, id: string) => Promise<ContactRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  db.selectFrom('crm_contacts').select(CONTACT_COLUMNS).where('org_id', '=', orgId).where('id', '=', id),
);

export function listContacts(db: Db, orgId: string, filter: ListFilter & { clientId?: string | undefined }): Promise<Rows<ContactRow>> {
  let base = common(db.selectFrom('crm_contacts as t').where('t.org_id', '=', orgId) as Query, filter);
  if (filter.clientId !== undefined) base = base.where(eq('t.client_id', filter.clientId));
  return page<ContactRow>(base, filter, (q) => q.select(prefixed(CONTACT_COLUMNS)));
}

export function updateContact(db: Db, orgId: string, id: string, version: number, changes: Updateable<CrmContactsTable>): Promise<ContactRow | undefined> {
  return db
    .updateTable('crm_contacts')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(CONTACT_COLUMNS)
    .executeTakeFirst();
}

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

/** Which of these ids name stages of the organization (any funnel): import checks ids before writing. */
export async function existingStageIds(db: Db, orgId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('crm_funnel_stages').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// ---- deals ----
export async function insertDeal(db: Db, row: Insertable<CrmDealsTable>): Promise<void> {
  await db.insertInto('crm_deals').values(row).execute();
}

function dealsWithStage(db: Db, orgId: string) {
  return db
    .selectFrom('crm_deals as t')
    .innerJoin('crm_funnel_stages as s', (j) => j.onRef('s.org_id', '=', 't.org_id').onRef('s.id', '=', 't.stage_id'))
    .where('t.org_id', '=', orgId);
}

export const findDeal: (db: Db, orgId: string, id: string) => Promise<DealRow | undefined> = preparedRead((db, orgId: string, id: string) =>
  dealsWithStage(db, orgId).select(prefixed(DEAL_COLUMNS)).select(['s.name as stage_name', 's.kind as stage_kind']).where('t.id', '=', id),
);

export function listDeals(
  db: Db,
  orgId: string,
  filter: ListFilter & { clientId?: string | undefined; funnelId?: string | undefined; stageKey?: string | undefined },
): Promise<Rows<DealRow>> {
  let base = common(dealsWithStage(db, orgId) as unknown as Query, filter);
  if (filter.clientId !== undefined) base = base.where(eq('t.client_id', filter.clientId));
  if (filter.funnelId !== undefined) base = base.where(eq('t.funnel_id', filter.funnelId));
  if (filter.stageKey !== undefined) base = base.where(eq('s.name_key', filter.stageKey));
  return page<DealRow>(base, filter, (q) => q.select(prefixed(DEAL_COLUMNS)).select(['s.name as stage_name', 's.kind as stage_kind']));
}

export async function updateDeal(db: Db, orgId: string, id: string, version: number, changes: Updateable<CrmDealsTable>): Promise<boolean> {
  const result = await db
    .updateTable('crm_deals')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Existence checks for links: true when the record is in this organization. */
export async function clientExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.selectFrom('crm_clients').select('id').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) !== undefined;
}
