/** Deal use cases: amounts in exact cents, placement in a funnel stage, won/lost events on entering such a stage. */
import type { Insertable, Updateable } from 'kysely';
import { conflict, invalidField, notFound, staleVersion } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { memberUserIds } from '../../platform/members.ts';
import { isoWithOffset, nowIso, readBool, readJson, searchText, toJson } from '../../storage/codecs.ts';
import { scaledToNumber, toScaled } from '../../storage/decimal.ts';
import { isUniqueViolation } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import { emit } from '../../events/emit.ts';
import { changedFields, MAX_ATTEMPTS } from './changes.ts';
import { resolveStage } from './funnels.ts';
import { requiredText, stageKey, tags, text } from './normalize.ts';
import type { CrmActor } from './normalize.ts';
import { clientExists, findContact, findDeal, insertDeal, listDeals, updateDeal } from './queries.ts';
import type { DealRow, Db, StageRow } from './queries.ts';
import type { DealCreateInput, DealListInput, DealOut, DealPatchInput } from './schemas.ts';
import type { CrmDealsTable } from './tables.ts';

const CENTS = 2;

export function toDeal(row: DealRow): DealOut {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    client_id: row.client_id,
    contact_id: row.contact_id,
    amount: scaledToNumber(Number(row.amount_cents), CENTS),
    currency: row.currency,
    stage: row.stage_name,
    stage_id: row.stage_id,
    funnel_id: row.funnel_id,
    source: row.source,
    assignee_id: row.assignee_id,
    tags: readJson<string[]>(row.tags),
    is_archived: readBool(row.is_archived),
    created_at: isoWithOffset(row.created_at),
    updated_at: isoWithOffset(row.updated_at),
  };
}

function cents(amount: number): number {
  const scaled = toScaled(amount, CENTS);
  if (scaled.ok) return scaled.value;
  throw invalidField('amount', scaled.problem === 'too_many_fraction_digits' ? 'must have at most two fraction digits' : 'must be a number from 0 to 90071992547409.91');
}

/** The plain fields of a body, cleaned (placement and links are checked separately). */
function clean(input: DealPatchInput): Partial<Omit<DealOut, 'amount'>> & { amount_cents?: number } {
  const out: Partial<Omit<DealOut, 'amount'>> & { amount_cents?: number } = {};
  if (input.title !== undefined) out.title = requiredText('title', input.title);
  if (input.amount !== undefined) out.amount_cents = cents(input.amount);
  if (input.currency !== undefined) out.currency = input.currency;
  if (input.source !== undefined) out.source = text(input.source);
  if (input.tags !== undefined) out.tags = tags(input.tags);
  if (input.is_archived !== undefined) out.is_archived = input.is_archived;
  if (input.client_id !== undefined) out.client_id = input.client_id;
  if (input.contact_id !== undefined) out.contact_id = input.contact_id;
  if (input.assignee_id !== undefined) out.assignee_id = input.assignee_id;
  return out;
}

/** client_id and contact_id point into the organization, the contact belongs to the client when both are set, the assignee is a member. */
async function checkLinks(db: Db, orgId: string, links: { client_id: string | null; contact_id: string | null; assignee_id: string | null }, given: DealPatchInput): Promise<void> {
  if (given.client_id !== undefined && links.client_id !== null && !(await clientExists(db, orgId, links.client_id))) {
    throw invalidField('client_id', 'is not a client of this organization');
  }
  if ((given.contact_id !== undefined || given.client_id !== undefined) && links.contact_id !== null) {
    const contact = await findContact(db, orgId, links.contact_id);
    if (!contact) throw invalidField('contact_id', 'is not a contact of this organization');
    if (links.client_id !== null && contact.client_id !== null && contact.client_id !== links.client_id) {
      throw invalidField('contact_id', 'is a contact of another client than client_id');
    }
  }
  if (given.assignee_id !== undefined && links.assignee_id !== null) {
    const members = await memberUserIds(db, orgId, [links.assignee_id]);
    if (!members.has(links.assignee_id)) throw invalidField('assignee_id', 'is not a user of this organization');
  }
}

async function emitStageEvent(tx: Tx, orgId: string, id: string, version: number, stage: Pick<StageRow, 'id' | 'name' | 'kind'>): Promise<void> {
  if (stage.kind !== 'won' && stage.kind !== 'lost') return;
  await emit(tx, {
    orgId,
    name: stage.kind === 'won' ? 'deal.won' : 'deal.lost',
    entityType: 'deal',
    entityId: id,
    context: { version, stage_id: stage.id, stage: stage.name },
  });
}

