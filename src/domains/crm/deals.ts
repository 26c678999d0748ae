/** Deal use cases: amounts in exact cents, placement in a funnel stage, won/lost events on entering such a stage. */
import type { Insertable, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { emitMany } from '../../events/emit-many.ts';
import { invalidField } from '../../http/errors.ts';
import type { FieldProblem } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import { linkableUserIds, linkProblemsAmong, userLinkProblems } from '../../platform/members.ts';
import type { LinkableUsers } from '../../platform/members.ts';
import { nowIso, searchText, toJson } from '../../storage/codecs.ts';
import { insertMany } from '../../storage/bulk-insert.ts';
import { MONEY_SCALE, toScaled } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CrmActor } from './actor.ts';
import { namedIds } from '../importing.ts';
import { readPlacements, resolveStage, storedPlacements } from './funnels.ts';
import type { Placements } from './funnels.ts';
import { rowTimes, stageKey, tags } from './normalize.ts';
import type { KeptTimes } from './normalize.ts';
import { clientExists, contactClients, contacts, deals, existingClients, existingDealIds } from './queries.ts';
import type { StageRow } from './queries.ts';
import type { DealCreateInput, DealListInput, DealOut, DealPatchInput } from './schemas.ts';
import type { CrmDealsTable } from './tables.ts';

function cents(amount: number): number {
  const scaled = toScaled(amount, MONEY_SCALE);
  if (scaled.ok) return scaled.value;
  throw invalidField('amount', scaled.problem === 'too_many_fraction_digits' ? 'must have at most two fraction digits' : 'must be a number from 0 to 90071992547409.91');
}

/** The plain fields of a body, cleaned (placement and links are checked separately). */
function clean(input: DealPatchInput): Partial<Omit<DealOut, 'amount'>> & { amount_cents?: number } {
  const out: Partial<Omit<DealOut, 'amount'>> & { amount_cents?: number } = {};
  if (input.title !== undefined) out.title = requiredText('title', input.title);
  if (input.amount !== undefined) out.amount_cents = cents(input.amount);
  if (input.currency !== undefined) out.currency = input.currency;
  if (input.source !== undefined) out.source = trimmedOrNull(input.source);
  if (input.tags !== undefined) out.tags = tags(input.tags);
  if (input.is_archived !== undefined) out.is_archived = input.is_archived;
  if (input.client_id !== undefined) out.client_id = input.client_id;
  if (input.contact_id !== undefined) out.contact_id = input.contact_id;
  if (input.assignee_id !== undefined) out.assignee_id = input.assignee_id;
  return out;
}

type Links = { client_id: string | null; contact_id: string | null; assignee_id: string | null };

/**
 * What a deal's links and placement are checked against: the stored records, read as each deal
 * asks (storedLookups), or those a chunk of an import names, read once for the chunk (readLookups).
 */
interface DealLookups {
  isClient(id: string): boolean | Promise<boolean>;
  /** The contact's client (null for none), or undefined when it is no contact of the organization. */
  contactClient(id: string): string | null | undefined | Promise<string | null | undefined>;
  userProblems(links: ReadonlyArray<readonly [string, readonly string[]]>, linkable: LinkableUsers): FieldProblem[] | Promise<FieldProblem[]>;
  places: Placements;
}

function storedLookups(db: Db, orgId: string): DealLookups {
  return {
    isClient: (id) => clientExists(db, orgId, id),
    contactClient: async (id) => (await contacts.find(db, orgId, id))?.client_id,
    userProblems: (links, linkable) => userLinkProblems(db, orgId, links, linkable),
    places: storedPlacements(db, orgId),
  };
}

/** The clients, contacts and users the deals name, each kind read in one statement, and the organization's funnels. */
async function readLookups(db: Db, orgId: string, inputs: readonly DealCreateInput[], linkable: LinkableUsers): Promise<DealLookups> {
  const clientIds = new Set(await existingClients(db, orgId, namedIds(inputs, (d) => d.client_id)));
  const contactIds = await contactClients(db, orgId, namedIds(inputs, (d) => d.contact_id));
  const users = await linkableUserIds(db, orgId, namedIds(inputs, (d) => d.assignee_id), linkable);
  return {
    isClient: (id) => clientIds.has(id),
    contactClient: (id) => contactIds.get(id),
    userProblems: (links) => linkProblemsAmong(users, links, linkable),
    places: await readPlacements(db, orgId),
  };
}

