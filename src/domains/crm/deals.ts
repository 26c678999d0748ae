/** Deal use cases: amounts in exact cents, placement in a funnel stage, won/lost events on entering such a stage. */
import type { Insertable, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import { userLinkProblems } from '../../platform/members.ts';
import type { LinkableUsers } from '../../platform/members.ts';
import { nowIso, searchText, toJson } from '../../storage/codecs.ts';
import { MONEY_SCALE, toScaled } from '../../storage/decimal.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CrmActor } from './actor.ts';
import { resolveStage } from './funnels.ts';
import { rowTimes, stageKey, tags } from './normalize.ts';
import type { KeptTimes } from './normalize.ts';
import { clientExists, contacts, deals } from './queries.ts';
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
 * client_id and contact_id point into the organization, the contact belongs to the client when
 * both are set, a newly named assignee is an active member (`linkable` says otherwise for an
 * import of history; an assignee named before their deactivation may stay).
 */
async function checkLinks(db: Db, orgId: string, links: Links, given: DealPatchInput, before?: Links, linkable: LinkableUsers = 'active'): Promise<void> {
  if (given.client_id !== undefined && links.client_id !== null && !(await clientExists(db, orgId, links.client_id))) {
    throw invalidField('client_id', 'is not a client of this organization');
  }
  if ((given.contact_id !== undefined || given.client_id !== undefined) && links.contact_id !== null) {
    const contact = await contacts.find(db, orgId, links.contact_id);
    if (!contact) throw invalidField('contact_id', 'is not a contact of this organization');
    if (links.client_id !== null && contact.client_id !== null && contact.client_id !== links.client_id) {
      throw invalidField('contact_id', 'is a contact of another client than client_id');
    }
  }
  if (given.assignee_id !== undefined && links.assignee_id !== null && links.assignee_id !== before?.assignee_id) {
    const [problem] = await userLinkProblems(db, orgId, [['assignee_id', [links.assignee_id]]], linkable);
    if (problem !== undefined) throw invalidField(problem.field, problem.message);
  }
}

async function emitStageEvent(tx: Tx, orgId: string, record: DealOut, stage: Pick<StageRow, 'id' | 'name' | 'kind'>): Promise<void> {
  if (stage.kind !== 'won' && stage.kind !== 'lost') return;
  await emit(tx, {
    orgId,
    name: stage.kind === 'won' ? 'deal.won' : 'deal.lost',
    entityType: 'deal',
    entityId: record.id,
    context: { version: record.version, stageId: stage.id, stage: stage.name },
    record,
  });
}

export async function createDeal(tx: Tx, actor: CrmActor, input: DealCreateInput, kept: KeptTimes = {}, linkable: LinkableUsers = 'active'): Promise<DealOut> {
  const id = input.id ?? newId();
  const fields = clean(input);
  const links = { client_id: fields.client_id ?? null, contact_id: fields.contact_id ?? null, assignee_id: fields.assignee_id ?? null };
  await checkLinks(tx.db, actor.orgId, links, input, undefined, linkable);
  const stage = await resolveStage(tx.db, actor.orgId, input);
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
  const created = await deals.insert(tx.db, row);
  await emit(tx, { orgId: actor.orgId, name: 'deal.created', entityType: 'deal', entityId: id, context: { version: 1 }, record: created });
  await emitStageEvent(tx, actor.orgId, created, stage);
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
    await checkLinks(tx.db, actor.orgId, links, input, before);
    const stage = moves ? await resolveStage(tx.db, actor.orgId, input, { funnelId: before.funnel_id, stageId: before.stage_id }) : undefined;
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
