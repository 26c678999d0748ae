/** Client (counterparty) use cases. Writes receive the transaction from write() or the importer. */
import type { Insertable, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { emitMany } from '../../events/emit-many.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import { nowIso, searchText, toJson } from '../../storage/codecs.ts';
import { insertMany } from '../../storage/bulk-insert.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import type { CrmActor } from './actor.ts';
import { email, phone, rowTimes, tags } from './normalize.ts';
import type { KeptTimes } from './normalize.ts';
import { clients } from './queries.ts';
import type { ClientCreateInput, ClientListInput, ClientOut, ClientPatchInput } from './schemas.ts';
import type { CrmClientsTable } from './tables.ts';

function clientSearchText(name: string, phoneValue: string | null, emailValue: string | null): string {
  return searchText(name, phoneValue, phoneValue?.replace(/^\+/, ''), emailValue);
}

/** The API fields of a body, cleaned; only the fields present. */
function clean(actor: CrmActor, input: ClientPatchInput): Partial<ClientOut> {
  const out: Partial<ClientOut> = {};
  if (input.name !== undefined) out.name = requiredText('name', input.name);
  if (input.phone !== undefined) out.phone = phone('phone', input.phone, actor);
  if (input.email !== undefined) out.email = email('email', input.email);
  for (const key of ['company_name', 'inn', 'vat_number', 'industry', 'segment', 'city', 'source'] as const) {
    if (input[key] !== undefined) out[key] = trimmedOrNull(input[key]);
  }
  if (input.tags !== undefined) out.tags = tags(input.tags);
  if (input.is_archived !== undefined) out.is_archived = input.is_archived;
  return out;
}

function newClientRow(actor: CrmActor, input: ClientCreateInput, kept: KeptTimes) {
  const fields = clean(actor, input);
  const row = {
    org_id: actor.orgId,
    id: input.id ?? newId(),
    version: 1,
    name: fields.name ?? requiredText('name', input.name),
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    company_name: fields.company_name ?? null,
    inn: fields.inn ?? null,
    vat_number: fields.vat_number ?? null,
    industry: fields.industry ?? null,
    segment: fields.segment ?? null,
    city: fields.city ?? null,
    source: fields.source ?? null,
    tags: toJson(fields.tags ?? []),
    is_archived: fields.is_archived ?? false,
    search_text: '',
    created_by_user_id: actor.userId,
    ...rowTimes(kept),
  } satisfies Insertable<CrmClientsTable>;
  row.search_text = clientSearchText(row.name, row.phone, row.email);
  return row;
}

function createdEvent(actor: CrmActor, record: ClientOut) {
  return { orgId: actor.orgId, name: 'client.created', entityType: 'client', entityId: record.id, context: { version: 1 }, record } as const;
}

export async function createClient(tx: Tx, actor: CrmActor, input: ClientCreateInput, kept: KeptTimes = {}): Promise<ClientOut> {
  const created = await clients.insert(tx.db, newClientRow(actor, input, kept));
  await emit(tx, createdEvent(actor, created));
  return created;
}

/** Several new clients at once (an import): what createClient writes for each, with shared statements. */
export async function createClients(tx: Tx, actor: CrmActor, inputs: ReadonlyArray<{ input: ClientCreateInput; kept: KeptTimes }>): Promise<ClientOut[]> {
  const created = await insertMany(tx.db, clients, inputs.map(({ input, kept }) => newClientRow(actor, input, kept)));
  await emitMany(tx, created.map((record) => createdEvent(actor, record)));
  return created;
}

/**
 * Changes only the given fields. With `expected` (If-Match) the row must still be at that
 * version; without it the change applies to whatever version is current, still atomically.
 */
export async function updateClient(tx: Tx, actor: CrmActor, id: string, input: ClientPatchInput, expected: number | undefined): Promise<ClientOut> {
  const fields = clean(actor, input);
  const outcome = await clients.update(tx.db, actor.orgId, id, expected, (before) => {
    const after = { ...before, ...fields };
    const { tags: newTags, ...plain } = fields;
    return {
      ...plain,
      ...(newTags !== undefined ? { tags: toJson(newTags) } : {}),
      search_text: clientSearchText(after.name, after.phone, after.email),
      updated_at: nowIso(),
    } satisfies Updateable<CrmClientsTable>;
  });
  const { record, changed } = outcome;
  if (changed.length > 0) {
    await emit(tx, { orgId: actor.orgId, name: 'client.updated', entityType: 'client', entityId: id, context: { version: record.version, changedFields: changed }, record });
  }
  return record;
}

export async function getClient(db: Db, actor: CrmActor, id: string): Promise<ClientOut> {
  return clients.get(db, actor.orgId, id);
}

export function listClients(db: Db, actor: CrmActor, query: ClientListInput): Promise<Page<ClientOut>> {
  return clients.list(db, actor.orgId, { limit: query.limit, offset: query.offset, cursor: query.cursor, updatedSince: query.updated_since, includeArchived: query.include_archived, search: query.search });
}

/** Whether the organization has a client of this id (archived ones too): other domains check links to clients through this. */
export async function clientExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await clients.find(db, orgId, id)) !== undefined;
}

/** The client's name (archived clients too), or undefined: other domains name a customer through this. */
export async function clientName(db: Db, orgId: string, id: string): Promise<string | undefined> {
  return (await clients.find(db, orgId, id))?.name;
}