/**
 * client_id and contact_id point into the organization, the contact belongs to the client when
 * both are set, a newly named assignee is an active member (`linkable` says otherwise for an
 * import of history; an assignee named before their deactivation may stay).
 */
async function checkLinks(lookups: DealLookups, links: Links, given: DealPatchInput, before?: Links, linkable: LinkableUsers = 'active'): Promise<void> {
  if (given.client_id !== undefined && links.client_id !== null && !(await lookups.isClient(links.client_id))) {
    throw invalidField('client_id', 'is not a client of this organization');
  }
  if ((given.contact_id !== undefined || given.client_id !== undefined) && links.contact_id !== null) {
    const contactClient = await lookups.contactClient(links.contact_id);
    if (contactClient === undefined) throw invalidField('contact_id', 'is not a contact of this organization');
    if (links.client_id !== null && contactClient !== null && contactClient !== links.client_id) {
      throw invalidField('contact_id', 'is a contact of another client than client_id');
    }
  }
  if (given.assignee_id !== undefined && links.assignee_id !== null && links.assignee_id !== before?.assignee_id) {
    const [problem] = await lookups.userProblems([['assignee_id', [links.assignee_id]]], linkable);
    if (problem !== undefined) throw invalidField(problem.field, problem.message);
  }
}

function stageEvent(orgId: string, record: DealOut, stage: Pick<StageRow, 'id' | 'name' | 'kind'>) {
  if (stage.kind !== 'won' && stage.kind !== 'lost') return undefined;
  const name = stage.kind === 'won' ? 'deal.won' : 'deal.lost';
  return { orgId, name, entityType: 'deal', entityId: record.id, context: { version: record.version, stageId: stage.id, stage: stage.name }, record } as const;
}

async function emitStageEvent(tx: Tx, orgId: string, record: DealOut, stage: Pick<StageRow, 'id' | 'name' | 'kind'>): Promise<void> {
  const event = stageEvent(orgId, record, stage);
  if (event !== undefined) await emit(tx, event);
}

/** The events of a new deal: deal.created, then deal.won or deal.lost when it starts in such a stage. */
function createdEvents(orgId: string, record: DealOut, stage: Pick<StageRow, 'id' | 'name' | 'kind'>) {
  const won = stageEvent(orgId, record, stage);
  const created = { orgId, name: 'deal.created', entityType: 'deal', entityId: record.id, context: { version: 1 }, record } as const;
  return won === undefined ? [created] : [created, won];
}

/** The row of a new deal, its links and placement checked through `lookups`, and the stage it starts in. */
async function newDeal(lookups: DealLookups, actor: CrmActor, input: DealCreateInput, kept: KeptTimes, linkable: LinkableUsers) {
  const id = input.id ?? newId();
  const fields = clean(input);
  const links = { client_id: fields.client_id ?? null, contact_id: fields.contact_id ?? null, assignee_id: fields.assignee_id ?? null };
  await checkLinks(lookups, links, input, undefined, linkable);
  const stage = await resolveStage(lookups.places, input);
  const times = rowTimes(kept);
  const title = fields.title ?? requiredText('title', input.title);
  const row = {
    org_id: actor.orgId,
    id,
    version: 1,
    title,
    ...links,
    amount_cents: fields.amount_cents ?? 0,
    currency: fields.currency ?? actor.orgCurrency,
    funnel_id: stage.funnel_id,
    stage_id: stage.id,
    source: fields.source ?? null,
    tags: toJson(fields.tags ?? []),
    is_archived: fields.is_archived ?? false,
    search_text: searchText(title),
    created_by_user_id: actor.userId,
    ...times,
  } satisfies Insertable<CrmDealsTable>;
  return { row, stage };
}

export async function createDeal(tx: Tx, actor: CrmActor, input: DealCreateInput, kept: KeptTimes = {}, linkable: LinkableUsers = 'active'): Promise<DealOut> {
  const { row, stage } = await newDeal(storedLookups(tx.db, actor.orgId), actor, input, kept, linkable);
  const created = await deals.insert(tx.db, row);
  for (const event of createdEvents(actor.orgId, created, stage)) await emit(tx, event);
  return created;
}

