/** Contact person use cases. */
import type { Insertable, Updateable } from 'kysely';
import { emit } from '../../events/emit.ts';
import { emitMany } from '../../events/emit-many.ts';
import { invalidField } from '../../http/errors.ts';
import type { Page } from '../../http/pagination.ts';
import { requiredText, trimmedOrNull } from '../../http/text.ts';
import { insertMany } from '../../storage/bulk-insert.ts';
import { nowIso, searchText, toJson } from '../../storage/codecs.ts';
import { newId } from '../../storage/ids.ts';
import type { Db } from '../../storage/statements.ts';
import type { Tx } from '../../storage/storage.ts';
import { namedIds } from '../importing.ts';
import type { CrmActor } from './actor.ts';
import { email, handle, phone, rowTimes, tags } from './normalize.ts';
import type { KeptTimes } from './normalize.ts';
import { clientExists, contacts, existingClients } from './queries.ts';
import type { ChannelOut, ContactCreateInput, ContactListInput, ContactOut, ContactPatchInput } from './schemas.ts';
import type { CrmContactsTable } from './tables.ts';

type ChannelSource = Pick<ContactOut, 'phone' | 'email' | 'telegram' | 'instagram'>;

/**
 * The normalized channels: one per filled input field, in the order phone, email, telegram,
 * instagram. The first is primary; none is verified (nothing written through the API is).
 */
function channelsOf(c: ChannelSource): ChannelOut[] {
  const out: ChannelOut[] = [];
  const add = (kind: ChannelOut['kind'], value: string | null) => {
    if (value !== null && value !== '') out.push({ kind, value, isPrimary: out.length === 0, verified: false });
  };
  add('phone', c.phone);
  add('email', c.email?.toLowerCase() ?? null);
  add('telegram', c.telegram === null ? null : handle(c.telegram));
  add('instagram', c.instagram === null ? null : handle(c.instagram));
  return out;
}

/** Whether a client id names a client of the organization: one lookup, or a set read for many records at once. */
type ClientCheck = (id: string) => boolean | Promise<boolean>;

async function clean(actor: CrmActor, input: ContactPatchInput, isClient: ClientCheck): Promise<Partial<ContactOut>> {
  const out: Partial<ContactOut> = {};
  if (input.name !== undefined) out.name = requiredText('name', input.name);
  if (input.client_id !== undefined) {
    out.client_id = input.client_id;
    if (input.client_id !== null && !(await isClient(input.client_id))) {
      throw invalidField('client_id', 'is not a client of this organization');
    }
  }
  if (input.phone !== undefined) out.phone = phone('phone', input.phone, actor);
  if (input.email !== undefined) out.email = email('email', input.email);
  for (const key of ['telegram', 'instagram', 'job_title'] as const) {
    if (input[key] !== undefined) out[key] = trimmedOrNull(input[key]);
  }
  if (input.tags !== undefined) out.tags = tags(input.tags);
  if (input.is_archived !== undefined) out.is_archived = input.is_archived;
  return out;
}

function contactSearchText(c: Pick<ContactOut, 'name' | 'phone' | 'email'>): string {
  return searchText(c.name, c.phone, c.phone?.replace(/^\+/, ''), c.email);
}

const clientOf = (db: Db, actor: CrmActor): ClientCheck => (id) => clientExists(db, actor.orgId, id);

async function newContactRow(actor: CrmActor, input: ContactCreateInput, kept: KeptTimes, isClient: ClientCheck) {
  const id = input.id ?? newId();
  const fields = await clean(actor, input, isClient);
  const times = rowTimes(kept);
  const base = {
    name: fields.name ?? requiredText('name', input.name),
    phone: fields.phone ?? null,
    email: fields.email ?? null,
    telegram: fields.telegram ?? null,
    instagram: fields.instagram ?? null,
  };
  const row = {
    org_id: actor.orgId,
    id,
    version: 1,
    client_id: fields.client_id ?? null,
    ...base,
    job_title: fields.job_title ?? null,
    tags: toJson(fields.tags ?? []),
    channels: toJson(channelsOf(base)),
    is_archived: fields.is_archived ?? false,
    search_text: contactSearchText(base),
    created_by_user_id: actor.userId,
    ...times,
  } satisfies Insertable<CrmContactsTable>;
  return row;
}

function createdEvent(actor: CrmActor, record: ContactOut) {
  return { orgId: actor.orgId, name: 'contact.created', entityType: 'contact', entityId: record.id, context: { version: 1 }, record } as const;
}

export async function createContact(tx: Tx, actor: CrmActor, input: ContactCreateInput, kept: KeptTimes = {}): Promise<ContactOut> {
  const created = await contacts.insert(tx.db, await newContactRow(actor, input, kept, clientOf(tx.db, actor)));
  await emit(tx, createdEvent(actor, created));
  return created;
}

/** Several new contacts at once (an import): what createContact writes for each, the clients they name read in one statement. */
export async function createContacts(tx: Tx, actor: CrmActor, inputs: ReadonlyArray<{ input: ContactCreateInput; kept: KeptTimes }>): Promise<ContactOut[]> {
  const known = new Set(await existingClients(tx.db, actor.orgId, namedIds(inputs, ({ input }) => input.client_id)));
  const rows = [];
  for (const { input, kept } of inputs) rows.push(await newContactRow(actor, input, kept, (id) => known.has(id)));
  const created = await insertMany(tx.db, contacts, rows);
  await emitMany(tx, created.map((record) => createdEvent(actor, record)));
  return created;
}

export async function updateContact(tx: Tx, actor: CrmActor, id: string, input: ContactPatchInput, expected: number | undefined): Promise<ContactOut> {
  const fields = await clean(actor, input, clientOf(tx.db, actor));
  const outcome = await contacts.update(tx.db, actor.orgId, id, expected, (before) => {
    const after = { ...before, ...fields };
    const { tags: newTags, channels: _channels, ...plain } = fields;
    return {
      ...plain,
      ...(newTags !== undefined ? { tags: toJson(newTags) } : {}),
      channels: toJson(channelsOf(after)),
      search_text: contactSearchText(after),
      updated_at: nowIso(),
    } satisfies Updateable<CrmContactsTable>;
  });
  const { record, before, changed } = outcome;
  if (changed.length > 0) {
    const about = { orgId: actor.orgId, entityType: 'contact', entityId: id, record } as const;
    await emit(tx, { ...about, name: 'contact.updated', context: { version: record.version, changedFields: changed } });
    if (record.is_archived && !before.is_archived) await emit(tx, { ...about, name: 'contact.archived', context: { version: record.version } });
  }
  return record;
}

export async function getContact(db: Db, actor: CrmActor, id: string): Promise<ContactOut> {
  return contacts.get(db, actor.orgId, id);
}

export function listContacts(db: Db, actor: CrmActor, query: ContactListInput): Promise<Page<ContactOut>> {
  return contacts.list(db, actor.orgId, {
    limit: query.limit,
    offset: query.offset,
    cursor: query.cursor,
    updatedSince: query.updated_since,
    includeArchived: query.include_archived,
    search: query.search,
    where: { client_id: query.client_id },
  });
}
