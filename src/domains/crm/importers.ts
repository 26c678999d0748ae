/**
 * The import collections funnels, clients, contacts and deals: each record passes the API's
 * body schema and the same use case as POST; a problem names `<collection>[<index>].<field>`.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Tx } from '../../storage/storage.ts';
import { recordImporter } from '../importing.ts';
import type { ImportContext, Importer } from '../module.ts';
import { createClient } from './clients.ts';
import { createContact } from './contacts.ts';
import { createDeal } from './deals.ts';
import { createFunnel } from './funnels.ts';
import type { CrmActor } from './normalize.ts';
import { ClientCreate, ContactCreate, DealCreate, FunnelImport } from './schemas.ts';

/** Output-only fields an exported record carries; derived again on import. */
const OUTPUT_ONLY = ['version', 'created_at', 'updated_at', 'channels'];

function actorOf(ctx: ImportContext): CrmActor {
  return { orgId: ctx.org.id, userId: ctx.actingUserId, orgCurrency: ctx.org.currency, orgSettings: ctx.org.settings };
}

function importer<T>(collection: string, schema: TSchema, create: (tx: Tx, actor: CrmActor, record: T) => Promise<unknown>, omit: readonly string[] = OUTPUT_ONLY): Importer {
  return recordImporter<TSchema, T>(collection, schema, (tx, ctx, record) => create(tx, actorOf(ctx), record), { omit });
}

export const crmImporters: Importer[] = [
  importer('funnels', FunnelImport, (tx, actor, record: Parameters<typeof createFunnel>[2]) => createFunnel(tx, actor.orgId, record), []),
  importer('clients', ClientCreate, createClient),
  importer('contacts', ContactCreate, createContact),
  // A deal of the past may name an assignee who has since been deactivated.
  importer('deals', DealCreate, (tx, actor, record: Parameters<typeof createDeal>[2]) => createDeal(tx, actor, record, 'members')),
];