/**
 * Several new deals at once (an import): what createDeal writes for each, the clients, contacts
 * and users they name read one statement a kind, the funnels once, the rows by multi-row INSERT
 * and the events in bulk.
 */
export async function createDeals(tx: Tx, actor: CrmActor, inputs: ReadonlyArray<{ input: DealCreateInput; kept: KeptTimes }>, linkable: LinkableUsers = 'active'): Promise<DealOut[]> {
  const lookups = await readLookups(tx.db, actor.orgId, inputs.map(({ input }) => input), linkable);
  const made: Array<Awaited<ReturnType<typeof newDeal>>> = [];
  for (const { input, kept } of inputs) made.push(await newDeal(lookups, actor, input, kept, linkable));
  // The stage's name is the record's one joined field: known here, not read back.
  const created = (await insertMany(tx.db, deals, made.map((m) => m.row))).map((record, i) => ({ ...record, stage: made[i]!.stage.name }));
  await emitMany(tx, created.flatMap((record, i) => createdEvents(actor.orgId, record, made[i]!.stage)));
  return created;
}

export async function updateDeal(tx: Tx, actor: CrmActor, id: string, input: DealPatchInput, expected: number | undefined): Promise<DealOut> {
  const fields = clean(input);
  const moves = input.funnel_id !== undefined || input.stage_id !== undefined || input.stage !== undefined;
  let movedTo: Pick<StageRow, 'id' | 'name' | 'kind'> | undefined;
  const outcome = await deals.update(tx.db, actor.orgId, id, expected, async (before) => {
    const links = {
      client_id: fields.client_id !== undefined ? fields.client_id : before.client_id,
      contact_id: fields.contact_id !== undefined ? fields.contact_id : before.contact_id,
      assignee_id: fields.assignee_id !== undefined ? fields.assignee_id : before.assignee_id,
    };
    await checkLinks(storedLookups(tx.db, actor.orgId), links, input, before);
    const stage = moves ? await resolveStage(storedPlacements(tx.db, actor.orgId), input, { funnelId: before.funnel_id, stageId: before.stage_id }) : undefined;
    movedTo = stage && stage.id !== before.stage_id ? stage : undefined;
    const { amount_cents: amountCents, tags: newTags, ...plain } = fields;
    return {
      ...plain,
      ...(amountCents !== undefined ? { amount_cents: amountCents } : {}),
      ...(newTags !== undefined ? { tags: toJson(newTags) } : {}),
      ...(stage ? { funnel_id: stage.funnel_id, stage_id: stage.id } : {}),
      ...(plain.title !== undefined ? { search_text: searchText(plain.title) } : {}),
      updated_at: nowIso(),
    } satisfies Updateable<CrmDealsTable>;
  });
  const { record, changed } = outcome;
  if (changed.length > 0) {
    await emit(tx, { orgId: actor.orgId, name: 'deal.updated', entityType: 'deal', entityId: id, context: { version: record.version, changedFields: changed }, record });
  }
  if (movedTo) await emitStageEvent(tx, actor.orgId, record, movedTo);
  return record;
}

export async function getDeal(db: Db, actor: CrmActor, id: string): Promise<DealOut> {
  return deals.get(db, actor.orgId, id);
}

export function listDeals(db: Db, actor: CrmActor, query: DealListInput): Promise<Page<DealOut>> {
  return deals.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    updatedSince: query.updated_since,
    includeArchived: query.include_archived,
    search: query.search,
    where: { client_id: query.client_id, funnel_id: query.funnel_id, stage_key: query.stage === undefined ? undefined : stageKey(query.stage) },
  });
}

/** Whether the organization has a deal of this id (archived ones too): other domains check links to deals through this. */
export async function dealExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await deals.find(db, orgId, id)) !== undefined;
}

/** Which of these ids name deals of the organization (archived ones too), in one statement: other domains check many links to deals at once through this. */
export function existingDeals(db: Db, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  return existingDealIds(db, orgId, ids);
}