export async function createDeal(tx: Tx, actor: CrmActor, input: DealCreateInput): Promise<DealOut> {
  const id = input.id ?? newId();
  const fields = clean(input);
  const links = { client_id: fields.client_id ?? null, contact_id: fields.contact_id ?? null, assignee_id: fields.assignee_id ?? null };
  await checkLinks(tx.db, actor.orgId, links, input);
  const stage = await resolveStage(tx.db, actor.orgId, input);
  const now = nowIso();
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
    created_at: now,
    updated_at: now,
  } satisfies Insertable<CrmDealsTable>;
  if (input.id !== undefined && (await findDeal(tx.db, actor.orgId, id))) throw duplicate(id);
  try {
    await insertDeal(tx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(id);
    throw error;
  }
  await emit(tx, { orgId: actor.orgId, name: 'deal.created', entityType: 'deal', entityId: id, context: { version: 1 } });
  await emitStageEvent(tx, actor.orgId, id, 1, stage);
  return toDeal({ ...row, stage_name: stage.name, stage_kind: stage.kind });
}

function duplicate(id: string) {
  return conflict('duplicate_id', `a deal with id ${id} already exists`, { id });
}

export async function patchDeal(tx: Tx, actor: CrmActor, id: string, input: DealPatchInput, expected: number | undefined): Promise<DealOut> {
  const fields = clean(input);
  const moves = input.funnel_id !== undefined || input.stage_id !== undefined || input.stage !== undefined;
  for (let attempt = 1; ; attempt++) {
    const current = await findDeal(tx.db, actor.orgId, id);
    if (!current) throw notFound('deal');
    if (expected !== undefined && current.version !== expected) throw staleVersion(expected);
    const before = toDeal(current);
    const links = {
      client_id: fields.client_id !== undefined ? fields.client_id : before.client_id,
      contact_id: fields.contact_id !== undefined ? fields.contact_id : before.contact_id,
      assignee_id: fields.assignee_id !== undefined ? fields.assignee_id : before.assignee_id,
    };
    await checkLinks(tx.db, actor.orgId, links, input);
    const stage = moves ? await resolveStage(tx.db, actor.orgId, input, { funnelId: current.funnel_id, stageId: current.stage_id }) : undefined;
    const { amount_cents: amountCents, tags: newTags, ...plain } = fields;
    const next: Partial<DealOut> = { ...plain };
    if (amountCents !== undefined) next.amount = scaledToNumber(amountCents, CENTS);
    if (newTags !== undefined) next.tags = newTags;
    if (stage) Object.assign(next, { funnel_id: stage.funnel_id, stage_id: stage.id, stage: stage.name });
    const changed = changedFields(before, next);
    const changes: Updateable<CrmDealsTable> = {
      ...plain,
      ...(amountCents !== undefined ? { amount_cents: amountCents } : {}),
      ...(newTags !== undefined ? { tags: toJson(newTags) } : {}),
      ...(stage ? { funnel_id: stage.funnel_id, stage_id: stage.id } : {}),
      ...(plain.title !== undefined ? { search_text: searchText(plain.title) } : {}),
      updated_at: nowIso(),
    };
    if (!(await updateDeal(tx.db, actor.orgId, id, current.version, changes))) {
      if (expected !== undefined || attempt >= MAX_ATTEMPTS) throw staleVersion(expected ?? current.version);
      continue;
    }
    const version = current.version + 1;
    if (changed.length > 0) {
      await emit(tx, { orgId: actor.orgId, name: 'deal.updated', entityType: 'deal', entityId: id, context: { version, changedFields: changed } });
    }
    if (stage && stage.id !== current.stage_id) await emitStageEvent(tx, actor.orgId, id, version, stage);
    const updated = await findDeal(tx.db, actor.orgId, id);
    if (!updated) throw notFound('deal');
    return toDeal(updated);
  }
}

export async function getDeal(db: Db, actor: CrmActor, id: string): Promise<DealOut> {
  const row = await findDeal(db, actor.orgId, id);
  if (!row) throw notFound('deal');
  return toDeal(row);
}

export async function listDealsPage(db: Db, actor: CrmActor, query: DealListInput): Promise<Page<DealOut>> {
  const { rows, total } = await listDeals(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    includeArchived: query.include_archived,
    search: query.search,
    clientId: query.client_id,
    funnelId: query.funnel_id,
    stageKey: query.stage === undefined ? undefined : stageKey(query.stage),
  });
  return { items: rows.map(toDeal), total, limit: query.limit, offset: query.offset };
}
