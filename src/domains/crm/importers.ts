/**
 * The import collections funnels, clients, contacts and deals: each record passes the API's
 * body schema and the same use case as POST, keeping `created_at` and `updated_at` when given;
 * a problem names `<collection>[<index>].<field>`.
 */
import { Type } from '@sinclair/typebox';
import type { TObject } from '@sinclair/typebox';
import { DateTime } from '../../http/schemas.ts';
import type { Tx } from '../../storage/storage.ts';
import { recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import type { CrmActor } from './actor.ts';
import { createClient, createClients } from './clients.ts';
import { createContact, createContacts } from './contacts.ts';
import { createDeal, createDeals } from './deals.ts';
import { createFunnel } from './funnels.ts';
import type { KeptTimes } from './normalize.ts';
import { ClientCreate, ContactCreate, DealCreate, FunnelImport } from './schemas.ts';

/** Output-only fields an exported record carries; derived again on import. */
const OUTPUT_ONLY = ['version', 'channels'];

function actorOf(ctx: ImportContext): CrmActor {
  return { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
}

/** The body schema plus the record's times, as the API shows them. */
function withTimes(schema: TObject): TObject {
  return Type.Object({ ...schema.properties, created_at: Type.Optional(DateTime()), updated_at: Type.Optional(DateTime()) }, { additionalProperties: false });
}

const iso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

type WithTimes<T> = T & { created_at?: string; updated_at?: string };

/** A record of the file as the use case takes it: its fields, and the times it keeps. */
function split<T>({ created_at: createdAt, updated_at: updatedAt, ...record }: WithTimes<T>): { input: T; kept: KeptTimes } {
  return { input: record as T, kept: { created_at: iso(createdAt), updated_at: iso(updatedAt) } };
}

function importer<T>(
  collection: string,
  schema: TObject,
  create: (tx: Tx, actor: CrmActor, record: T, kept: KeptTimes) => Promise<unknown>,
  createMany?: (tx: Tx, actor: CrmActor, records: Array<{ input: T; kept: KeptTimes }>) => Promise<unknown>,
): Importer {
  return recordImporter<TObject, WithTimes<T>>(
    collection,
    withTimes(schema),
    (tx, ctx, record) => {
      const { input, kept } = split(record);
      return create(tx, actorOf(ctx), input, kept);
    },
    { omit: OUTPUT_ONLY, ...(createMany === undefined ? {} : { many: (tx, ctx, records) => createMany(tx, actorOf(ctx), records.map(split)) }) },
  );
}

export const crmImporters: Importer[] = [
  recordImporter('funnels', FunnelImport, (tx, ctx, record) => createFunnel(tx, ctx.org.id, record)),
  importer('clients', ClientCreate, createClient, createClients),
  importer('contacts', ContactCreate, createContact, createContacts),
  // A deal of the past may name an assignee who has since been deactivated.
  importer(
    'deals',
    DealCreate,
    (tx, actor, record: Parameters<typeof createDeal>[2], kept) => createDeal(tx, actor, record, kept, 'members'),
    (tx, actor, records) => createDeals(tx, actor, records, 'members'),
  ),
];
