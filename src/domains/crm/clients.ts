/** Client (counterparty) use cases. Writes receive the transaction from write() or the importer. */
import type { Insertable, Updateable } from 'kysely';
import { conflict, notFound, staleVersion } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { isoWithOffset, nowIso, readBool, readJson, searchText, toJson } from '../../storage/codecs.ts';
import { isUniqueViolation } from '../../storage/errors.ts';
import { newId } from '../../storage/ids.ts';
import type { Tx } from '../../storage/storage.ts';
import { emit } from '../../events/emit.ts';
import { changedFields, MAX_ATTEMPTS } from './changes.ts';
import { email, phone, requiredText, tags, text } from './normalize.ts';
import type { CrmActor } from './normalize.ts';
import { findClient, insertClient, listClients, updateClient } from './queries.ts';
import type { ClientRow, Db } from './queries.ts';
import type { ClientCreateInput, ClientListInput, ClientOut, ClientPatchInput } from './schemas.ts';
import type { CrmClientsTable } from './tables.ts';

export function toClient(row: ClientRow): ClientOut {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company_name: row.company_name,
    inn: row.inn,
    vat_number: row.vat_number,
    industry: row.industry,
    segment: row.segment,
    city: row.city,
    source: row.source,
    tags: readJson<string[]>(row.tags),
    is_archived: readBool(row.is_archived),
    created_at: isoWithOffset(row.created_at),
    updated_at: isoWithOffset(row.updated_at),
  };
}

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
    if (input[key] !== undefined) out[key] = text(input[key]);
  }
  if (input.tags !== undefined) out.tags = tags(input.tags);
  if (input.is_archived !== undefined) out.is_archived = input.is_archived;
  return out;
}

export async function createClient(tx: Tx, actor: CrmActor, input: ClientCreateInput): Promise<ClientOut> {
  const id = input.id ?? newId();
  const fields = clean(actor, input);
  const now = nowIso();
  const row = {
    org_id: actor.orgId,
    id,
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
    created_at: now,
    updated_at: now,
  } satisfies Insertable<CrmClientsTable>;
  row.search_text = clientSearchText(row.name, row.phone, row.email);
  if (input.id !== undefined && (await findClient(tx.db, actor.orgId, id))) throw duplicate(id);
  try {
    await insertClient(tx.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(id);
    throw error;
  }
  await emit(tx, { orgId: actor.orgId, name: 'client.created', entityType: 'client', entityId: id, context: { version: 1 } });
  return toClient(row);
}

function duplicate(id: string) {
  return conflict('duplicate_id', `a client with id ${id} already exists`, { id });
}

/**
 * Changes only the given fields. With `expected` (If-Match) the row must still be at that
 * version; without it the change applies to whatever version is current, still atomically.
 */
export async function patchClient(tx: Tx, actor: CrmActor, id: string, input: ClientPatchInput, expected: number | undefined): Promise<ClientOut> {
  const fields = clean(actor, input);
  for (let attempt = 1; ; attempt++) {
    const current = await findClient(tx.db, actor.orgId, id);
    if (!current) throw notFound('client');
    if (expected !== undefined && current.version !== expected) throw staleVersion(expected);
    const before = toClient(current);
    const changed = changedFields(before, fields);
    const after = { ...before, ...fields };
    const { tags: newTags, ...plain } = fields;
    const changes: Updateable<CrmClientsTable> = {
      ...plain,
      ...(newTags !== undefined ? { tags: toJson(newTags) } : {}),
      search_text: clientSearchText(after.name, after.phone, after.email),
      updated_at: nowIso(),
    };
    const updated = await updateClient(tx.db, actor.orgId, id, current.version, changes);
    if (!updated) {
      if (expected !== undefined || attempt >= MAX_ATTEMPTS) throw staleVersion(expected ?? current.version);
      continue;
    }
    if (changed.length > 0) {
      await emit(tx, { orgId: actor.orgId, name: 'client.updated', entityType: 'client', entityId: id, context: { version: updated.version, changedFields: changed } });
    }
    return toClient(updated);
  }
}

export async function getClient(db: Db, actor: CrmActor, id: string): Promise<ClientOut> {
  const row = await findClient(db, actor.orgId, id);
  if (!row) throw notFound('client');
  return toClient(row);
}

export async function listClientsPage(db: Db, actor: CrmActor, query: ClientListInput): Promise<Page<ClientOut>> {
  const { rows, total } = await listClients(db, actor.orgId, { limit: query.limit, offset: query.offset, includeArchived: query.include_archived, search: query.search });
  return { items: rows.map(toClient), total, limit: query.limit, offset: query.offset };
}
